package mcmc

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// TestEnergyAutocorrWrittenOut checks EnergyAutocorr against the same
// measurement written out (Run for the burn-in, EnergyTrace, then FitAR,
// WindowTau and ACF per chain, averaged in chain order) with samplers and
// chains of the same seeds: equal exactly.
func TestEnergyAutocorrWrittenOut(t *testing.T) {
	m, _ := rbm.NewBinary(4, 3, &rbm.Init{WeightStd: 1.5, Seed: 2})
	const burn, steps, lag = 100, 3000, 20
	f1, _ := NewFlip(1, 5)
	c1, _ := NewChains(m, 3, rand.New(rand.NewPCG(1, 2)))
	got, err := EnergyAutocorr(context.Background(), f1, m, c1, burn, steps, lag)
	if err != nil {
		t.Fatal(err)
	}
	f2, _ := NewFlip(1, 5)
	c2, _ := NewChains(m, 3, rand.New(rand.NewPCG(1, 2)))
	if err := Run(context.Background(), f2, m, c2, burn, 0, nil); err != nil {
		t.Fatal(err)
	}
	traces, err := EnergyTrace(context.Background(), f2, m, c2, steps, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := EnergyTau{ACF: make([]float64, lag+1)}
	for _, tr := range traces {
		fit, _ := FitAR(tr, 0)
		w, _, _ := WindowTau(tr, 0)
		r, _ := ACF(nil, tr, lag)
		want.AR += fit.Tau / 3
		want.Window += w / 3
		for i := range want.ACF {
			want.ACF[i] += r[i] / 3
		}
	}
	if got.AR != want.AR || got.Window != want.Window {
		t.Errorf("τ = %v, %v; written out %v, %v", got.AR, got.Window, want.AR, want.Window)
	}
	for i := range want.ACF {
		if got.ACF[i] != want.ACF[i] {
			t.Fatalf("ACF[%d] = %v, written out %v", i, got.ACF[i], want.ACF[i])
		}
	}
	if _, err := EnergyAutocorr(context.Background(), f1, m, c1, 0, 10, 10); err == nil {
		t.Error("maxLag = steps accepted")
	}
	if _, err := EnergyAutocorr(context.Background(), nil, m, c1, 0, 10, 1); err == nil {
		t.Error("nil sampler accepted")
	}
}

// TestEnergyAutocorrIndependent checks the estimates where the answer is
// known: with zero weights, block Gibbs draws every state afresh, so the
// energies are independent, R(Δt) = 0 for Δt ≥ 1 and τ = 1. With 4 chains
// of N = 20000 steps the mean sample autocorrelation at a lag has standard
// deviation about 1/√(4N) = 0.0035, so R(1) and R(5) must be within 5 of
// those, 0.018, of 0; τ_AR of white noise is 1 up to the same relative
// error of the variance and the fitted coefficients, so within 0.1 (about
// 2·(1 + 2·Σ|R|) with 5 lags of error 0.018 each; the AIC order is small).
func TestEnergyAutocorrIndependent(t *testing.T) {
	m, _ := rbm.NewBinary(5, 4, nil)
	for i := range m.B {
		m.B[i] = 0.3 * float64(i)
	}
	c, _ := NewChains(m, 4, rand.New(rand.NewPCG(7, 7)))
	got, err := EnergyAutocorr(context.Background(), NewGibbs(3), m, c, 10, 20000, 5)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got.ACF[1]) > 0.018 || math.Abs(got.ACF[5]) > 0.018 || got.ACF[0] != 1 {
		t.Errorf("ACF %v: want 1 at lag 0 and |R| ≤ 0.018 at lags 1 and 5", got.ACF)
	}
	if math.Abs(got.AR-1) > 0.1 {
		t.Errorf("τ_AR = %v, want 1 ± 0.1", got.AR)
	}
}
