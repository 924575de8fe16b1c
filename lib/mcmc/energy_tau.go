package mcmc

import (
	"context"
	"errors"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// EnergyTau is what EnergyAutocorr measures: the integrated
// autocorrelation time τ of the energy along a sampler's chains, by two
// estimators, and its autocorrelation function, each the mean over the
// chains.
type EnergyTau struct {
	// AR is τ from an autoregressive fit (FitAR with the default maximum
	// order), the flip-the-state paper's estimator.
	AR float64
	// Window is Sokal's windowed sum (WindowTau with c = 5).
	Window float64
	// ACF holds R(Δt) for Δt = 0 … maxLag.
	ACF []float64
}

// EnergyAutocorr measures how fast the energy of a sampler's chains
// decorrelates, as in the flip-the-state paper's Table 2 and Fig. 4: it
// runs burnIn transitions of s on c under m (not recorded), then records
// the energy E(v_t, h_t) of every chain for steps transitions
// (EnergyTrace), and returns the means over the chains of τ_AR (FitAR),
// τ_window (WindowTau; its warning that a trace is short is ignored, the
// estimate stands) and the ACF up to maxLag (each chain's value divided by
// the number of chains and summed in chain order). It checks ctx as Run
// and EnergyTrace do and returns their errors, wrapped; steps must be at
// least 2 and maxLag in 0 … steps−1.
func EnergyAutocorr(ctx context.Context, s Sampler, m *rbm.Binary, c *Chains, burnIn, steps, maxLag int) (EnergyTau, error) {
	var out EnergyTau
	if s == nil || m == nil || c == nil {
		return out, errors.New("mcmc: EnergyAutocorr: nil sampler, model or chains")
	}
	if burnIn < 0 || steps < 2 || maxLag < 0 || maxLag >= steps {
		return out, fmt.Errorf("mcmc: EnergyAutocorr: need burnIn ≥ 0, steps ≥ 2 and 0 ≤ maxLag < steps, got %d, %d, %d", burnIn, steps, maxLag)
	}
	if err := Run(ctx, s, m, c, burnIn, 0, nil); err != nil {
		return out, fmt.Errorf("mcmc: EnergyAutocorr: burn-in: %w", err)
	}
	traces, err := EnergyTrace(ctx, s, m, c, steps, nil)
	if err != nil {
		return out, fmt.Errorf("mcmc: EnergyAutocorr: %w", err)
	}
	out.ACF = make([]float64, maxLag+1)
	n := float64(len(traces))
	for k, tr := range traces {
		fit, err := FitAR(tr, 0)
		if err != nil {
			return out, fmt.Errorf("mcmc: EnergyAutocorr: chain %d: %w", k, err)
		}
		w, _, _ := WindowTau(tr, 0)
		r, err := ACF(nil, tr, maxLag)
		if err != nil {
			return out, fmt.Errorf("mcmc: EnergyAutocorr: chain %d: %w", k, err)
		}
		out.AR += fit.Tau / n
		out.Window += w / n
		for i := range out.ACF {
			out.ACF[i] += r[i] / n
		}
	}
	return out, nil
}
