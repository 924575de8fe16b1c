package learn

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// randomBinarySet returns n random binary rows of width d, seeded.
func randomBinarySet(n, d int, seed uint64) *data.Set {
	rng := rand.New(rand.NewPCG(seed, 1))
	x := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			if rng.Float64() < 0.5 {
				x.Set(i, j, 1)
			}
		}
	}
	return &data.Set{Name: "random", X: x}
}

// pollCtx counts the calls of Err made after arm, and from the cancelAt-th
// of them on (cancelAt > 0) answers context.Canceled: a context whose end
// is placed by the count of checks, not by a clock. Done stays nil: the
// library's loops poll Err.
type pollCtx struct {
	context.Context
	armed    atomic.Bool
	polls    atomic.Int64
	cancelAt int64
}

func (c *pollCtx) arm() { c.armed.Store(true) }

func (c *pollCtx) Err() error {
	if !c.armed.Load() {
		return nil
	}
	if n := c.polls.Add(1); c.cancelAt > 0 && n >= c.cancelAt {
		return context.Canceled
	}
	return nil
}

// TestCancelDuringObservation checks, by counting context checks instead
// of timing them (so that a loaded machine cannot fail it), that each of
// the package's observers answers a cancel within one unit of its work:
//
//   - granularity: a full observation on a model small enough to finish
//     checks its context at least once per unit of work (a block of 4096
//     states of an enumeration, an AIS distribution or burn-in
//     transition, a row of the pseudo-likelihood), so polls ≥ units;
//   - stopping: in Train, on a model on which the observation would take
//     seconds (2^26 states, 10^5 AIS distributions, a Gaussian RBM with 24
//     hidden units), a context that ends at the cancelAt-th check made
//     after the observer started makes Train return context.Canceled
//     after at most cancelAt − 1 + GOMAXPROCS + 2 checks: the ones that
//     said go on, then one per worker that says stop, one where the
//     observer wraps the error and one of Train's (an observer that went
//     on after a cancel would make thousands).
//
// Removing the check of AIS's loop over distributions (anneal.go) fails
// the first half (0 checks for 3,000 distributions; tried).
func TestCancelDuringObservation(t *testing.T) {
	bin := randomBinarySet(16, 26, 1)
	big, err := rbm.NewBinary(26, 26, &rbm.Init{WeightStd: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	small, err := rbm.NewBinary(26, 20, &rbm.Init{WeightStd: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	grng := rand.New(rand.NewPCG(2, 2))
	gx := mat.NewDense(16, 8, nil)
	for i := range gx.RawMatrix().Data {
		gx.RawMatrix().Data[i] = grng.NormFloat64()
	}
	gset := &data.Set{Name: "normal", X: gx}
	gbig, err := rbm.NewGaussian(8, 24, &rbm.Init{WeightStd: 0.5, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	gsmall, err := rbm.NewGaussian(8, 20, &rbm.Init{WeightStd: 0.5, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	longAIS := &rbm.AISSettings{Chains: 20, Steps: 100000, Seed: 1}
	shortAIS := &rbm.AISSettings{Chains: 20, Steps: 3000, Seed: 1}
	cd := func() Learner { return NewCD(1, mcmc.NewGibbs(1)) }
	for _, tc := range []struct {
		o, short  Observer // on the big model, and on the small one
		m, mSmall rbm.Model
		set       *data.Set
		l         Learner
		units     string
		n         int64
	}{
		{ExactLogLikelihood(bin), ExactLogLikelihood(bin), big, small, bin, cd(), "blocks of 4096 states", 1 << 20 / 4096},
		{ReconstructionError(bin), ReconstructionError(bin), big, small, bin, cd(), "calls", 1},
		{AISLogLikelihood(bin, longAIS), AISLogLikelihood(bin, shortAIS), big, small, bin, cd(), "distributions", 3000},
		{ReverseAISLogLikelihood(bin, longAIS), ReverseAISLogLikelihood(bin, shortAIS), big, small, bin, cd(), "distributions", 3000},
		{PseudoLogLikelihood(bin), PseudoLogLikelihood(bin), big, small, bin, cd(), "rows", 16},
		{GaussianLogLikelihood(gset), GaussianLogLikelihood(gset), gbig, gsmall, gset, NewModifiedCD(1, mcmc.NewGaussGibbs(1), 0.01, 1), "blocks of 4096 states", 1 << 20 / 4096},
	} {
		full := &pollCtx{Context: context.Background()}
		full.arm()
		if _, err := tc.short.Func(full, tc.mSmall); err != nil {
			t.Fatalf("%s on the small %T: %v", tc.o.Name, tc.mSmall, err)
		}
		if n := full.polls.Load(); n < tc.n {
			t.Errorf("%s on the small %T: %d context checks for %d %s, want at least one each", tc.o.Name, tc.mSmall, n, tc.n, tc.units)
		}

		const cancelAt = 5
		ctx := &pollCtx{Context: context.Background(), cancelAt: cancelAt}
		wrapped := Observer{Name: tc.o.Name, Func: func(c context.Context, m rbm.Model) (float64, error) {
			ctx.arm()
			return tc.o.Func(c, m)
		}}
		_, err := Train(ctx, tc.m, tc.set, tc.l, &Settings{Updates: 1 << 30, Every: 1 << 30, Observers: []Observer{wrapped}})
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s on a %T: err = %v, want context.Canceled", tc.o.Name, tc.m, err)
			continue
		}
		if n, most := ctx.polls.Load(), int64(cancelAt-1+runtime.GOMAXPROCS(0)+2); n > most {
			t.Errorf("%s on a %T: cancelled from check %d on, %d checks, want at most %d", tc.o.Name, tc.m, cancelAt, n, most)
		}
	}
}

// TestCancelBeforeFirstObservation checks that Train looks at its context
// before the observation it makes before the first update: with a context
// already cancelled no observer is called. Before, that observation ran
// first, which with an exact log-likelihood is a long wait.
func TestCancelBeforeFirstObservation(t *testing.T) {
	set := barsAndStripes()
	m, err := rbm.NewBinary(9, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls := 0
	o := Observer{Name: "n", Func: func(context.Context, rbm.Model) (float64, error) { calls++; return 0, nil }}
	h, err := Train(ctx, m, set, NewCD(1, nil), &Settings{Updates: 5, Observers: []Observer{o}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
	if calls != 0 {
		t.Errorf("observer called %d times with a cancelled context", calls)
	}
	if h == nil || h.Updates != 0 {
		t.Errorf("history %+v, want one of 0 updates", h)
	}
}
