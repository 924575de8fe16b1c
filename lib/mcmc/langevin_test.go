package mcmc

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// gaussTestModel is a 2×3 GRBM whose marginal is a visibly multimodal
// mixture of 8 Gaussians (weights ~ N(0, 1.2²), σ² in [e^-0.4, e^0.4]).
func gaussTestModel(t testing.TB) *rbm.Gaussian {
	t.Helper()
	g, err := rbm.NewGaussian(2, 3, &rbm.Init{WeightStd: 1.2, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	g.C = []float64{0.3, -0.5, 0.1}
	g.Mu = []float64{0.2, -0.3}
	g.LogVar = []float64{-0.4, 0.4}
	return g
}

// exactChains returns n chains holding independent exact draws of the
// joint p(v, h): h from the exact hidden marginal, v from p(v | h).
func exactChains(t testing.TB, g *rbm.Gaussian, n int, seed uint64) *Chains {
	t.Helper()
	p, err := g.ExactHiddenDist()
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewGaussianChains(g, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	h := make([]float64, g.Hidden())
	for k := 0; k < n; k++ {
		u, idx := rng.Float64(), 0
		for idx < len(p)-1 && u >= p[idx] {
			u -= p[idx]
			idx++
		}
		rbm.FillState(h, idx)
		c.H.SetRow(k, h)
	}
	g.SampleVisible(c.V, c.H, rng)
	return c
}

// momentCheck compares the chains' visible moments E[v_i], E[v_i v_k] and
// hidden means with the exact ones. Each estimate is a mean of n
// independent draws (the chains start at exact, independent samples and an
// invariant kernel keeps them so), so it is normal within its standard
// error se = sd/√n, sd estimated from the same draws; |z| ≤ 4.5 fails by
// chance with probability < 7e-6 per statistic (8 per call). It returns the
// largest |z|.
func momentCheck(t *testing.T, name string, g *rbm.Gaussian, c *Chains, fail bool) float64 {
	t.Helper()
	mean, second, err := g.ExactMoments()
	if err != nil {
		t.Fatal(err)
	}
	ph, err := g.ExactHiddenDist()
	if err != nil {
		t.Fatal(err)
	}
	n := c.Len()
	type stat struct {
		name  string
		want  float64
		value func(k int) float64
	}
	stats := []stat{
		{"E[v0]", mean[0], func(k int) float64 { return c.V.At(k, 0) }},
		{"E[v1]", mean[1], func(k int) float64 { return c.V.At(k, 1) }},
		{"E[v0²]", second[0], func(k int) float64 { return c.V.At(k, 0) * c.V.At(k, 0) }},
		{"E[v1²]", second[3], func(k int) float64 { return c.V.At(k, 1) * c.V.At(k, 1) }},
		{"E[v0v1]", second[1], func(k int) float64 { return c.V.At(k, 0) * c.V.At(k, 1) }},
	}
	for j := 0; j < g.Hidden(); j++ {
		var want float64
		for idx, p := range ph {
			want += p * float64(idx>>j&1)
		}
		stats = append(stats, stat{"E[h" + string(rune('0'+j)) + "]", want, func(k int) float64 { return c.H.At(k, j) }})
	}
	worst := 0.0
	for _, s := range stats {
		var m, m2 float64
		for k := 0; k < n; k++ {
			x := s.value(k)
			m += x
			m2 += x * x
		}
		m /= float64(n)
		sd := math.Sqrt(max(m2/float64(n)-m*m, 0))
		z := (m - s.want) / (sd / math.Sqrt(float64(n)))
		worst = max(worst, math.Abs(z))
		if fail && math.Abs(z) > 4.5 {
			t.Errorf("%s: %s = %.4f, exact %.4f (z = %.1f)", name, s.name, m, s.want, z)
		}
	}
	return worst
}

// TestGaussianSamplersInvariant runs 4000 chains started at exact samples
// for 40 transitions of Gibbs, adjusted Langevin and adjusted
// Gibbs-Langevin, and checks that the exact moments are kept (momentCheck
// gives the tolerance). Unadjusted Langevin with a large step must fail
// the same check, which shows the check has power.
func TestGaussianSamplersInvariant(t *testing.T) {
	g := gaussTestModel(t)
	const n, steps = 4000, 40
	lang := NewLangevin(0.6, true, 1)
	gl := NewGibbsLangevin(0.6, 3, true, 2)
	glStep := NewGibbsLangevin(0.6, 3, true, 2)
	glStep.Stepwise = true
	// Per-unit steps (σ² = e^{∓0.4}: the units' steps differ by e^{0.8}).
	langPU := NewLangevin(0.6, true, 11)
	langPU.PerUnit = true
	glPU := NewGibbsLangevin(0.6, 3, true, 12)
	glPU.PerUnit = true
	glPUStep := NewGibbsLangevin(0.6, 3, true, 13)
	glPUStep.PerUnit, glPUStep.Stepwise = true, true
	for _, tc := range []struct {
		name string
		s    GaussianSampler
	}{
		{"Gibbs", NewGaussGibbs(3)},
		{"Langevin adjusted", lang},
		{"Gibbs-Langevin adjusted", gl},
		{"Gibbs-Langevin adjusted, stepwise", glStep},
		{"Langevin adjusted, per unit", langPU},
		{"Gibbs-Langevin adjusted, per unit", glPU},
		{"Gibbs-Langevin adjusted, per unit, stepwise", glPUStep},
	} {
		c := exactChains(t, g, n, 5)
		if err := tc.s.SampleGaussian(g, c, steps); err != nil {
			t.Fatal(err)
		}
		momentCheck(t, tc.name, g, c, true)
	}
	// Both adjusted samplers must really move: accept often, reject sometimes.
	for _, r := range []struct {
		name string
		rate float64
	}{{"Langevin", lang.AcceptRate()}, {"Gibbs-Langevin", gl.AcceptRate()},
		{"Langevin per unit", langPU.AcceptRate()}, {"Gibbs-Langevin per unit", glPU.AcceptRate()}} {
		if r.rate < 0.3 || r.rate > 0.999 {
			t.Errorf("%s acceptance rate %.3f, want in [0.3, 0.999]", r.name, r.rate)
		}
	}
	if lang.Proposed != n*steps || gl.Proposed != n*steps {
		t.Errorf("proposals counted %d and %d, want %d", lang.Proposed, gl.Proposed, n*steps)
	}
	t.Logf("acceptance: Langevin %.4f, Gibbs-Langevin %.4f (stepwise %.4f)", lang.AcceptRate(), gl.AcceptRate(), glStep.AcceptRate())
	// Unadjusted Langevin at a constant large step is biased.
	bad := NewLangevin(1.0, false, 4)
	bad.NoAnneal = true
	c := exactChains(t, g, n, 6)
	if err := bad.SampleGaussian(g, c, steps); err != nil {
		t.Fatal(err)
	}
	if z := momentCheck(t, "unadjusted", g, c, false); z < 8 {
		t.Errorf("unadjusted Langevin with step 1.0: largest |z| = %.1f, expected a clear bias (> 8)", z)
	} else {
		t.Logf("unadjusted Langevin, step 1.0: largest |z| = %.1f", z)
	}
}

// TestGibbsLangevinAcceptance checks the Eq. (12) log acceptance ratio of
// GibbsLangevin (K = 2, cosine steps α0, α0/2) against the ratio computed
// independently: the joint density from rbm.Gaussian.Energy, q(h|v) by
// normalising exp(−E(v, h)) over all h, and the two-step proposal density
// q(v2 | v, h) = ∏_i ∫ N(u; v_i − α1(v_i−m_i)/σ_i², 2α1) N(v2_i; u −
// α2(u−m_i)/σ_i², 2α2) du by the trapezoid rule on ±15 standard deviations
// with 4000 points (Gaussian integrand: error far below 1e-12), so the two
// must agree to 1e-9.
func TestGibbsLangevinAcceptance(t *testing.T) {
	g := gaussTestModel(t)
	s := NewGibbsLangevin(0.5, 2, true, 1)
	c, err := NewGaussianChains(g, 1, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.w.begin(g, c); err != nil {
		t.Fatal(err)
	}
	s.coefficients(2)
	v := mat.NewDense(1, 2, []float64{0.4, -1.1})
	v2 := mat.NewDense(1, 2, []float64{-0.2, 0.3})
	h := mat.NewDense(1, 3, []float64{1, 0, 1})
	h2 := mat.NewDense(1, 3, []float64{0, 1, 1})
	x, x2 := mat.NewDense(1, 3, nil), mat.NewDense(1, 3, nil)
	mh, mh2 := mat.NewDense(1, 2, nil), mat.NewDense(1, 2, nil)
	s.w.hiddenInput(x, v)
	s.w.hiddenInput(x2, v2)
	s.w.visibleMean(mh, h)
	s.w.visibleMean(mh2, h2)
	p, p2 := mat.DenseCopyOf(x), mat.DenseCopyOf(x2)
	rbm.SigmoidInPlace(p.RawMatrix().Data)
	rbm.SigmoidInPlace(p2.RawMatrix().Data)
	got := make([]float64, 1)
	s.logAccept(got, v, h, x, p, mh, v2, h2, x2, p2, mh2)

	logq := func(to, from, hs []float64) float64 {
		// K = 2 Langevin steps on E(·, hs) from `from`, density at `to`.
		mean := make([]float64, 2)
		g.VisibleMean(mat.NewDense(1, 2, mean), mat.NewDense(1, 3, hs))
		a1, a2 := 0.5, 0.25
		var lq float64
		for i := 0; i < 2; i++ {
			iv := math.Exp(-g.LogVar[i])
			m1 := from[i] - a1*(from[i]-mean[i])*iv
			sd1 := math.Sqrt(2 * a1)
			const pts = 4000
			lo, hi := m1-15*sd1, m1+15*sd1
			du := (hi - lo) / pts
			var sum float64
			for q := 0; q <= pts; q++ {
				u := lo + float64(q)*du
				w := du
				if q == 0 || q == pts {
					w /= 2
				}
				m2 := u - a2*(u-mean[i])*iv
				sum += w * normPDF(u, m1, 2*a1) * normPDF(to[i], m2, 2*a2)
			}
			lq += math.Log(sum)
		}
		return lq
	}
	logph := func(vs, hs []float64) float64 {
		e := make([]float64, 8)
		st := make([]float64, 3)
		for idx := range e {
			rbm.FillState(st, idx)
			e[idx] = -g.Energy(vs, st)
		}
		mx := math.Inf(-1)
		for _, x := range e {
			mx = max(mx, x)
		}
		var z float64
		for _, x := range e {
			z += math.Exp(x - mx)
		}
		return -g.Energy(vs, hs) - mx - math.Log(z)
	}
	vr, v2r, hr, h2r := v.RawRowView(0), v2.RawRowView(0), h.RawRowView(0), h2.RawRowView(0)
	want := (-g.Energy(v2r, h2r) + logq(vr, v2r, h2r) + logph(vr, hr)) -
		(-g.Energy(vr, hr) + logq(v2r, vr, hr) + logph(v2r, h2r))
	if math.Abs(got[0]-want) > 1e-9 {
		t.Errorf("log acceptance ratio %.12f, brute force %.12f", got[0], want)
	}
}

func normPDF(x, m, v float64) float64 {
	d := x - m
	return math.Exp(-d*d/(2*v)) / math.Sqrt(2*math.Pi*v)
}

// TestLangevinAcceptance checks the MALA ratio of Eq. (7) against one
// built from rbm.Gaussian.FreeEnergy and FreeEnergyGrad (rounding only:
// 1e-10), with one step for both units and with a step per unit (PerUnit:
// proposal N(v − α ⊙ ∇F, 2 diag(α))).
func TestLangevinAcceptance(t *testing.T) {
	g := gaussTestModel(t)
	c, _ := NewGaussianChains(g, 1, nil)
	var w gaussWork
	if err := w.begin(g, c); err != nil {
		t.Fatal(err)
	}
	v := mat.NewDense(1, 2, []float64{0.7, -0.4})
	v2 := mat.NewDense(1, 2, []float64{0.1, 0.9})
	x, p := mat.NewDense(1, 3, nil), mat.NewDense(1, 3, nil)
	gd, gd2 := mat.NewDense(1, 2, nil), mat.NewDense(1, 2, nil)
	f, f2 := make([]float64, 1), make([]float64, 1)
	w.marginal(v, x, p, gd, f)
	w.marginal(v2, x, p, gd2, f2)
	for _, a := range [][]float64{{0.3, 0.3}, {0.3, 0.12}} {
		got := make([]float64, 1)
		malaLogAccept(got, v, v2, gd, gd2, f, f2, a)
		a0, b0 := v.RawRowView(0), v2.RawRowView(0)
		ga, gb := g.FreeEnergyGrad(nil, a0), g.FreeEnergyGrad(nil, b0)
		var lq, lqr float64
		for i := range a0 {
			lq += math.Log(normPDF(b0[i], a0[i]-a[i]*ga[i], 2*a[i]))
			lqr += math.Log(normPDF(a0[i], b0[i]-a[i]*gb[i], 2*a[i]))
		}
		want := -g.FreeEnergy(b0) + lqr + g.FreeEnergy(a0) - lq
		if math.Abs(got[0]-want) > 1e-10 {
			t.Errorf("steps %v: MALA log ratio %v, want %v", a, got[0], want)
		}
	}
}

func TestCosineStep(t *testing.T) {
	if a := CosineStep(1, 10, 0.2); a != 0.2 {
		t.Errorf("first step %v, want 0.2", a)
	}
	if a := CosineStep(6, 10, 0.2); math.Abs(a-0.1) > 1e-15 {
		t.Errorf("middle step %v, want 0.1", a)
	}
	if a := CosineStep(10, 10, 0.2); !(a > 0 && a < 0.01) {
		t.Errorf("last step %v, want small and positive", a)
	}
}

func TestGaussianSamplerBadInput(t *testing.T) {
	g := gaussTestModel(t)
	c, _ := NewGaussianChains(g, 3, rand.New(rand.NewPCG(1, 1)))
	b, _ := rbm.NewGaussian(3, 3, nil)
	for _, s := range []GaussianSampler{NewGaussGibbs(1), NewLangevin(0.1, true, 1), NewGibbsLangevin(0.1, 2, true, 1)} {
		if err := s.SampleGaussian(b, c, 1); err == nil {
			t.Errorf("%T: shape mismatch gave no error", s)
		}
		if err := s.SampleGaussian(g, c, -1); err == nil {
			t.Errorf("%T: negative steps gave no error", s)
		}
		if err := s.SampleGaussian(nil, c, 1); err == nil {
			t.Errorf("%T: nil model gave no error", s)
		}
	}
	if err := NewLangevin(0, false, 1).SampleGaussian(g, c, 1); err == nil {
		t.Error("zero step size gave no error")
	}
	if err := NewGibbsLangevin(math.NaN(), 1, false, 1).SampleGaussian(g, c, 1); err == nil {
		t.Error("NaN step size gave no error")
	}
	if err := (&Langevin{Step: 1}).SampleGaussian(g, c, 1); err == nil {
		t.Error("zero-value Langevin gave no error")
	}
}

// TestGaussianSamplersDeterministic checks that a seed fixes the chains.
func TestGaussianSamplersDeterministic(t *testing.T) {
	g := gaussTestModel(t)
	run := func() *mat.Dense {
		c, _ := NewGaussianChains(g, 5, rand.New(rand.NewPCG(9, 9)))
		if err := NewGibbsLangevin(0.3, 4, true, 7).SampleGaussian(g, c, 10); err != nil {
			t.Fatal(err)
		}
		return c.V
	}
	if a, b := run(), run(); !mat.Equal(a, b) {
		t.Error("same seed gave different chains")
	}
}

// benchGaussian times SampleGaussian calls of 10 transitions on 100 chains
// of a 784×500 GRBM (MNIST shape) and reports the time per transition.
func benchGaussian(b *testing.B, s GaussianSampler) {
	g, err := rbm.NewGaussian(784, 500, &rbm.Init{WeightStd: 0.01, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	c, err := NewGaussianChains(g, 100, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		b.Fatal(err)
	}
	const steps = 10
	if err := s.SampleGaussian(g, c, steps); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := s.SampleGaussian(g, c, steps); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*steps)/1e6, "ms/step")
}

// One transition at MNIST shape (784×500, 100 chains); Gibbs-Langevin with
// K = 10 inner steps.
func BenchmarkGaussGibbs784x500(b *testing.B)  { benchGaussian(b, NewGaussGibbs(1)) }
func BenchmarkLangevin784x500(b *testing.B)    { benchGaussian(b, NewLangevin(0.01, false, 1)) }
func BenchmarkLangevinAdj784x500(b *testing.B) { benchGaussian(b, NewLangevin(0.01, true, 1)) }
func BenchmarkGibbsLangevin10x784x500(b *testing.B) {
	benchGaussian(b, NewGibbsLangevin(0.01, 10, false, 1))
}
func BenchmarkGibbsLangevinStepwise10x784x500(b *testing.B) {
	s := NewGibbsLangevin(0.01, 10, false, 1)
	s.Stepwise = true
	benchGaussian(b, s)
}
func BenchmarkGibbsLangevinAdj10x784x500(b *testing.B) {
	benchGaussian(b, NewGibbsLangevin(0.01, 10, true, 1))
}

// TestAdjustAfter checks that steps t ≤ η are not adjusted: with η = 4 of
// 10 steps, 6 proposals per chain are counted.
func TestAdjustAfter(t *testing.T) {
	g := gaussTestModel(t)
	lang := NewLangevin(0.3, true, 1)
	gl := NewGibbsLangevin(0.3, 3, true, 1)
	lang.AdjustAfter, gl.AdjustAfter = 4, 4
	for _, s := range []GaussianSampler{lang, gl} {
		c, _ := NewGaussianChains(g, 7, rand.New(rand.NewPCG(2, 2)))
		if err := s.SampleGaussian(g, c, 10); err != nil {
			t.Fatal(err)
		}
		// PH must be p(h=1|v) of the final V, PV the mean μ + Wh of the final H.
		ph, pv := mat.NewDense(7, 3, nil), mat.NewDense(7, 2, nil)
		g.HiddenProb(ph, c.V)
		g.VisibleMean(pv, c.H)
		if !mat.EqualApprox(ph, c.PH, 1e-12) || !mat.EqualApprox(pv, c.PV, 1e-12) {
			t.Errorf("%T: PH or PV do not match the final state", s)
		}
	}
	if lang.Proposed != 6*7 || gl.Proposed != 6*7 {
		t.Errorf("proposals %d and %d, want %d", lang.Proposed, gl.Proposed, 6*7)
	}
}

// Sample a small GRBM from noise with adjusted Gibbs-Langevin (10 inner
// steps) and look at the acceptance rate of the Eq. (12) adjustment.
func ExampleGibbsLangevin() {
	g, err := rbm.NewGaussian(2, 3, &rbm.Init{WeightStd: 1, Seed: 1})
	if err != nil {
		panic(err)
	}
	c, err := NewGaussianChains(g, 500, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		panic(err)
	}
	s := NewGibbsLangevin(0.5*g.MeanVar(), 10, true, 3)
	if err := s.SampleGaussian(g, c, 100); err != nil {
		panic(err)
	}
	r, cols := c.V.Dims()
	fmt.Printf("%d chains of %d visible units, %d proposals, acceptance above one half: %v\n", r, cols, s.Proposed, s.AcceptRate() > 0.5)
	// Output:
	// 500 chains of 2 visible units, 50000 proposals, acceptance above one half: true
}

func TestRunGaussian(t *testing.T) {
	g := gaussTestModel(t)
	c, _ := NewGaussianChains(g, 4, rand.New(rand.NewPCG(1, 1)))
	var seen []int
	err := RunGaussian(context.Background(), NewGaussGibbs(1), g, c, 10, 4, func(done int, _ *Chains) error {
		seen = append(seen, done)
		return nil
	})
	if err != nil || len(seen) != 3 || seen[2] != 10 {
		t.Errorf("RunGaussian: err %v, observed after %v steps, want [4 8 10]", err, seen)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := RunGaussian(ctx, NewGaussGibbs(1), g, c, 10, 4, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled RunGaussian: err %v", err)
	}
	if err := RunGaussian(context.Background(), nil, g, c, 1, 0, nil); err == nil {
		t.Error("nil sampler gave no error")
	}
}

// TestResetNoise checks that ResetNoise draws v ~ N(0, I): the mean of
// 20000·2 draws has standard error 1/√40000 = 0.005 and the mean square
// √2/√40000 ≈ 0.007; tolerances are 5 of them. PH must be p(h=1|v).
func TestResetNoise(t *testing.T) {
	g := gaussTestModel(t)
	c, err := NewGaussianChains(g, 20000, rand.New(rand.NewPCG(3, 3)))
	if err != nil {
		t.Fatal(err)
	}
	var m, m2 float64
	for _, x := range c.V.RawMatrix().Data {
		m += x
		m2 += x * x
	}
	n := float64(len(c.V.RawMatrix().Data))
	if m /= n; math.Abs(m) > 0.025 {
		t.Errorf("noise mean %v", m)
	}
	if m2 /= n; math.Abs(m2-1) > 0.035 {
		t.Errorf("noise mean square %v", m2)
	}
	ph := mat.NewDense(20000, 3, nil)
	g.HiddenProb(ph, c.V)
	if !mat.EqualApprox(ph, c.PH, 1e-12) {
		t.Error("PH is not p(h=1|v) after ResetNoise")
	}
}

// TestGibbsLangevinOneShot checks that the K = 4 inner steps, run one by
// one (Stepwise) or drawn in one go from Eq. (11), give the same law of
// ṽ⁽ᴷ⁾: from a fixed (v, h) copied into 20000 chains, one unadjusted step
// must give per-unit means and variances equal to β₀v + a(μ+Wh) and σ̃².
// A mean of 20000 draws has standard error σ̃/√20000 and a variance
// σ̃²√(2/20000); both are checked to 5 standard errors.
func TestGibbsLangevinOneShot(t *testing.T) {
	g := gaussTestModel(t)
	const n = 20000
	for _, stepwise := range []bool{false, true} {
		s := NewGibbsLangevin(0.4, 4, false, 3)
		s.Stepwise = stepwise
		c, _ := NewGaussianChains(g, n, nil)
		for k := 0; k < n; k++ {
			c.V.SetRow(k, []float64{0.8, -1.5})
			c.H.SetRow(k, []float64{1, 0, 1})
		}
		mean := mat.NewDense(1, 2, nil)
		g.VisibleMean(mean, mat.NewDense(1, 3, []float64{1, 0, 1}))
		if err := s.SampleGaussian(g, c, 1); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 2; i++ {
			want := s.beta0[i]*c0(i) + s.acoef[i]*mean.At(0, i)
			var m, m2 float64
			for k := 0; k < n; k++ {
				x := c.V.At(k, i)
				m += x / n
				m2 += x * x / n
			}
			v := m2 - m*m
			if se := math.Sqrt(s.s2[i] / n); math.Abs(m-want) > 5*se {
				t.Errorf("stepwise=%v: unit %d mean %.4f, Eq. (11) %.4f (se %.4f)", stepwise, i, m, want, se)
			}
			if se := s.s2[i] * math.Sqrt(2.0/n); math.Abs(v-s.s2[i]) > 5*se {
				t.Errorf("stepwise=%v: unit %d variance %.4f, Eq. (11) %.4f (se %.4f)", stepwise, i, v, s.s2[i], se)
			}
		}
	}
}

// c0 is the starting visible state of TestGibbsLangevinOneShot.
func c0(i int) float64 { return []float64{0.8, -1.5}[i] }

// TestAdapt starts adjusted Langevin and Gibbs-Langevin with steps so
// large that (almost) every proposal is rejected, lets them adapt the step
// toward a target acceptance during the first 60 adjusted steps (0.5 for
// Langevin; 0.8 for Gibbs-Langevin, whose rate on this model is monotone in
// the step only below α0 ≈ 2, where α/σ² < 3 keeps the inner recursion
// from oscillating: it has 0.63 at α0 = 2, 0.68 at 2.7 and 0.06 at 4),
// and checks
// that (1) without adaptation the same step accepts less than 0.15 (the
// test has something to fix), (2) with it the acceptance rate of the 140
// fixed-step transitions after the adaptation is the target ± 0.1, (3) only those
// are counted, and (4) the chains, started at exact draws, still have the
// exact moments (momentCheck). Tolerance of (2): the adaptation moves
// log α by 2(r̄ − target) per step, r̄ a mean over 2000 chains (sd ≤
// 0.5/√2000 ≈ 0.011), so after 60 steps log α sits where the rate is 0.5
// up to a jitter of a few hundredths; 0.1 leaves room for the rate's
// dependence on where the chains are. The rate over 2000·140 proposals
// itself has a standard error below 0.001.
func TestAdapt(t *testing.T) {
	g := gaussTestModel(t)
	const n, adapt, steps = 2000, 60, 200
	for _, tc := range []struct {
		name   string
		target float64
		make   func() GaussianSampler
	}{
		{"Langevin", 0.5, func() GaussianSampler { s := NewLangevin(40, true, 7); s.NoAnneal = true; return s }},
		{"Gibbs-Langevin", 0.8, func() GaussianSampler { return NewGibbsLangevin(40, 3, true, 8) }},
	} {
		rate := func(s GaussianSampler) float64 {
			switch x := s.(type) {
			case *Langevin:
				return x.AcceptRate()
			case *GibbsLangevin:
				return x.AcceptRate()
			}
			return -1
		}
		fixed := tc.make()
		c := exactChains(t, g, n, 9)
		if err := fixed.SampleGaussian(g, c, 20); err != nil {
			t.Fatal(err)
		}
		if r := rate(fixed); r > 0.15 {
			t.Fatalf("%s: step 40 accepts %.3f without adaptation; the test needs a step that is too large", tc.name, r)
		}
		s := tc.make()
		var step0 float64
		switch x := s.(type) {
		case *Langevin:
			x.Adapt(tc.target, adapt)
			step0 = x.Step
		case *GibbsLangevin:
			x.Adapt(tc.target, adapt)
			step0 = x.Step
		}
		c = exactChains(t, g, n, 10)
		if err := s.SampleGaussian(g, c, steps); err != nil {
			t.Fatal(err)
		}
		var step float64
		var proposed int
		switch x := s.(type) {
		case *Langevin:
			step, proposed = x.Step, x.Proposed
		case *GibbsLangevin:
			step, proposed = x.Step, x.Proposed
		}
		r := rate(s)
		t.Logf("%s: step %g → %.4g, acceptance %.3f without adaptation, %.3f after it", tc.name, step0, step, rate(fixed), r)
		if math.Abs(r-tc.target) > 0.1 {
			t.Errorf("%s: acceptance after adaptation %.3f, want %.1f ± 0.1", tc.name, r, tc.target)
		}
		if proposed != n*(steps-adapt) {
			t.Errorf("%s: %d proposals counted, want %d (the fixed-step ones)", tc.name, proposed, n*(steps-adapt))
		}
		momentCheck(t, tc.name+" adapted", g, c, true)
	}
	// Bad settings are errors.
	bad := NewLangevin(0.1, true, 1)
	bad.Adapt(1.5, 10)
	c, _ := NewGaussianChains(g, 3, nil)
	if err := bad.SampleGaussian(g, c, 2); err == nil {
		t.Error("target acceptance 1.5: no error")
	}
	badGL := NewGibbsLangevin(0.1, 2, true, 1)
	badGL.Adapt(0.5, -1)
	if err := badGL.SampleGaussian(g, c, 2); err == nil {
		t.Error("negative adaptation length: no error")
	}
}

// Adjusted Langevin (MALA) from noise with a step far too large: without
// adaptation it rejects almost everything; Adapt shrinks the step during
// the first 30 adjusted steps toward acceptance 0.57 and then freezes it.
func ExampleLangevin_Adapt() {
	g, err := rbm.NewGaussian(2, 3, &rbm.Init{WeightStd: 1, Seed: 1})
	if err != nil {
		panic(err)
	}
	for _, adapt := range []bool{false, true} {
		c, err := NewGaussianChains(g, 500, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			panic(err)
		}
		s := NewLangevin(50, true, 3)
		s.NoAnneal = true
		if adapt {
			s.Adapt(0.57, 30)
		}
		if err := s.SampleGaussian(g, c, 100); err != nil {
			panic(err)
		}
		fmt.Printf("adapt %v: %d proposals counted, acceptance %.1f, step below 5: %v\n", adapt, s.Proposed, s.AcceptRate(), s.Step < 5)
	}
	// Output:
	// adapt false: 50000 proposals counted, acceptance 0.0, step below 5: false
	// adapt true: 35000 proposals counted, acceptance 0.6, step below 5: true
}

// TestTemperatureInvariant checks Temperature. Adjusted Gibbs-Langevin at
// T = 3 on the test model g must leave the joint exp(−E/T) invariant,
// which is the GRBM gT with log σ² + log T and c/T (same W, μ): 4,000
// chains start at exact draws of gT and run 40 transitions, and
// momentCheck compares their moments with gT's exact ones (|z| ≤ 4.5 per
// statistic); the same chains must be far from g's own moments (|z| > 8:
// T = 3 triples the visible variances), so the check has power. Adjusted
// Langevin at T = 3 targets the tempered marginal exp(−F/T), which is not
// gT's marginal (softplus(x)/T ≠ softplus(x/T)); its visible moments are
// computed by quadrature (midpoint rule on ±14 around μ with 700² cells;
// the integrand is smooth and its tails beyond 14 are below e^{-20}, so
// the error is far below the statistical one), and 4,000 chains started
// at gT's draws (close to the target) run 200 transitions, then their
// visible moments must match within |z| ≤ 4.5.
func TestTemperatureInvariant(t *testing.T) {
	g := gaussTestModel(t)
	const temp, n, steps = 3.0, 4000, 40
	gt := g.Clone()
	for i := range gt.LogVar {
		gt.LogVar[i] += math.Log(temp)
	}
	for j := range gt.C {
		gt.C[j] /= temp
	}
	gl := NewGibbsLangevin(0.6, 3, true, 22)
	gl.Temperature = temp
	glStep := NewGibbsLangevin(0.6, 3, true, 23)
	glStep.Temperature, glStep.Stepwise = temp, true
	for _, tc := range []struct {
		name string
		s    GaussianSampler
	}{{"Gibbs-Langevin adjusted, T = 3", gl}, {"Gibbs-Langevin adjusted stepwise, T = 3", glStep}} {
		c := exactChains(t, gt, n, 25)
		if err := tc.s.SampleGaussian(g, c, steps); err != nil {
			t.Fatal(err)
		}
		momentCheck(t, tc.name, gt, c, true)
		if z := momentCheck(t, tc.name+" against T = 1", g, c, false); z < 8 {
			t.Errorf("%s: largest |z| against the untempered model %.1f, want > 8", tc.name, z)
		}
	}
	// The tempered marginal's moments by quadrature.
	const cells, half = 700, 14.0
	var z, m0, m1, s00, s11, s01 float64
	v := make([]float64, 2)
	h := 2 * half / cells
	for a := 0; a < cells; a++ {
		for b := 0; b < cells; b++ {
			v[0] = g.Mu[0] - half + (float64(a)+0.5)*h
			v[1] = g.Mu[1] - half + (float64(b)+0.5)*h
			w := math.Exp(-g.FreeEnergy(v) / temp)
			z += w
			m0, m1 = m0+w*v[0], m1+w*v[1]
			s00, s11, s01 = s00+w*v[0]*v[0], s11+w*v[1]*v[1], s01+w*v[0]*v[1]
		}
	}
	want := []float64{m0 / z, m1 / z, s00 / z, s11 / z, s01 / z}
	lang := NewLangevin(0.6, true, 21)
	lang.Temperature, lang.NoAnneal = temp, true
	c := exactChains(t, gt, n, 26)
	if err := lang.SampleGaussian(g, c, 200); err != nil {
		t.Fatal(err)
	}
	for k, f := range []func(r int) float64{
		func(r int) float64 { return c.V.At(r, 0) }, func(r int) float64 { return c.V.At(r, 1) },
		func(r int) float64 { return c.V.At(r, 0) * c.V.At(r, 0) }, func(r int) float64 { return c.V.At(r, 1) * c.V.At(r, 1) },
		func(r int) float64 { return c.V.At(r, 0) * c.V.At(r, 1) },
	} {
		var m, m2 float64
		for r := 0; r < n; r++ {
			x := f(r)
			m, m2 = m+x, m2+x*x
		}
		m /= n
		se := math.Sqrt(max(m2/n-m*m, 0) / n)
		if zz := (m - want[k]) / se; math.Abs(zz) > 4.5 {
			t.Errorf("Langevin adjusted, T = 3: moment %d = %.4f, quadrature %.4f (z = %.1f)", k, m, want[k], zz)
		}
	}
	for _, r := range []float64{lang.AcceptRate(), gl.AcceptRate()} {
		if r < 0.3 || r > 0.999 {
			t.Errorf("acceptance rate %.3f, want in [0.3, 0.999]", r)
		}
	}
	bad := NewLangevin(0.1, false, 1)
	bad.Temperature = -1
	if err := bad.SampleGaussian(g, exactChains(t, g, 2, 1), 1); err == nil {
		t.Error("negative temperature: no error")
	}
}
