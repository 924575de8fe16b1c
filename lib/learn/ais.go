package learn

import (
	"context"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// AISLogLikelihood returns the observer "ais-loglik": the mean
// log-likelihood of the examples of test under a binary RBM, with log Z
// estimated by annealed importance sampling ([rbm.Binary.AIS]),
//
//	(1/N) Σ_n ln p(v_n) ≈ −(1/N) Σ_n F(v_n) − log Ẑ,
//
// with its standard error, that of log Ẑ (the free energies are exact),
// which Train records as the series "ais-loglik-se" (Observer.FuncSE).
// Since log Ẑ is biased low, the value is biased high: an optimistic
// estimate, which ReverseAISLogLikelihood brackets from below.
//
// Train takes it every Settings.Every updates. s configures AIS (nil: its
// defaults, 100 chains and 1000 distributions); when s has neither Base
// nor Data, the base rates are fitted to test. It refuses a test set that
// is not binary ([rbm.Binary.CheckData]). The same s.Seed is used at
// every observation, so successive values differ only through the model.
// The run's context stops a running estimate within one distribution (AIS
// checks it before each). Unlike the
// exact observer it works for any size, at a cost of 2·Steps matrix
// products of Chains×m×n_h per observation. It keeps no state between
// calls (each allocates its own buffers and AIS draws from a fresh source
// seeded with s.Seed), so it may be shared by concurrent runs, provided
// no one changes *s meanwhile.
func AISLogLikelihood(test *data.Set, s *rbm.AISSettings) Observer {
	return annealedObserver("ais-loglik", test, s, false)
}

// ReverseAISLogLikelihood returns the observer "rais-loglik": the mean
// log-likelihood of the examples of test as AISLogLikelihood computes it,
// but with log Z estimated by reverse AIS ([rbm.Binary.ReverseAIS]), which
// is biased high, so that the value is biased low: a conservative
// estimate. With AISLogLikelihood and the same settings it brackets the
// log-likelihood. Its standard error is recorded as "rais-loglik-se".
//
// The chains start from s.Start when set; otherwise from exact samples of
// the model when its smaller layer has at most [rbm.MaxTableUnits] units,
// and from the rows of test (after s.BurnIn Gibbs transitions) when it
// is larger, which makes the bound only approximate (see
// [rbm.Binary.ReverseAIS]). Settings, validation, cost (plus 2·BurnIn products),
// context and sharing as AISLogLikelihood.
func ReverseAISLogLikelihood(test *data.Set, s *rbm.AISSettings) Observer {
	return annealedObserver("rais-loglik", test, s, true)
}

// annealedObserver returns the observer of AIS (reverse false) or reverse
// AIS called name.
func annealedObserver(name string, test *data.Set, s *rbm.AISSettings, reverse bool) Observer {
	measure := func(ctx context.Context, m rbm.Model) (float64, float64, error) {
		b, ok := m.(*rbm.Binary)
		if !ok {
			return 0, 0, fmt.Errorf("learn: %s: model is %T, want *rbm.Binary", name, m)
		}
		if test == nil || test.X == nil {
			return 0, 0, fmt.Errorf("learn: %s: nil data set", name)
		}
		if err := b.CheckData(test.X); err != nil {
			return 0, 0, fmt.Errorf("learn: %s on set %q: %w", name, test.Name, err)
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
			return 0, 0, fmt.Errorf("learn: %s on set %q: %w", name, test.Name, err)
		}
		run := b.AIS
		if reverse {
			run = b.ReverseAIS
			if set.Start == nil && min(b.Visible(), b.Hidden()) > rbm.MaxTableUnits {
				set.Start = test.X
			}
		}
		lz, se, err := run(ctx, &set)
		if err != nil {
			return 0, 0, fmt.Errorf("learn: %s on set %q: %w", name, test.Name, err)
		}
		var sum float64
		for _, f := range fe {
			sum += f
		}
		return -sum/float64(len(fe)) - lz, se, nil
	}
	return Observer{
		Name: name,
		Func: func(ctx context.Context, m rbm.Model) (float64, error) {
			v, _, err := measure(ctx, m)
			return v, err
		},
		FuncSE: measure,
	}
}

// PseudoLogLikelihood returns the observer "pll": the mean exact
// pseudo-log-likelihood of the examples of set under a binary RBM
// ([rbm.Binary.PseudoLogLikelihood]),
//
//	(1/N) Σ_n Σ_i log p(v_ni | v_n,−i) = (1/N) Σ_n Σ_i log σ(F(ṽ_n⁽ⁱ⁾) − F(v_n)),
//
// ṽ⁽ⁱ⁾ being v with unit i flipped: the sum over all units of the
// quantity whose one-unit estimate scikit-learn's BernoulliRBM reports.
// It needs no partition function, at a cost of N·m·n_h softplus terms
// per observation. It refuses a set that is not binary, hands the run's
// context on, and keeps no state between calls (it may be shared).
func PseudoLogLikelihood(set *data.Set) Observer {
	return binarySetObserver("pll", set, (*rbm.Binary).PseudoLogLikelihood)
}
