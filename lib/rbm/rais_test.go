package rbm

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"
)

// raisModel returns an nv×nh RBM with weights N(0, ws²) and biases
// N(0, 0.5²), and 50 random visible states to fit the base rates to.
func raisModel(t *testing.T, nv, nh int, ws float64) (*Binary, *mat.Dense) {
	t.Helper()
	m, err := NewBinary(nv, nh, &Init{WeightStd: ws, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range m.B {
		m.B[i] = 0.5 * rng.NormFloat64()
	}
	for j := range m.C {
		m.C[j] = 0.5 * rng.NormFloat64()
	}
	d := mat.NewDense(50, nv, nil)
	for i, raw := 0, d.RawMatrix().Data; i < len(raw); i++ {
		if rng.Float64() < 0.4 {
			raw[i] = 1
		}
	}
	return m, d
}

// TestAISBracket checks, at one fixed seed, that forward and reverse AIS
// bracket the exact log Z of a 10×8 RBM (weights N(0, 2²)) within their
// stated standard errors, for 100, 1,000 and 10,000 distributions and 100
// chains: log Ẑ_AIS ≤ log Z + 3 se_AIS and log Ẑ_rev ≥ log Z − 3 se_rev.
// Each estimate is, by the delta method, about normal around log Z with
// standard deviation se, and biased away from the wrong side of the
// bracket (AIS low, reverse AIS high, by Jensen), so each one-sided check
// fails with probability below Φ(−3) ≈ 0.0013. Both must also lie within
// 4 se + se² of log Z, as TestAISExact asks of AIS.
func TestAISBracket(t *testing.T) {
	m, d := raisModel(t, 10, 8, 2)
	exact, err := m.ExactLogZ()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []int{100, 1000, 10000} {
		s := &AISSettings{Chains: 100, Steps: k, Data: d, Seed: 3}
		f, fse, err := m.AIS(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		r, rse, err := m.ReverseAIS(context.Background(), s)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("K = %5d: AIS %+.4f ± %.4f, reverse %+.4f ± %.4f (differences from exact %.4f)", k, f-exact, fse, r-exact, rse, exact)
		if f > exact+3*fse {
			t.Errorf("K = %d: AIS log Z %.4f above exact %.4f by more than 3 se (%.4f)", k, f, exact, 3*fse)
		}
		if r < exact-3*rse {
			t.Errorf("K = %d: reverse AIS log Z %.4f below exact %.4f by more than 3 se (%.4f)", k, r, exact, 3*rse)
		}
		for _, e := range [][2]float64{{f, fse}, {r, rse}} {
			if !(e[1] > 0) || math.Abs(e[0]-exact) > 4*e[1]+e[1]*e[1] {
				t.Errorf("K = %d: estimate %.4f ± %.4f, exact %.4f", k, e[0], e[1], exact)
			}
		}
	}
}

// meanSE returns the mean of x and its standard error, the sample
// standard deviation over √len(x).
func meanSE(x []float64) (mean, se float64) {
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	var s2 float64
	for _, v := range x {
		s2 += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(s2 / float64(len(x)-1) / float64(len(x)))
}

// TestAISBracketNarrows checks the direction of the two biases and that
// the bracket narrows with more distributions. With few chains (M = 10)
// and few distributions (K = 10), the weights spread widely and Jensen's
// bias is large: over 400 independent seeds (fixed), the mean of
// log Ẑ_AIS − log Z must be below 0 and that of log Ẑ_rev − log Z above 0,
// each by more than 3 standard errors of the mean over seeds (measured
// here: −0.27 and +0.31, 7 and 8 standard errors of 0.04). The mean gap
// log Ẑ_rev − log Ẑ_AIS must fall from K = 10 to K = 300 by more than 3
// standard errors of the difference of the two means (measured: 0.59 ±
// 0.05 to 0.016 ± 0.007), and at K = 300 each mean must lie within 4
// standard errors of 0 (the biases shrink as K grows; measured −0.011 and
// +0.005, standard errors 0.005). The seeds are independent, so the
// means are about normal and a 3-standard-error check fails with
// probability about 0.001.
func TestAISBracketNarrows(t *testing.T) {
	m, d := raisModel(t, 10, 8, 2)
	exact, err := m.ExactLogZ()
	if err != nil {
		t.Fatal(err)
	}
	const R = 400
	gap := map[int][2]float64{}
	for _, k := range []int{10, 300} {
		var fs, rs, gs []float64
		for seed := uint64(0); seed < R; seed++ {
			s := &AISSettings{Chains: 10, Steps: k, Data: d, Seed: 100 + seed}
			f, _, err := m.AIS(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			r, _, err := m.ReverseAIS(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			fs, rs, gs = append(fs, f-exact), append(rs, r-exact), append(gs, r-f)
		}
		fm, fse := meanSE(fs)
		rm, rse := meanSE(rs)
		gm, gse := meanSE(gs)
		gap[k] = [2]float64{gm, gse}
		t.Logf("K = %4d: mean AIS error %+.4f ± %.4f, reverse %+.4f ± %.4f, gap %.4f ± %.4f", k, fm, fse, rm, rse, gm, gse)
		if k == 10 {
			if !(fm < -3*fse) {
				t.Errorf("K = 10: AIS not biased low: mean error %.4f ± %.4f", fm, fse)
			}
			if !(rm > 3*rse) {
				t.Errorf("K = 10: reverse AIS not biased high: mean error %.4f ± %.4f", rm, rse)
			}
		} else if math.Abs(fm) > 4*fse || math.Abs(rm) > 4*rse {
			t.Errorf("K = %d: mean errors %.4f ± %.4f and %.4f ± %.4f not near 0", k, fm, fse, rm, rse)
		}
	}
	lo, hi := gap[300], gap[10]
	if hi[0]-lo[0] < 3*math.Hypot(hi[1], lo[1]) {
		t.Errorf("gap %.4f ± %.4f at K = 10 does not narrow at K = 300 (%.4f ± %.4f)", hi[0], hi[1], lo[0], lo[1])
	}
}

// TestAISStandardError checks the standard error that AIS and reverse AIS
// report against the spread of their estimates over 200 independent
// (fixed) seeds, with 100 chains and 100 distributions on a 10×8 RBM
// (weights N(0, 1)), where the weights are moderate and the delta method
// applies. If the estimates are normal with variance σ², estimated by the
// mean of the reported se², the sample variance s² over R = 200 seeds has
// (R − 1)s²/σ² ~ χ²(R − 1); the test asks s²/σ² to lie between the
// 0.0005 and 0.9995 quantiles of χ²(199)/199 (about 0.71 and 1.36), which
// fails with probability 0.001 when the reported se is right, and catches
// a standard error off by a factor of 1.2 or more.
func TestAISStandardError(t *testing.T) {
	m, d := raisModel(t, 10, 8, 1)
	const R = 200
	chi := distuv.ChiSquared{K: R - 1}
	lo, hi := chi.Quantile(0.0005)/(R-1), chi.Quantile(0.9995)/(R-1)
	for _, dir := range []string{"AIS", "reverse"} {
		var est []float64
		var se2 float64
		for seed := uint64(0); seed < R; seed++ {
			s := &AISSettings{Chains: 100, Steps: 100, Data: d, Seed: 1000 + seed}
			run := m.AIS
			if dir == "reverse" {
				run = m.ReverseAIS
			}
			lz, se, err := run(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			est = append(est, lz)
			se2 += se * se / R
		}
		_, semean := meanSE(est)
		s2 := semean * semean * R
		ratio := s2 / se2
		t.Logf("%s: empirical sd %.4f, reported se (rms) %.4f, variance ratio %.3f in [%.3f, %.3f]?", dir, math.Sqrt(s2), math.Sqrt(se2), ratio, lo, hi)
		if ratio < lo || ratio > hi {
			t.Errorf("%s: variance of the estimates over seeds / mean reported se² = %.3f, outside [%.3f, %.3f]", dir, ratio, lo, hi)
		}
	}
}

// TestReverseAISExactStart checks the exact samples that reverse AIS
// starts from, for a model with fewer visible units (sampled from p(v))
// and one with fewer hidden units (h from p(h), then v from p(v|h)): the
// mean of each visible unit over 20,000 chains must lie within 4 binomial
// standard errors √(p(1−p)/20000) of its exact marginal p (from
// ExactVisibleDist); each unit fails with probability 6e-5.
func TestReverseAISExactStart(t *testing.T) {
	for _, size := range [][2]int{{6, 9}, {9, 6}} {
		m, _ := raisModel(t, size[0], size[1], 1.5)
		p, err := m.ExactVisibleDist()
		if err != nil {
			t.Fatal(err)
		}
		marg := make([]float64, size[0])
		for k, q := range p {
			for i := range marg {
				marg[i] += q * float64(k>>i&1)
			}
		}
		const M = 20000
		a, err := m.newAnnealer("test", &AISSettings{Chains: M, Seed: 9}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := a.exactStart(); err != nil {
			t.Fatal(err)
		}
		for i, q := range marg {
			got := mat.Sum(a.v.ColView(i)) / M
			if se := math.Sqrt(q * (1 - q) / M); math.Abs(got-q) > 4*se {
				t.Errorf("%d×%d: unit %d has mean %.4f over the exact samples, exact marginal %.4f (4 se = %.4f)", size[0], size[1], i, got, q, 4*se)
			}
		}
	}
}

// TestReverseAISBaseIsExact checks that reverse AIS of a model with zero
// weights and hidden biases, annealed to a base equal to it, is exact:
// every weight is 1, so log Ẑ = log Z_A and the standard error is 0, with
// exact starting states and with data ones.
func TestReverseAISBaseIsExact(t *testing.T) {
	m, _ := NewBinary(5, 3, nil)
	copy(m.B, []float64{-1, 0.5, 2, 0, -3})
	exact, _ := m.ExactLogZ()
	for _, start := range []mat.Matrix{nil, mat.NewDense(2, 5, []float64{1, 0, 1, 0, 1, 0, 0, 0, 1, 1})} {
		lz, se, err := m.ReverseAIS(context.Background(), &AISSettings{Chains: 10, Steps: 20, Base: m.B, Start: start, BurnIn: 3})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(lz-exact) > 1e-12 || se > 1e-12 {
			t.Errorf("start %v: log Z = %v ± %v, exact %v", start, lz, se, exact)
		}
	}
}

// TestReverseAISInputs checks errors for bad settings, a model too large
// for exact samples, cancellation and progress.
func TestReverseAISInputs(t *testing.T) {
	m, d := raisModel(t, 10, 8, 1)
	bad := []*AISSettings{
		{Chains: -1},
		{Steps: -2},
		{Betas: []float64{0, 0.6, 0.5, 1}},
		{Base: []float64{1}},
		{BurnIn: -1},
		{Start: mat.NewDense(2, 3, nil)},
		{Start: mat.NewDense(1, 10, []float64{0, 1, 0.5, 0, 0, 0, 0, 0, 0, 0})},
	}
	for i, s := range bad {
		if _, _, err := m.ReverseAIS(context.Background(), s); err == nil {
			t.Errorf("settings %d: no error", i)
		}
	}
	big, _ := NewBinary(MaxTableUnits+1, MaxTableUnits+1, nil)
	if _, _, err := big.ReverseAIS(context.Background(), &AISSettings{Chains: 2, Steps: 2}); err == nil {
		t.Error("a model too large for exact samples, without Start: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := m.ReverseAIS(ctx, &AISSettings{Data: d}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v", err)
	}
	if _, _, err := m.ReverseAIS(ctx, &AISSettings{Data: d, Start: d, BurnIn: 5}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled in burn-in: error %v", err)
	}
	var calls, last, total int
	progress := func(done, n int) { calls, last, total = calls+1, done, n }
	if _, _, err := m.ReverseAIS(context.Background(), &AISSettings{Chains: 2, Steps: 500, Start: d, BurnIn: 100, Progress: progress}); err != nil || calls == 0 || calls > 102 || last != 600 || total != 600 {
		t.Errorf("progress called %d times, last %d of %d, error %v", calls, last, total, err)
	}
}
