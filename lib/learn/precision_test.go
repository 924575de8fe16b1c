package learn

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/params32"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// exactCD1 returns the expectation of the CD-1 gradient estimate of m on
// the rows of data, by enumeration: for each row v₀, P₀ = p(h|v₀) and the
// negative statistics E[v₁ᵀ p(h|v₁)] over h₀ ~ p(h|v₀), v₁ ~ p(v|h₀),
// summing over every h₀ and v₁.
func exactCD1(m *rbm.Binary, data *mat.Dense) [][]float64 {
	nv, nh := m.Visible(), m.Hidden()
	g := [][]float64{make([]float64, nv*nh), make([]float64, nv), make([]float64, nh)}
	rows, _ := data.Dims()
	probs := func(bias, other []float64, trans bool) []float64 {
		p := make([]float64, len(bias))
		for j := range p {
			s := bias[j]
			for i, o := range other {
				if trans {
					s += m.W.At(j, i) * o
				} else {
					s += m.W.At(i, j) * o
				}
			}
			p[j] = rbm.Sigmoid(s)
		}
		return p
	}
	bits := func(k, n int) []float64 {
		s := make([]float64, n)
		for i := range s {
			s[i] = float64(k >> i & 1)
		}
		return s
	}
	prob := func(s, p []float64) float64 {
		q := 1.0
		for i := range s {
			if s[i] == 1 {
				q *= p[i]
			} else {
				q *= 1 - p[i]
			}
		}
		return q
	}
	f := 1 / float64(rows)
	for r := 0; r < rows; r++ {
		v0 := data.RawRowView(r)
		p0 := probs(m.C, v0, false)
		for i := 0; i < nv; i++ {
			g[1][i] += f * v0[i]
			for j := 0; j < nh; j++ {
				g[0][i*nh+j] += f * v0[i] * p0[j]
			}
		}
		for j := 0; j < nh; j++ {
			g[2][j] += f * p0[j]
		}
		for hk := 0; hk < 1<<nh; hk++ {
			h0 := bits(hk, nh)
			ph := prob(h0, p0)
			pv := probs(m.B, h0, true)
			for vk := 0; vk < 1<<nv; vk++ {
				v1 := bits(vk, nv)
				w := f * ph * prob(v1, pv)
				p1 := probs(m.C, v1, false)
				for i := 0; i < nv; i++ {
					g[1][i] -= w * v1[i]
					for j := 0; j < nh; j++ {
						g[0][i*nh+j] -= w * v1[i] * p1[j]
					}
				}
				for j := 0; j < nh; j++ {
					g[2][j] -= w * p1[j]
				}
			}
		}
	}
	return g
}

// TestCDFloat32Exact checks the CD-1 gradient in both precisions against
// its exact expectation (exactCD1) on a 4×3 model with weights N(0, 1):
// the batch is 4 data rows each repeated N/4 times, N = 80,000. Each
// element of the estimate is the exact positive term minus a mean of N
// terms in [0, 1] (v₁ᵢ·p(h_j|v₁) or v₁ᵢ or p(h_j|v₁)), so its standard
// deviation is at most 1/(2√N) ≈ 0.0018; the test allows 5 of those, with
// 19 elements a chance below 19 · 5.7·10⁻⁷ ≈ 10⁻⁵ that a correct learner
// fails. Rounding to float32 moves each term by about 10⁻⁷, far below.
func TestCDFloat32Exact(t *testing.T) {
	rows := [][]float64{{1, 0, 1, 0}, {0, 1, 1, 0}, {1, 1, 0, 1}, {0, 0, 0, 1}}
	const n = 80000
	batch := mat.NewDense(n, 4, nil)
	small := mat.NewDense(4, 4, nil)
	for r := 0; r < n; r++ {
		batch.SetRow(r, rows[r%4])
	}
	for r := range rows {
		small.SetRow(r, rows[r])
	}
	m := randomModel(4, 3, 3)
	want := exactCD1(m, small)
	tol := 5 / (2 * math.Sqrt(n))
	for _, p := range []rbm.Precision{rbm.Float64, rbm.Float32} {
		m.Precision = p
		l := NewCD(1, mcmc.NewGibbs(7))
		g, err := l.Gradient(m, batch)
		if err != nil {
			t.Fatal(err)
		}
		d := maxDiff(g.Parts, want)
		t.Logf("%v: largest difference from the exact expectation %.4f (tolerance %.4f)", p, d, tol)
		if d > tol {
			t.Errorf("%v: CD-1 gradient differs from its expectation by %.4f > %.4f", p, d, tol)
		}
	}
}

// recordGrad is an Optimizer that keeps a copy of the last gradient and
// leaves the model unchanged.
type recordGrad struct{ g [][]float64 }

func (r *recordGrad) Step(_ rbm.Model, g *Grad) error {
	r.g = make([][]float64, len(g.Parts))
	for k, p := range g.Parts {
		r.g[k] = append([]float64(nil), p...)
	}
	return nil
}

// TestSDCPFloat32Exact checks S-DCP's products in float32 as
// TestCDFloat32Exact does for CD: with D = 1 inner step S-DCP's step is
// the CD-1 gradient, so its expectation is exactCD1's, and the tolerance is
// the same (5 standard deviations of the estimate, 1/(2√N) each).
func TestSDCPFloat32Exact(t *testing.T) {
	rows := [][]float64{{1, 0, 1, 0}, {0, 1, 1, 0}, {1, 1, 0, 1}, {0, 0, 0, 1}}
	const n = 80000
	batch := mat.NewDense(n, 4, nil)
	small := mat.NewDense(4, 4, nil)
	for r := 0; r < n; r++ {
		batch.SetRow(r, rows[r%4])
	}
	for r := range rows {
		small.SetRow(r, rows[r])
	}
	m := randomModel(4, 3, 3)
	want := exactCD1(m, small)
	tol := 5 / (2 * math.Sqrt(n))
	m.Precision = rbm.Float32
	var rec recordGrad
	if err := NewSDCP(1, 1, mcmc.NewGibbs(8)).Update(m, batch, &rec); err != nil {
		t.Fatal(err)
	}
	d := maxDiff(rec.g, want)
	t.Logf("float32 S-DCP (D = 1): largest difference from the exact CD-1 expectation %.4f (tolerance %.4f)", d, tol)
	if d > tol {
		t.Errorf("float32 S-DCP step differs from its expectation by %.4f > %.4f", d, tol)
	}
}

// TestTrainFloat32 trains the same model on 3×3 Bars and Stripes with
// CD-1, PCD-1 and CS-DCP (D = 3, K = 1) (2,000 updates, rate 0.1) in both
// precisions and
// checks that float32 training learns as float64 does: both raise the
// exact log-likelihood from the initial −7.36 by more than 2 nats, and the
// two end within 0.5 nats of each other. (The runs draw different
// uniforms, so they differ by training noise: here they end 0.04 (CD),
// 0.19 (PCD) and 0.01 (CS-DCP) nats apart; float64 CD-1 runs with sampler
// seeds 1–3 end within 0.02 nats of each other, PCD's persistent chains
// are noisier.)
func TestTrainFloat32(t *testing.T) {
	set := barsAndStripes()
	for _, name := range []string{"CD", "PCD", "CS-DCP"} {
		ll := map[rbm.Precision]float64{}
		var ll0 float64
		for _, p := range []rbm.Precision{rbm.Float64, rbm.Float32} {
			m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.5, Seed: 1})
			m.Precision = p
			ll0, _ = m.LogLikelihood(set.X)
			var l Learner = NewCD(1, mcmc.NewGibbs(2))
			switch name {
			case "PCD":
				l = NewPCD(1, 0, mcmc.NewGibbs(2))
			case "CS-DCP":
				l = NewCSDCP(3, 1, mcmc.NewGibbs(2))
			}
			if _, err := Train(context.Background(), m, set, l, &Settings{Updates: 2000, Rate: 0.1}); err != nil {
				t.Fatal(err)
			}
			ll[p], _ = m.LogLikelihood(set.X)
		}
		t.Logf("%s: log-likelihood float64 %.3f, float32 %.3f (initial %.3f)", name, ll[rbm.Float64], ll[rbm.Float32], ll0)
		for p, x := range ll {
			if x < ll0+2 {
				t.Errorf("%s %v: log-likelihood %.3f, not 2 above the initial %.3f", name, p, x, ll0)
			}
		}
		if d := math.Abs(ll[rbm.Float64] - ll[rbm.Float32]); d > 0.5 {
			t.Errorf("%s: float32 and float64 end %.3f nats apart", name, d)
		}
	}
}

// TestSGDStalesTransposedCopy checks that learn.SGD, which writes a
// Float32 model's float32 copy of W in place, marks the transposed copy
// of it stale (params32.Wrote): a sampler that made the transposed copy
// before a step must not use it after. The model's products are exact in
// float32 (weights and steps multiples of 1/16), so sampling the stepped
// model through a fresh transposed copy and through W give the same
// chains, and a stale copy gives others.
func TestSGDStalesTransposedCopy(t *testing.T) {
	old := params32.UseTransposed
	params32.UseTransposed = func() bool { return true }
	defer func() { params32.UseTransposed = old }()
	m, err := rbm.NewBinary(128, 96, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := m.W.RawMatrix()
	for i := range w.Data {
		w.Data[i] = float64(i%9-4) / 16
	}
	m.Precision = rbm.Float32
	g := NewGrad(m)
	for i := range g.Parts[0] {
		g.Parts[0][i] = float64(i%5-2) / 16
	}
	sample := func(m *rbm.Binary, calls int) *mat.Dense {
		c, err := mcmc.NewChains(m, 100, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		s := mcmc.NewGibbs(7)
		for range calls {
			if err := s.Sample(m, c, 1); err != nil {
				t.Fatal(err)
			}
		}
		return c.V
	}
	sample(m, 1) // makes the transposed copy
	if !params32.TransposedCurrent(m) {
		t.Fatal("sampling did not make the transposed copy")
	}
	if err := (&SGD{Rate: 1}).Step(m, g); err != nil {
		t.Fatal(err)
	}
	if params32.TransposedCurrent(m) {
		t.Error("the transposed copy is still marked current after an SGD step")
	}
	got := sample(m, 3)
	params32.UseTransposed = func() bool { return false }
	if want := sample(m.Clone(), 3); !mat.Equal(got, want) {
		t.Error("after an SGD step the chains through the transposed copy differ from those through W")
	}
}
