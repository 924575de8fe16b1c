package rbm

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// gaussModel returns a GRBM with random weights (std ws), biases, means and
// log-variances in [-0.5, 0.5].
func gaussModel(t *testing.T, m, n int, ws float64, seed uint64) *Gaussian {
	t.Helper()
	g, err := NewGaussian(m, n, &Init{WeightStd: ws, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for j := range g.C {
		g.C[j] = rng.NormFloat64() * 0.5
	}
	for i := range g.Mu {
		g.Mu[i] = rng.NormFloat64() * 0.5
		g.LogVar[i] = rng.Float64() - 0.5
	}
	return g
}

// gaussLSE is log Σ exp(x) for the brute-force checks.
func gaussLSE(x []float64) float64 {
	mx := math.Inf(-1)
	for _, v := range x {
		mx = max(mx, v)
	}
	var s float64
	for _, v := range x {
		s += math.Exp(v - mx)
	}
	return mx + math.Log(s)
}

// TestGaussianEnergies checks F(v) = −log Σ_h exp(−E(v,h)) by enumerating h,
// p(h|v) against the ratio of joint energies, p(v|h)'s mean, and ∂F/∂v
// against central differences. Tolerances: the sums are exact up to
// rounding (1e-12 relative); the central difference of step δ = 1e-5 has
// truncation error δ²/6·|F”'| ≲ 1e-10·|F”'| and rounding ~ 1e-16·|F|/δ ≈
// 1e-11, so 1e-7 holds with a wide margin.
func TestGaussianEnergies(t *testing.T) {
	g := gaussModel(t, 3, 4, 0.8, 1)
	rng := rand.New(rand.NewPCG(2, 2))
	v := []float64{0.3, -1.2, 0.7}
	h := make([]float64, 4)
	var terms []float64
	for idx := 0; idx < 16; idx++ {
		FillState(h, idx)
		terms = append(terms, -g.Energy(v, h))
	}
	if f, want := g.FreeEnergy(v), -gaussLSE(terms); math.Abs(f-want) > 1e-12*math.Max(1, math.Abs(want)) {
		t.Errorf("FreeEnergy = %v, want %v", f, want)
	}
	// p(h_j=1|v) = e^{-E(v,h with h_j=1)} / (e^{-E(..h_j=0)} + e^{-E(..h_j=1)}).
	p := mat.NewDense(1, 4, nil)
	g.HiddenProb(p, mat.NewDense(1, 3, v))
	for j := 0; j < 4; j++ {
		for i := range h {
			h[i] = float64(rng.IntN(2))
		}
		h[j] = 1
		e1 := g.Energy(v, h)
		h[j] = 0
		e0 := g.Energy(v, h)
		if want := 1 / (1 + math.Exp(e1-e0)); math.Abs(p.At(0, j)-want) > 1e-12 {
			t.Errorf("p(h_%d=1|v) = %v, want %v", j, p.At(0, j), want)
		}
	}
	grad := g.FreeEnergyGrad(nil, v)
	const d = 1e-5
	for i := range v {
		vp := append([]float64(nil), v...)
		vm := append([]float64(nil), v...)
		vp[i] += d
		vm[i] -= d
		fd := (g.FreeEnergy(vp) - g.FreeEnergy(vm)) / (2 * d)
		if math.Abs(fd-grad[i]) > 1e-7 {
			t.Errorf("∂F/∂v_%d = %v, finite difference %v", i, grad[i], fd)
		}
	}
	// p(v|h) has mean μ+Wh: E(v,h) is minimised in v there.
	FillState(h, 5)
	mean := mat.NewDense(1, 3, nil)
	g.VisibleMean(mean, mat.NewDense(1, 4, h))
	e0 := g.Energy(mean.RawRowView(0), h)
	for i := 0; i < 3; i++ {
		w := append([]float64(nil), mean.RawRowView(0)...)
		w[i] += 1e-3
		// E grows by ½(δ²)/σ_i² exactly (quadratic in v).
		if de, want := g.Energy(w, h)-e0, 0.5*1e-6*math.Exp(-g.LogVar[i]); math.Abs(de-want) > 1e-12 {
			t.Errorf("energy step at the conditional mean along v_%d = %v, want %v", i, de, want)
		}
	}
	if !math.IsNaN(g.Energy(v[:2], h)) || !math.IsNaN(g.FreeEnergy(v[:1])) || g.FreeEnergyGrad(nil, v[:2]) != nil {
		t.Error("wrong lengths did not give NaN / nil")
	}
}

// TestGaussianLogZQuadrature checks ExactLogZ (and ExactMoments) against a
// trapezoid rule for ∫ exp(−F(v)) dv in one and two dimensions.
//
// Error bound: exp(−F) is a mixture of Gaussians with standard deviations
// σ_i ≥ e^{-0.25} ≈ 0.78 and means |μ + Wh| ≤ M. The grid covers
// [−M−12σ_max, M+12σ_max] per axis, so the truncated tails hold a fraction
// below 2Φ(−12) < 1e-32 of the mass. For a Gaussian on a uniform grid of
// spacing d the trapezoid rule's relative error is ≈ 2 exp(−2π²σ²/d²)
// (Poisson summation); with d ≤ σ_min/4 that is < e^{−300}. What remains is
// rounding in summing ≤ 1e6 positive terms, < 1e-10 relative, so log Z must
// agree to 1e-9 and the moments to 1e-8.
func TestGaussianLogZQuadrature(t *testing.T) {
	for _, tc := range []struct{ m, n int }{{1, 3}, {2, 2}, {2, 3}} {
		g := gaussModel(t, tc.m, tc.n, 0.9, uint64(10*tc.m+tc.n))
		lz, err := g.ExactLogZ()
		if err != nil {
			t.Fatal(err)
		}
		var bound float64
		for _, w := range g.W.RawMatrix().Data {
			bound += math.Abs(w)
		}
		for _, mu := range g.Mu {
			bound += math.Abs(mu)
		}
		smax := math.Exp(0.25)
		L := bound + 12*smax
		d := math.Exp(-0.25) / 4
		k := int(math.Ceil(2 * L / d))
		d = 2 * L / float64(k)
		v := make([]float64, tc.m)
		// Integrate with a shifted exponent to avoid overflow: F(v) ≥ F_min.
		var sum, m1, m2 float64
		var rec func(dim int, w float64)
		rec = func(dim int, w float64) {
			if dim == tc.m {
				e := w * math.Exp(-g.FreeEnergy(v)-lz)
				sum += e
				m1 += e * v[0]
				m2 += e * v[0] * v[0]
				return
			}
			for q := 0; q <= k; q++ {
				v[dim] = -L + float64(q)*d
				ww := d
				if q == 0 || q == k {
					ww = d / 2
				}
				rec(dim+1, w*ww)
			}
		}
		rec(0, 1)
		if math.Abs(math.Log(sum)) > 1e-9 {
			t.Errorf("%dx%d: ∫exp(−F)/Z by quadrature = %v, want 1 (log Z %v)", tc.m, tc.n, sum, lz)
		}
		mean, second, err := g.ExactMoments()
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(mean[0]-m1) > 1e-8 || math.Abs(second[0]-m2) > 1e-8 {
			t.Errorf("%dx%d: moments E[v_0] = %v, E[v_0²] = %v; quadrature %v, %v", tc.m, tc.n, mean[0], second[0], m1, m2)
		}
	}
}

// TestGaussianGradient checks ExactGradient against central differences of
// the exact mean log-likelihood on a 2×3 model. With step δ = 1e-5 the
// truncation error is δ²/6·|ℓ”'| ≈ 1e-11 for these O(1) parameters and
// the rounding error ≈ 1e-16·|ℓ|/δ ≈ 1e-10, so 1e-6 is generous yet fails
// for any wrong term (they are O(0.1) or more).
func TestGaussianGradient(t *testing.T) {
	g := gaussModel(t, 2, 3, 0.7, 3)
	rng := rand.New(rand.NewPCG(4, 4))
	data := mat.NewDense(6, 2, nil)
	for i := 0; i < 6; i++ {
		data.Set(i, 0, rng.NormFloat64())
		data.Set(i, 1, 1+rng.NormFloat64())
	}
	grad, err := g.ExactGradient(data)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"W", "C", "Mu", "LogVar"}
	const d = 1e-5
	for k, p := range g.Params() {
		for i := range p {
			old := p[i]
			p[i] = old + d
			lp, err1 := g.LogLikelihood(data)
			p[i] = old - d
			lm, err2 := g.LogLikelihood(data)
			p[i] = old
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			fd := (lp - lm) / (2 * d)
			if math.Abs(fd-grad[k][i]) > 1e-6 {
				t.Errorf("∂ℓ/∂%s[%d] = %v, finite difference %v", names[k], i, grad[k][i], fd)
			}
		}
	}
}

func TestGaussianSaveLoad(t *testing.T) {
	g := gaussModel(t, 3, 2, 0.5, 5)
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		t.Fatal(err)
	}
	raw := append([]byte(nil), buf.Bytes()...)
	h, err := LoadGaussian(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	for k, p := range g.Params() {
		for i := range p {
			if h.Params()[k][i] != p[i] {
				t.Fatalf("parameter %d[%d] = %v after load, want %v", k, i, h.Params()[k][i], p[i])
			}
		}
	}
	if m, err := LoadModel(bytes.NewReader(raw)); err != nil {
		t.Error(err)
	} else if _, ok := m.(*Gaussian); !ok {
		t.Errorf("LoadModel gave %T", m)
	}
	if _, err := Load(bytes.NewReader(raw)); err == nil || !strings.Contains(err.Error(), "gaussian") {
		t.Errorf("Load of a Gaussian file: err = %v, want unsupported kind", err)
	}
	// A binary file still loads through LoadModel, and LoadGaussian refuses it.
	b, _ := NewBinary(3, 2, &Init{WeightStd: 0.1, Seed: 1})
	var bb bytes.Buffer
	if err := b.Save(&bb); err != nil {
		t.Fatal(err)
	}
	if m, err := LoadModel(bytes.NewReader(bb.Bytes())); err != nil {
		t.Error(err)
	} else if _, ok := m.(*Binary); !ok {
		t.Errorf("LoadModel of a binary file gave %T", m)
	}
	if _, err := LoadGaussian(bytes.NewReader(bb.Bytes())); err == nil {
		t.Error("LoadGaussian accepted a binary model")
	}
	bad := append([]byte(nil), raw...)
	bad[40] ^= 1
	if _, err := LoadGaussian(bytes.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("corrupt file: err = %v", err)
	}
	if _, err := LoadGaussian(bytes.NewReader(raw[:len(raw)-3])); err == nil || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("truncated file: err = %v", err)
	}
	path := filepath.Join(t.TempDir(), "g.rbm")
	if err := g.SaveFile(path); err != nil {
		t.Fatal(err)
	}
	if h, err := LoadGaussianFile(path); err != nil || h.LogVar[2] != g.LogVar[2] {
		t.Errorf("LoadGaussianFile: %v", err)
	}
	g.LogVar[0] = math.NaN()
	if err := g.Save(&buf); err == nil {
		t.Error("saved a model with a NaN log-variance")
	}
}

func TestGaussianBadInput(t *testing.T) {
	if _, err := NewGaussian(0, 3, nil); err == nil {
		t.Error("NewGaussian(0, 3) gave no error")
	}
	if _, err := NewGaussian(2, 3, &Init{WeightStd: -1}); err == nil {
		t.Error("negative WeightStd gave no error")
	}
	g := gaussModel(t, 2, 3, 0.5, 6)
	if _, err := g.LogLikelihood(mat.NewDense(2, 3, nil)); err == nil {
		t.Error("LogLikelihood of 3-column data on a 2-visible model gave no error")
	}
	nan := mat.NewDense(1, 2, []float64{math.NaN(), 0})
	if _, err := g.ExactGradient(nan); err == nil {
		t.Error("ExactGradient of NaN data gave no error")
	}
	big, _ := NewGaussian(2, MaxExactUnits+1, nil)
	if _, err := big.ExactLogZ(); err == nil {
		t.Error("ExactLogZ enumerated 2^31 hidden states")
	}
	g.C = g.C[:2]
	if err := g.Validate(); err == nil {
		t.Error("Validate accepted a short hidden bias")
	}
	if err := g.EnergyGrad(nil, nil, nil, 1); err == nil {
		t.Error("EnergyGrad accepted a bad model")
	}
}

// A GRBM with zero weights, means and biases and unit variances is a
// standard normal in v times a uniform h: log Z = (m/2) log 2π + n log 2.
func ExampleGaussian_ExactLogZ() {
	g, err := NewGaussian(2, 3, nil)
	if err != nil {
		panic(err)
	}
	lz, _ := g.ExactLogZ()
	fmt.Printf("log Z = %.4f (want %.4f)\n", lz, math.Log(2*math.Pi)+3*math.Log(2))
	ll, _ := g.LogLikelihood(mat.NewDense(1, 2, []float64{0, 0}))
	fmt.Printf("log p(0) = %.4f\n", ll)
	// Output:
	// log Z = 3.9173 (want 3.9173)
	// log p(0) = -1.8379
}

// FuzzLoadModel: no input makes LoadModel panic, and whatever it accepts
// (binary or Gaussian) saves back to the same bytes.
func FuzzLoadModel(f *testing.F) {
	g, _ := NewGaussian(2, 3, &Init{WeightStd: 1, Seed: 1})
	var buf bytes.Buffer
	if err := g.Save(&buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	b, _ := NewBinary(2, 2, &Init{WeightStd: 1, Seed: 1})
	var bb bytes.Buffer
	if err := b.Save(&bb); err != nil {
		f.Fatal(err)
	}
	f.Add(bb.Bytes())
	f.Add(buf.Bytes()[:40])
	f.Add([]byte("RBMK\x01\x00\x00\x00gaussian"))
	f.Fuzz(func(t *testing.T, in []byte) {
		m, err := LoadModel(bytes.NewReader(in))
		if err != nil {
			return
		}
		var out bytes.Buffer
		switch m := m.(type) {
		case *Gaussian:
			err = m.Save(&out)
		case *Binary:
			err = m.Save(&out)
		default:
			t.Fatalf("LoadModel returned %T", m)
		}
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), in[:out.Len()]) {
			t.Error("accepted bytes do not save back identically")
		}
	})
}
