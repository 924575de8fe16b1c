package learn

import (
	"context"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// concurrentRun trains run i's own 9×4 model with its own learner (CD-1,
// PCD-1, FPCD-1 or PT, by i) on set, observed by the shared list obs.
func concurrentRun(t *testing.T, i int, set *data.Set, obs []Observer) (*History, error) {
	t.Helper()
	seed := uint64(i + 1)
	m, err := rbm.NewBinary(set.Dim(), 4, &rbm.Init{WeightStd: 0.1, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var l Learner
	switch i % 4 {
	case 0:
		l = NewCD(1, mcmc.NewGibbs(seed))
	case 1:
		l = NewPCD(1, 7, mcmc.NewGibbs(seed))
	case 2:
		l = NewFPCD(1, 7, 0.05, mcmc.NewGibbs(seed))
	default:
		if l, err = NewPT(1, []float64{1, 0.5}, 7, seed, mcmc.NewGibbs(seed)); err != nil {
			t.Fatal(err)
		}
	}
	return Train(context.Background(), m, set, l, &Settings{
		Updates: 40, BatchSize: 5, Rate: 0.1, Seed: seed, Every: 10, Observers: obs,
	})
}

// TestConcurrentRunsShareObservers runs 4 Train calls at once that share
// one list of the package's observers (as a hand-written sweep does) and
// checks, under -race as well, that every history is bit-identical to the
// same run made alone: each run is deterministic given its seeds, so any
// difference is state leaking between runs through a shared observer.
// Before the observers kept no state, ReconstructionError panicked
// (buffers of one run resized by another) and AISLogLikelihood raced on
// its free-energy buffer.
func TestConcurrentRunsShareObservers(t *testing.T) {
	set := barsAndStripes()
	obs := []Observer{
		ExactLogLikelihood(set),
		ReconstructionError(set),
		AISLogLikelihood(set, &rbm.AISSettings{Chains: 16, Steps: 50, Seed: 3}),
		ReverseAISLogLikelihood(set, &rbm.AISSettings{Chains: 16, Steps: 50, Seed: 3}),
		PseudoLogLikelihood(set),
	}
	const runs = 4
	want := make([]*History, runs)
	for i := range want {
		h, err := concurrentRun(t, i, set, obs)
		if err != nil {
			t.Fatalf("run %d alone: %v", i, err)
		}
		want[i] = h
	}
	got := make([]*History, runs)
	errs := make([]error, runs)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i], errs[i] = concurrentRun(t, i, set, obs)
		}()
	}
	wg.Wait()
	for i := range got {
		if errs[i] != nil {
			t.Fatalf("run %d concurrent: %v", i, errs[i])
		}
		for _, name := range want[i].Names() {
			w, g := want[i].Series(name), got[i].Series(name)
			if len(w.Y) != 5 || len(g.Y) != len(w.Y) {
				t.Fatalf("run %d %s: %d points concurrent, %d alone, want 5", i, name, len(g.Y), len(w.Y))
			}
			for k := range w.Y {
				if g.X[k] != w.X[k] || math.Float64bits(g.Y[k]) != math.Float64bits(w.Y[k]) {
					t.Errorf("run %d %s point %d: (%v, %v) concurrent, (%v, %v) alone", i, name, k, g.X[k], g.Y[k], w.X[k], w.Y[k])
				}
			}
		}
	}
}

// TestTrainRefusesSharedLearnerAndModel checks that a Train call started
// while another is using the same learner, or the same model, returns an
// error instead of racing on it, and that both are free again once the
// first run has returned. The first run is held inside its first
// observation (a channel, no timing) while the second is attempted.
func TestTrainRefusesSharedLearnerAndModel(t *testing.T) {
	set := barsAndStripes()
	m, err := rbm.NewBinary(set.Dim(), 4, &rbm.Init{WeightStd: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	l := NewCD(1, mcmc.NewGibbs(1))
	started, release := make(chan struct{}), make(chan struct{})
	hold := Observer{Name: "hold", Func: func(context.Context, rbm.Model) (float64, error) {
		select {
		case <-started:
		default:
			close(started)
			<-release
		}
		return 0, nil
	}}
	done := make(chan error)
	go func() {
		_, err := Train(context.Background(), m, set, l, &Settings{Updates: 3, Observers: []Observer{hold}})
		done <- err
	}()
	<-started
	other, _ := rbm.NewBinary(set.Dim(), 4, nil)
	if _, err := Train(context.Background(), other, set, l, nil); err == nil || !strings.Contains(err.Error(), "learner") {
		t.Errorf("second Train with the same learner: err = %v, want an error naming the learner", err)
	}
	if _, err := Train(context.Background(), m, set, NewCD(1, mcmc.NewGibbs(2)), nil); err == nil || !strings.Contains(err.Error(), "model") {
		t.Errorf("second Train with the same model: err = %v, want an error naming the model", err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatalf("first run: %v", err)
	}
	if _, err := Train(context.Background(), m, set, l, &Settings{Updates: 1}); err != nil {
		t.Errorf("Train after the first run returned: %v", err)
	}
}
