package mcmc

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/dsp/fourier"
)

// ACF returns the sample autocorrelation function of the trace x at lags
// 0…maxLag,
//
//	R(t) = γ(t)/γ(0),  γ(t) = (1/N) Σ_{s=0}^{N−1−t} (x_s − x̄)(x_{s+t} − x̄),
//
// the biased (1/N) estimator, which keeps the sequence positive definite,
// as the flip-the-state paper's Eq. (16) and most MCMC tools use. It is
// computed with an FFT of the zero-padded trace in O(N log N). The result
// is written into dst if it has length maxLag+1, else into a new slice.
// ACF returns an error if x has fewer than 2 values, a NaN or infinite
// value, zero variance, or maxLag is outside [0, N−1].
func ACF(dst, x []float64, maxLag int) ([]float64, error) {
	n := len(x)
	if n < 2 {
		return nil, fmt.Errorf("mcmc: ACF: trace has %d values, need at least 2", n)
	}
	if maxLag < 0 || maxLag >= n {
		return nil, fmt.Errorf("mcmc: ACF: maximum lag %d outside [0, %d]", maxLag, n-1)
	}
	var mean float64
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("mcmc: ACF: trace has %v at %d", v, i)
		}
		mean += v
	}
	mean /= float64(n)
	size := 1
	for size < 2*n {
		size *= 2
	}
	seq := make([]float64, size)
	var g0 float64
	for i, v := range x {
		seq[i] = v - mean
		g0 += seq[i] * seq[i]
	}
	if g0 == 0 {
		return nil, errors.New("mcmc: ACF: trace is constant (zero variance)")
	}
	fft := fourier.NewFFT(size)
	coef := fft.Coefficients(nil, seq)
	for i, c := range coef {
		coef[i] = complex(real(c)*real(c)+imag(c)*imag(c), 0)
	}
	acov := fft.Sequence(seq, coef) // size·Σ_s y_s y_{s+t}
	if len(dst) != maxLag+1 {
		dst = make([]float64, maxLag+1)
	}
	for t := range dst {
		dst[t] = acov[t] / acov[0]
	}
	dst[0] = 1
	return dst, nil
}

// ARFit is an autoregressive model of a trace fitted by FitAR:
//
//	x_t − μ = Σ_{k=1}^{p} φ_k (x_{t−k} − μ) + ε_t,  ε_t ~ (0, σ²).
type ARFit struct {
	// Order is the order p chosen by AIC.
	Order int
	// Coef holds φ_1…φ_p.
	Coef []float64
	// Noise is the innovation variance σ².
	Noise float64
	// Variance is the sample variance γ(0) of the trace (1/N).
	Variance float64
	// Tau is the integrated autocorrelation time of the fitted process,
	// the spectral density at frequency 0 over the variance:
	//	τ = σ² / ((1 − Σ_k φ_k)² γ(0)).
	Tau float64
}

// FitAR fits autoregressive models of orders 0…maxOrder to the trace x by
// the Yule–Walker equations (solved by the Levinson–Durbin recursion on
// the sample autocovariances γ(0…maxOrder) of ACF), picks the order p that
// minimises Akaike's criterion
//
//	AIC(p) = N log σ²_p + 2p,
//
// and returns the fit with its integrated autocorrelation time
//
//	τ = Σ_{t=−∞}^{∞} R(t) = S(0)/γ(0) = σ²_p / ((1 − Σ_k φ_k)² γ(0)),
//
// as the flip-the-state paper estimates τ (following Thompson 2010). For
// an AR(1) process with coefficient φ, τ = (1+φ)/(1−φ). maxOrder ≤ 0
// means min(N−1, ⌊10 log₁₀ N⌋). It returns ACF's errors.
func FitAR(x []float64, maxOrder int) (ARFit, error) {
	n := len(x)
	if maxOrder <= 0 {
		maxOrder = int(10 * math.Log10(float64(max(n, 1))))
	}
	maxOrder = min(maxOrder, n-1)
	r, err := ACF(nil, x, max(maxOrder, 0))
	if err != nil {
		return ARFit{}, fmt.Errorf("mcmc: FitAR: %w", err)
	}
	var mean, g0 float64
	for _, v := range x {
		mean += v
	}
	mean /= float64(n)
	for _, v := range x {
		g0 += (v - mean) * (v - mean)
	}
	g0 /= float64(n)

	// Levinson–Durbin on the autocorrelations (γ(t)/γ(0)); v is the
	// innovation variance over γ(0).
	phi := make([]float64, maxOrder+1) // phi[1..k]
	prev := make([]float64, maxOrder+1)
	best := ARFit{Order: 0, Noise: g0, Variance: g0, Tau: 1}
	bestAIC := float64(n) * math.Log(g0)
	v := 1.0
	for k := 1; k <= maxOrder; k++ {
		acc := r[k]
		for j := 1; j < k; j++ {
			acc -= prev[j] * r[k-j]
		}
		kappa := acc / v
		phi[k] = kappa
		for j := 1; j < k; j++ {
			phi[j] = prev[j] - kappa*prev[k-j]
		}
		v *= 1 - kappa*kappa
		if v <= 0 {
			break // the trace is (numerically) perfectly predictable
		}
		copy(prev, phi)
		if aic := float64(n)*math.Log(v*g0) + 2*float64(k); aic < bestAIC {
			bestAIC = aic
			var s float64
			for _, c := range phi[1 : k+1] {
				s += c
			}
			best = ARFit{
				Order:    k,
				Coef:     append([]float64(nil), phi[1:k+1]...),
				Noise:    v * g0,
				Variance: g0,
				Tau:      v / ((1 - s) * (1 - s)),
			}
		}
	}
	return best, nil
}

// WindowTau returns the windowed estimate of the integrated
// autocorrelation time of the trace x,
//
//	τ(M) = 1 + 2 Σ_{t=1}^{M} R(t),
//
// with Sokal's automatic window: M is the smallest lag with M ≥ c·τ(M)
// (c ≤ 0 means c = 5, reasonable when R decays roughly exponentially). It
// also returns M. If no M up to N/2 satisfies the condition, the trace is
// too short for a reliable estimate: WindowTau returns τ(N/2), M = N/2 and
// an error saying so. It returns ACF's errors.
func WindowTau(x []float64, c float64) (tau float64, window int, err error) {
	if c <= 0 {
		c = 5
	}
	n := len(x)
	maxLag := n / 2
	r, err := ACF(nil, x, max(maxLag, 0))
	if err != nil {
		return 0, 0, fmt.Errorf("mcmc: WindowTau: %w", err)
	}
	tau = 1
	for m := 1; m <= maxLag; m++ {
		tau += 2 * r[m]
		if float64(m) >= c*tau {
			return tau, m, nil
		}
	}
	return tau, maxLag, fmt.Errorf("mcmc: WindowTau: no window M ≤ N/2 = %d with M ≥ %g·τ(M) (τ = %.3g); the trace of %d values is too short", maxLag, c, tau, n)
}

// EnergyTrace runs steps transitions of s on the chains c under m and
// returns, for every chain k, its trace of joint energies
//
//	E_t = E(v_t, h_t) = −v_tᵀWh_t − bᵀv_t − cᵀh_t,  t = 1…steps,
//
// traces[k][t−1] being the energy after transition t. It checks ctx
// before every transition and returns the traces so far with ctx's error
// wrapped when cancelled; progress (if non-nil) is called about every 1%
// of the steps and at the end with the steps done and the total.
func EnergyTrace(ctx context.Context, s Sampler, m *rbm.Binary, c *Chains, steps int, progress func(done, total int)) ([][]float64, error) {
	if s == nil {
		return nil, errors.New("mcmc: EnergyTrace: nil sampler")
	}
	if steps < 0 {
		return nil, fmt.Errorf("mcmc: EnergyTrace: negative number of steps %d", steps)
	}
	if err := checkModel(m, c); err != nil {
		return nil, fmt.Errorf("mcmc: EnergyTrace: %w", err)
	}
	n := c.Len()
	traces := make([][]float64, n)
	for k := range traces {
		traces[k] = make([]float64, 0, steps)
	}
	every := max(steps/100, 1)
	for t := 0; t < steps; t++ {
		if err := ctx.Err(); err != nil {
			return traces, fmt.Errorf("mcmc: EnergyTrace: stopped after %d of %d steps: %w", t, steps, err)
		}
		if err := s.Sample(m, c, 1); err != nil {
			return traces, fmt.Errorf("mcmc: EnergyTrace: step %d: %w", t+1, err)
		}
		for k := range traces {
			traces[k] = append(traces[k], m.Energy(c.V.RawRowView(k), c.H.RawRowView(k)))
		}
		if progress != nil && ((t+1)%every == 0 || t+1 == steps) {
			progress(t+1, steps)
		}
	}
	return traces, nil
}
