package learn

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// cancelBound is how soon after its context is cancelled Train must
// return, whatever observer is running: the bound for an
// interrupt that feels immediate. It is a correctness bound on the
// granularity of the ctx checks, not a speed measurement, and is derived
// from the longest piece of work the observers below do between two
// checks: one block of 4096 states × 26 softplus terms per worker in the
// exact enumeration (about 1e5 operations, under 1 ms), 4096 Gray-code
// steps of 8 visible units for the Gaussian's, or one AIS distribution of
// 20 chains × (2·26·26 multiply-adds + 52 draws) (about 2.5e4
// operations), or one CD-1 update of 16 rows. Measured, a block takes
// 0.1 ms, so each check comes far within 100 ms even with the machine's
// other work in between. Under -race a block takes up to 6.5 ms and the
// bound is raceSlowdown times larger. Without the checks (an observer
// that ignored the run's context) a run takes seconds (the exact
// log-likelihood alone: 2^26 states, 16384 blocks).
const cancelBound = 100 * time.Millisecond * raceSlowdown

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

// TestCancelDuringObservation cancels a run while each of the package's
// observers is measuring a model on which it would take seconds (a 26×26
// binary RBM: 2^26 states for the exact log-likelihood, 10^5 AIS
// distributions; a Gaussian RBM with 24 hidden units) and checks that
// Train returns context.Canceled within cancelBound of the cancel. The
// cancel is ordered without sleeps: a wrapper signals on a channel just
// before it calls the observer, and a goroutine cancels on that signal,
// so the observer is starting or running when the context ends (a run
// long enough never to end first). Before
// observers got the run's context, the exact log-likelihood ran to its
// end.
func TestCancelDuringObservation(t *testing.T) {
	bin := randomBinarySet(16, 26, 1)
	b, err := rbm.NewBinary(26, 26, &rbm.Init{WeightStd: 1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	grng := rand.New(rand.NewPCG(2, 2))
	gx := mat.NewDense(16, 8, nil)
	for i := range gx.RawMatrix().Data {
		gx.RawMatrix().Data[i] = grng.NormFloat64()
	}
	gset := &data.Set{Name: "normal", X: gx}
	g, err := rbm.NewGaussian(8, 24, &rbm.Init{WeightStd: 0.5, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		o   Observer
		m   rbm.Model
		set *data.Set
		l   Learner
	}{
		{ExactLogLikelihood(bin), b, bin, NewCD(1, mcmc.NewGibbs(1))},
		{ReconstructionError(bin), b, bin, NewCD(1, mcmc.NewGibbs(1))},
		{AISLogLikelihood(bin, &rbm.AISSettings{Chains: 20, Steps: 100000, Seed: 1}), b, bin, NewCD(1, mcmc.NewGibbs(1))},
		{ReverseAISLogLikelihood(bin, &rbm.AISSettings{Chains: 20, Steps: 100000, Seed: 1}), b, bin, NewCD(1, mcmc.NewGibbs(1))},
		{PseudoLogLikelihood(bin), b, bin, NewCD(1, mcmc.NewGibbs(1))},
		{GaussianLogLikelihood(gset), g, gset, NewModifiedCD(1, mcmc.NewGaussGibbs(1), 0.01, 1)},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		var once sync.Once
		starting := make(chan struct{})
		wrapped := Observer{Name: tc.o.Name, Func: func(ctx context.Context, m rbm.Model) (float64, error) {
			once.Do(func() { close(starting) })
			return tc.o.Func(ctx, m)
		}}
		at := make(chan time.Time, 1)
		go func() {
			<-starting
			t0 := time.Now()
			cancel()
			at <- t0
		}()
		_, err := Train(ctx, tc.m, tc.set, tc.l, &Settings{Updates: 1 << 30, Every: 1 << 30, Observers: []Observer{wrapped}})
		end := time.Now()
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s on a %T: err = %v, want context.Canceled", tc.o.Name, tc.m, err)
			continue
		}
		d := end.Sub(<-at)
		if d > cancelBound {
			t.Errorf("%s on a %T: Train returned %v after the cancel, want at most %v", tc.o.Name, tc.m, d, cancelBound)
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
