package mcmc

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// referenceFast is the fast-weight samplers written out in float64 with
// the package's exported pieces, one matrix operation per line of the
// papers' algorithms: θ⁻ = θ + θ_F as a model of its own, the chains'
// statistics as a product VᵀP/n, and the update as a separate pass. The
// samplers' fused passes must give the same chains and the same θ_F.
type referenceFast struct {
	rates       *Rates
	step, decay float64
	k           int
	gibbs       *Gibbs // nil: herding
	fast        *rbm.Binary
}

// sample runs steps updates of c under m.
func (r *referenceFast) sample(t *testing.T, m *rbm.Binary, c *Chains, steps int) {
	t.Helper()
	if r.fast == nil {
		r.fast, _ = rbm.NewBinary(m.Visible(), m.Hidden(), nil)
	}
	for s := 0; s < steps; s++ {
		neg := m.Clone()
		for k, p := range neg.Params() {
			for i := range p {
				p[i] += r.fast.Params()[k][i]
			}
		}
		var p *mat.Dense
		if r.gibbs != nil {
			if err := r.gibbs.Sample(neg, c, r.k); err != nil {
				t.Fatal(err)
			}
			p = new(mat.Dense)
			neg.HiddenProb(p, c.V)
			c.PH.Copy(p)
		} else {
			var xh, xv mat.Dense
			for it := 0; it < r.k; it++ {
				neg.HiddenInput(&xh, c.V)
				changed := thresholdDense(&xh, c.H)
				neg.VisibleInput(&xv, c.H)
				if !thresholdDense(&xv, c.V) && !changed {
					break
				}
			}
			p = c.H
		}
		n := float64(c.Len())
		var sw mat.Dense
		sw.Mul(c.V.T(), p)
		nv, nh := m.Visible(), m.Hidden()
		for i := 0; i < nv; i++ {
			for j := 0; j < nh; j++ {
				r.fast.W.Set(i, j, r.decay*r.fast.W.At(i, j)+r.step*(r.rate(i, j)-sw.At(i, j)/n))
			}
			r.fast.B[i] = r.decay*r.fast.B[i] + r.step*(r.rate(i, -1)-colMean(c.V, i))
		}
		for j := 0; j < nh; j++ {
			r.fast.C[j] = r.decay*r.fast.C[j] + r.step*(r.rate(-1, j)-colMean(p, j))
		}
	}
}

// rate returns R_W,ij, R_b,i (j < 0) or R_c,j (i < 0), 0 without rates.
func (r *referenceFast) rate(i, j int) float64 {
	switch {
	case r.rates == nil:
		return 0
	case j < 0:
		return r.rates.B[i]
	case i < 0:
		return r.rates.C[j]
	}
	return r.rates.W.At(i, j)
}

// thresholdDense sets s = 1[x > 0] and reports whether s changed.
func thresholdDense(x, s *mat.Dense) bool {
	changed := false
	n, k := x.Dims()
	for a := 0; a < n; a++ {
		for b := 0; b < k; b++ {
			if y := b2f(x.At(a, b) > 0); s.At(a, b) != y {
				s.Set(a, b, y)
				changed = true
			}
		}
	}
	return changed
}

// colMean returns the mean of column j of x.
func colMean(x *mat.Dense, j int) float64 {
	n, _ := x.Dims()
	var s float64
	for k := 0; k < n; k++ {
		s += x.At(k, j)
	}
	return s / float64(n)
}

// maxDiff returns the largest |a − b| over the parameters of two models.
func maxDiff(a, b *rbm.Binary) float64 {
	var d float64
	pb := b.Params()
	for k, p := range a.Params() {
		for i := range p {
			d = math.Max(d, math.Abs(p[i]-pb[k][i]))
		}
	}
	return d
}

// TestFastWeightsMatchReference checks rates-FPCD, sample penalisation and
// rates-herding against referenceFast on a 5×4 model: from the same chains
// and seeds, after updates in calls of 2 and 3 steps, the chains are
// equal and θ_F agrees to 1e-13 (the statistics are summed in another
// order; a wrong term, rate or decay would differ by ε/n ≥ 10⁻³). It covers
// both ways of summing the statistics (3 chains, summed row by row, and 20,
// through a matrix product) and both decays.
func TestFastWeightsMatchReference(t *testing.T) {
	m, _ := rbm.NewBinary(5, 4, &rbm.Init{WeightStd: 1, Seed: 3})
	data := mat.NewDense(7, 5, nil)
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range data.RawMatrix().Data {
		data.RawMatrix().Data[i] = b2f(rng.Float64() < 0.4)
	}
	rates, err := NewRates(m, data)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{3, smallChains + 12} {
		for _, decay := range []float64{1, 0.9} {
			for _, kind := range []string{"rates-FPCD", "SP", "herding"} {
				t.Run(fmt.Sprintf("%s/%d chains/decay %g", kind, n, decay), func(t *testing.T) {
					ref := &referenceFast{rates: rates, step: 0.2, decay: decay, k: 2}
					var s Sampler
					switch kind {
					case "rates-FPCD":
						s, _ = NewRatesFPCD(rates, 0.2, decay, 2, 9)
						ref.gibbs = NewGibbs(9)
					case "SP":
						ref.rates = nil
						s, _ = NewRatesFPCD(nil, 0.2, decay, 2, 9)
						ref.gibbs = NewGibbs(9)
					case "herding":
						ref.k = 10
						s, _ = NewHerding(rates, 0.2, decay, 10)
					}
					a, _ := NewChains(m, n, rand.New(rand.NewPCG(1, uint64(n))))
					b, _ := NewChains(m, n, rand.New(rand.NewPCG(1, uint64(n))))
					for _, steps := range []int{2, 3} {
						if err := s.Sample(m, a, steps); err != nil {
							t.Fatal(err)
						}
						ref.sample(t, m, b, steps)
						if !mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H) {
							t.Fatalf("after %d steps: chains differ from the reference", steps)
						}
						fast := s.(interface{ Fast() *rbm.Binary }).Fast()
						if d := maxDiff(fast, ref.fast); d > 1e-13 {
							t.Fatalf("after %d steps: θ_F differs from the reference by %g", steps, d)
						}
					}
				})
			}
		}
	}
}

// TestFastWeightsFloat32 checks rates-FPCD and herding on a model of
// precision Float32 against the reference on the same model, whose θ⁻ is
// then a float32 model too: fl32(θ + θ_F), the same numbers, so Gibbs
// draws the same chains. The reference computes μ⁻ and the herding
// inputs in float64, the samplers in float32 (relative error about 2⁻²⁴
// in each input, so each μ⁻ differs by less than 10⁻⁶); an update moves
// θ_F by ε times such differences, so after 5 updates with ε = 0.2 θ_F
// agrees to 10⁻⁵ (observed: 10⁻⁸). A single different state would move θ_F by ε/n = 0.01.
func TestFastWeightsFloat32(t *testing.T) {
	m := smallModel(t)
	rates, _ := NewRates(m, ratesData())
	m32 := m.Clone()
	m32.Precision = rbm.Float32
	if m32.Clone().Precision != rbm.Float32 {
		t.Fatal("Clone drops the precision: the reference would sample in float64")
	}
	for _, kind := range []string{"rates-FPCD", "herding"} {
		ref := &referenceFast{rates: rates, step: 0.2, decay: 1, k: 1, gibbs: NewGibbs(4)}
		var s Sampler
		if kind == "herding" {
			ref.k, ref.gibbs = 10, nil
			s, _ = NewHerding(rates, 0.2, 1, 10)
		} else {
			s, _ = NewRatesFPCD(rates, 0.2, 1, 1, 4)
		}
		a, _ := NewChains(m, 20, rand.New(rand.NewPCG(2, 3)))
		b, _ := NewChains(m, 20, rand.New(rand.NewPCG(2, 3)))
		if err := s.Sample(m32, a, 5); err != nil {
			t.Fatal(err)
		}
		ref.sample(t, m32, b, 5)
		if !mat.Equal(a.V, b.V) || !mat.Equal(a.H, b.H) {
			t.Fatalf("%s: chains differ from the reference's", kind)
		}
		fast := s.(interface{ Fast() *rbm.Binary }).Fast()
		if d := maxDiff(fast, ref.fast); d > 1e-5 {
			t.Errorf("%s: float32 θ_F differs from float64's by %g", kind, d)
		}
		if !mat.EqualApprox(a.PH, b.PH, 1e-6) && kind == "rates-FPCD" {
			t.Errorf("%s: PH differs from E[h|v⁻] in float64", kind)
		}
	}
}
