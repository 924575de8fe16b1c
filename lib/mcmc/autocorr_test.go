package mcmc

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// ar1 returns n values of the stationary AR(1) process
// x_t = φ x_{t−1} + ε_t, ε_t ~ N(0, 1), started from its stationary law.
func ar1(phi float64, n int, seed uint64) []float64 {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	x := make([]float64, n)
	x[0] = rng.NormFloat64() / math.Sqrt(1-phi*phi)
	for t := 1; t < n; t++ {
		x[t] = phi*x[t-1] + rng.NormFloat64()
	}
	return x
}

// TestACFDirect checks the FFT autocorrelation against the direct sum on
// a short trace, to 1e-12.
func TestACFDirect(t *testing.T) {
	x := ar1(0.7, 301, 1)
	got, err := ACF(nil, x, 40)
	if err != nil {
		t.Fatal(err)
	}
	var mean float64
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	g := func(lag int) float64 {
		var s float64
		for i := 0; i+lag < len(x); i++ {
			s += (x[i] - mean) * (x[i+lag] - mean)
		}
		return s
	}
	for lag := 0; lag <= 40; lag++ {
		if want := g(lag) / g(0); math.Abs(got[lag]-want) > 1e-12 {
			t.Errorf("R(%d) = %v, want %v", lag, got[lag], want)
		}
	}
}

// TestTauAR1 checks that both estimators recover the integrated
// autocorrelation time τ = (1+φ)/(1−φ) of AR(1) processes of N = 100000
// values.
//
// Tolerances. AR fit: the Yule–Walker estimate φ̂ has standard deviation
// sqrt((1−φ²)/N) and dτ/dφ = 2/(1−φ)², so sd(τ̂) ≈ 2/(1−φ)²·sqrt((1−φ²)/N):
// 0.276 for φ = 0.9 (τ = 19), 0.0024 for φ = −0.5 (τ = ⅓). We allow 5 sd,
// which also covers the small extra variance when AIC picks an order above
// 1. Windowed (φ = 0.9 only; for anticorrelated traces Sokal's window stops
// too early by design): Sokal's variance var(τ̂) ≈ 2(2M+1)/N·τ² with
// M ≈ 5τ ≈ 95 gives sd ≈ 1.17; the truncation bias 2φ^{M+1}/(1−φ) < 1e-3 is
// negligible. We allow 4 sd = 4.7.
func TestTauAR1(t *testing.T) {
	const n = 100000
	for _, tc := range []struct {
		phi, sd float64
	}{{0.9, 0.276}, {-0.5, 0.0024}} {
		x := ar1(tc.phi, n, 7)
		want := (1 + tc.phi) / (1 - tc.phi)
		fit, err := FitAR(x, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("φ = %v: AR order %d, τ = %.4f (want %.4f)", tc.phi, fit.Order, fit.Tau, want)
		if math.Abs(fit.Tau-want) > 5*tc.sd {
			t.Errorf("φ = %v: AR τ = %v, want %v ± %v", tc.phi, fit.Tau, want, 5*tc.sd)
		}
		if fit.Order < 1 || math.Abs(fit.Coef[0]-tc.phi) > 0.05 {
			t.Errorf("φ = %v: fit order %d, coefficients %v", tc.phi, fit.Order, fit.Coef)
		}
	}
	x := ar1(0.9, n, 8)
	tau, m, err := WindowTau(x, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("windowed τ = %.3f, window %d", tau, m)
	if math.Abs(tau-19) > 4.7 {
		t.Errorf("windowed τ = %v, want 19 ± 4.7", tau)
	}
	// White noise: τ = 1; AR picks order 0 or a tiny fit.
	fit, err := FitAR(ar1(0, n, 9), 0)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(fit.Tau-1) > 0.05 {
		t.Errorf("white noise: τ = %v, want 1", fit.Tau)
	}
}

// TestEnergyTrace checks the energy trace of Gibbs chains against the
// model's energy of the final state, the observer, and cancellation; and
// that on the zero-weight 3×3 model the Gibbs trace is uncorrelated
// (τ ≈ 1), since Gibbs draws an independent state each step there.
func TestEnergyTrace(t *testing.T) {
	m := smallModel(t)
	c, _ := NewChains(m, 3, rand.New(rand.NewPCG(1, 1)))
	var calls, last int
	tr, err := EnergyTrace(context.Background(), NewGibbs(2), m, c, 250, func(done, total int) {
		calls++
		last = done
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(tr) != 3 || len(tr[1]) != 250 {
		t.Fatalf("traces %d×%d, want 3×250", len(tr), len(tr[1]))
	}
	if e := m.Energy(c.V.RawRowView(1), c.H.RawRowView(1)); tr[1][249] != e {
		t.Errorf("last energy %v, want %v", tr[1][249], e)
	}
	if calls == 0 || last != 250 {
		t.Errorf("progress called %d times, last at %d", calls, last)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := EnergyTrace(ctx, NewGibbs(2), m, c, 10, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	zero, _ := rbm.NewBinary(3, 3, nil)
	zero.B[0] = 1
	c, _ = NewChains(zero, 1, nil)
	tr, err = EnergyTrace(context.Background(), NewGibbs(3), zero, c, 20000, nil)
	if err != nil {
		t.Fatal(err)
	}
	fit, err := FitAR(tr[0], 0)
	if err != nil {
		t.Fatal(err)
	}
	// τ̂ − 1 ≈ 2 Σ of a few sample autocorrelations of sd 1/sqrt(N) = 0.007.
	if math.Abs(fit.Tau-1) > 0.1 {
		t.Errorf("independent draws: τ = %v, want 1", fit.Tau)
	}
}

// TestAutocorrBadInput checks the errors.
func TestAutocorrBadInput(t *testing.T) {
	if _, err := ACF(nil, []float64{1}, 0); err == nil {
		t.Error("ACF: no error for one value")
	}
	if _, err := ACF(nil, []float64{1, 1, 1}, 1); err == nil {
		t.Error("ACF: no error for a constant trace")
	}
	if _, err := ACF(nil, []float64{1, 2, 3}, 3); err == nil {
		t.Error("ACF: no error for lag N")
	}
	if _, err := ACF(nil, []float64{1, math.NaN(), 3}, 1); err == nil {
		t.Error("ACF: no error for NaN")
	}
	if _, err := FitAR(nil, 0); err == nil {
		t.Error("FitAR: no error for empty trace")
	}
	if _, _, err := WindowTau(ar1(0.99, 200, 1), 0); err == nil {
		t.Error("WindowTau: no error for a trace far shorter than its τ")
	}
}
