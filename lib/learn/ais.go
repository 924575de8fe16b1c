package learn

import (
	"context"
	"errors"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// AISLogLikelihood returns the observer "ais-loglik": the mean
// log-likelihood of the examples of test under a binary RBM, with log Z
// estimated by annealed importance sampling (rbm.Binary.AIS),
//
//	(1/N) Σ_n ln p(v_n) ≈ −(1/N) Σ_n F(v_n) − log Ẑ.
//
// Train takes it every Settings.Every updates. s configures AIS (nil: its
// defaults, 100 chains and 1000 distributions); when s has neither Base
// nor Data, the base rates are fitted to test. It refuses a test set that
// is not binary (rbm.Binary.CheckData). The same s.Seed is used at
// every observation, so successive values differ only through the model.
// The run's context stops a running estimate within one distribution (AIS
// checks it before each). Unlike the
// exact observer it works for any size, at a cost of 2·Steps matrix
// products of Chains×m×n_h per observation. It keeps no state between
// calls (each allocates its own buffers and AIS draws from a fresh source
// seeded with s.Seed), so it may be shared by concurrent runs, provided
// no one changes *s meanwhile.
func AISLogLikelihood(test *data.Set, s *rbm.AISSettings) Observer {
	return Observer{Name: "ais-loglik", Func: func(ctx context.Context, m rbm.Model) (float64, error) {
		b, ok := m.(*rbm.Binary)
		if !ok {
			return 0, fmt.Errorf("learn: ais-loglik: model is %T, want *rbm.Binary", m)
		}
		if test == nil || test.X == nil {
			return 0, errors.New("learn: ais-loglik: nil data set")
		}
		if err := b.CheckData(test.X); err != nil {
			return 0, fmt.Errorf("learn: ais-loglik on set %q: %w", test.Name, err)
		}
		var set rbm.AISSettings
		if s != nil {
			set = *s
		}
		if set.Base == nil && set.Data == nil {
			set.Data = test.X
		}
		fe, err := b.FreeEnergies(nil, test.X)
		if err != nil {
			return 0, fmt.Errorf("learn: ais-loglik on set %q: %w", test.Name, err)
		}
		lz, _, err := b.AIS(ctx, &set)
		if err != nil {
			return 0, fmt.Errorf("learn: ais-loglik on set %q: %w", test.Name, err)
		}
		var sum float64
		for _, f := range fe {
			sum += f
		}
		return -sum/float64(len(fe)) - lz, nil
	}}
}
