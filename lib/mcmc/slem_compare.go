package mcmc

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// SLEMComparison holds what CompareSLEMs finds for one size and weight
// bound: the fraction of the RBMs for which flip-the-state mixes faster
// than Gibbs sampling, and the mean SLEM of each.
type SLEMComparison struct {
	// FracT is the fraction of the RBMs with SLEM(T) < SLEM(G).
	FracT float64
	// MeanG and MeanT are the mean SLEMs of G (α = 0) and T (α = 1).
	MeanG, MeanT float64
}

// CompareSLEMs runs the experiment of the flip-the-state paper's Fig. 3
// (upper) for one size n and weight bound c: it draws count binary RBMs
// with n visible and n hidden units, biases 0 and weights uniform in
// [−c, c],
//
//	W_ij = c·(2u_ij − 1),  u_ij ~ U[0, 1) from rng, row by row,
//
// one RBM after the other, builds the exact transition matrices of G
// (TransitionMatrix with α = 0) and T (α = 1), and compares their second
// largest eigenvalue moduli (SLEM): the fraction of RBMs with
// SLEM(T) < SLEM(G), and the mean SLEM of each (the sum of SLEM/count in
// the order drawn). progress, if non-nil, is called after each RBM with
// the number done. It checks ctx before every RBM and returns its error,
// wrapped, when ctx ends. n must be 1 to MaxTransitionUnits/2, count
// positive, c finite and rng non-nil; otherwise it returns an error.
func CompareSLEMs(ctx context.Context, n int, c float64, count int, rng *rand.Rand, progress func(done int)) (SLEMComparison, error) {
	var out SLEMComparison
	if n < 1 || 2*n > MaxTransitionUnits {
		return out, fmt.Errorf("mcmc: CompareSLEMs: size %d outside 1…%d", n, MaxTransitionUnits/2)
	}
	if count <= 0 {
		return out, fmt.Errorf("mcmc: CompareSLEMs: number of RBMs must be positive, got %d", count)
	}
	if c-c != 0 {
		return out, fmt.Errorf("mcmc: CompareSLEMs: weight bound %v is not finite", c)
	}
	if rng == nil {
		return out, errors.New("mcmc: CompareSLEMs: nil random source")
	}
	wins := 0
	for r := 0; r < count; r++ {
		if err := ctx.Err(); err != nil {
			return out, fmt.Errorf("mcmc: CompareSLEMs: stopped after %d of %d RBMs: %w", r, count, err)
		}
		m, err := rbm.NewBinary(n, n, nil)
		if err != nil {
			return out, fmt.Errorf("mcmc: CompareSLEMs: %w", err)
		}
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				m.W.Set(i, j, c*(2*rng.Float64()-1))
			}
		}
		var s [2]float64
		for k, alpha := range []float64{0, 1} {
			p, err := TransitionMatrix(m, alpha)
			if err != nil {
				return out, fmt.Errorf("mcmc: CompareSLEMs: %w", err)
			}
			if s[k], err = SLEM(p); err != nil {
				return out, fmt.Errorf("mcmc: CompareSLEMs: %w", err)
			}
		}
		if s[1] < s[0] {
			wins++
		}
		out.MeanG += s[0] / float64(count)
		out.MeanT += s[1] / float64(count)
		if progress != nil {
			progress(r + 1)
		}
	}
	out.FracT = float64(wins) / float64(count)
	return out, nil
}
