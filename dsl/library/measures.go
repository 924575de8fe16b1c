package library

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// This file holds the sampler-based measurements of the library table
// (isl, tau). Each call makes a fresh sampler of the run's kind and fresh
// chains from the same seeds, so that the measurement at every step uses
// the same random numbers (common random numbers: the curve over training
// shows the model's change, not the draws').

// startRows returns n rows of x drawn uniformly with replacement by rng.
func startRows(x *mat.Dense, n int, rng *rand.Rand) *mat.Dense {
	rows, cols := x.Dims()
	v := mat.NewDense(n, cols, nil)
	for i := range n {
		v.SetRow(i, x.RawRowView(rng.IntN(rows)))
	}
	return v
}

// measureSampler makes the sampler and the chains of one measurement: a
// sampler of the run's kind seeded from r.seed, and n chains started at
// random training examples.
func measureSampler(r *runParts, m *rbm.Binary, n int) (mcmc.Sampler, *mcmc.Chains, error) {
	a, err := r.newSampler(streamSeed(r.seed, 1))
	if err != nil {
		return nil, nil, err
	}
	s, ok := a.(mcmc.Sampler)
	if !ok {
		return nil, nil, fmt.Errorf("the sampler (%T) does not sample binary models", a)
	}
	rng := rand.New(rand.NewPCG(streamSeed(r.seed, 2), 0))
	c, err := mcmc.NewChainsFrom(m, startRows(r.set.X, n, rng))
	if err != nil {
		return nil, nil, err
	}
	return s, c, nil
}

// islMeasure returns the isl measurement: ISL_N of the set scored (the
// training set or the test set), the kernel width chosen on the training
// set, for N = n samples of one chain, taken every thin steps after burn
// steps.
func islMeasure(r *runParts, scored *data.Set, n, burn, thin int) measureFunc {
	return binaryMeasure(func(ctx context.Context, m *rbm.Binary) (float64, error) {
		s, c, err := measureSampler(r, m, 1)
		if err != nil {
			return 0, fmt.Errorf("isl: %w", err)
		}
		if err := mcmc.Run(ctx, s, m, c, burn, 0, nil); err != nil {
			return 0, fmt.Errorf("isl: burn-in: %w", err)
		}
		samples := mat.NewDense(n, m.Visible(), nil)
		for i := range n {
			if err := mcmc.Run(ctx, s, m, c, thin, 0, nil); err != nil {
				return 0, fmt.Errorf("isl: sample %d: %w", i+1, err)
			}
			samples.SetRow(i, c.V.RawRowView(0))
		}
		curve, err := mcmc.ISL(ctx, samples, scored.X, r.set.X, &mcmc.ISLSettings{Binary: true, Sizes: []int{n}})
		if err != nil {
			return 0, fmt.Errorf("isl: %w", err)
		}
		return curve.LogLik[len(curve.LogLik)-1], nil
	})
}

// tauSpec is how the tau measurement measures: chains chains, burn steps
// each before steps recorded ones, and τ by the AR fit (ar) or the
// window.
type tauSpec struct {
	chains, steps, burn int
	ar                  bool
}

// tauMeasure returns the tau measurement: the mean over chains of the
// integrated autocorrelation time of the joint energy, from traces of
// steps transitions after burn unrecorded ones, by the AR fit or Sokal's
// window. A chain whose energy never changes has an infinite τ, and so
// has the mean.
func tauMeasure(r *runParts, spec tauSpec) measureFunc {
	return binaryMeasure(func(ctx context.Context, m *rbm.Binary) (float64, error) {
		s, c, err := measureSampler(r, m, spec.chains)
		if err != nil {
			return 0, fmt.Errorf("tau: %w", err)
		}
		if err := mcmc.Run(ctx, s, m, c, spec.burn, 0, nil); err != nil {
			return 0, fmt.Errorf("tau: burn-in: %w", err)
		}
		traces, err := mcmc.EnergyTrace(ctx, s, m, c, spec.steps, nil)
		if err != nil {
			return 0, fmt.Errorf("tau: %w", err)
		}
		var sum float64
		for k, t := range traces {
			if constant(t) {
				return math.Inf(1), nil
			}
			if spec.ar {
				fit, err := mcmc.FitAR(t, 0)
				if err != nil {
					return 0, fmt.Errorf("tau: chain %d: %w", k, err)
				}
				sum += fit.Tau
				continue
			}
			tau, _, err := mcmc.WindowTau(t, 5)
			if err != nil && tau == 0 {
				return 0, fmt.Errorf("tau: %w", err)
			}
			// A non-nil error with τ set says the trace is too short for
			// Sokal's window: τ(N/2) is kept, as the entry's doc says.
			sum += tau
		}
		return sum / float64(len(traces)), nil
	})
}

// constant reports whether every value of x equals the first.
func constant(x []float64) bool {
	for _, v := range x {
		if v != x[0] {
			return false
		}
	}
	return true
}

// binaryMeasure makes a measurement of binary models one of any model,
// refusing another.
func binaryMeasure(f func(ctx context.Context, m *rbm.Binary) (float64, error)) measureFunc {
	return func(ctx context.Context, m rbm.Model) (float64, error) {
		b, ok := m.(*rbm.Binary)
		if !ok {
			return 0, fmt.Errorf("model is %T, want *rbm.Binary", m)
		}
		return f(ctx, b)
	}
}
