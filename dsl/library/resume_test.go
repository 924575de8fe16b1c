package library_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
)

// countCtx is a context whose Err counts its calls and, once limit calls
// have been made (limit > 0), reports context.Canceled: a deterministic
// interrupt after a fixed amount of work (Train checks Err before every
// update and every observation).
type countCtx struct {
	context.Context
	mu       sync.Mutex
	n, limit int
}

func (c *countCtx) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	if c.limit > 0 && c.n > c.limit {
		return context.Canceled
	}
	return nil
}

const resumeSweep = `seed 5
updates 60
data bars_stripes(size = 3)
model binary(hidden = 4)
axis learner = [pcd, fpcd, pt, csdcp]
learner $learner(rate = 0.1, batch = 5, momentum = 0.5, schedule = cosine, rate_end = 0.01)
measure loglik every 20
measure recon every 15
`

// TestRunLibraryResumes interrupts every run of a sweep about halfway
// (after 40 checks of its context) with a checkpoint every 7 updates, and
// runs it again: the resumed run gives the points of an uninterrupted one,
// exactly, and it resumed rather than started again (it checks its context
// fewer times than a whole run does).
func TestRunLibraryResumes(t *testing.T) {
	p := libPlan(t, resumeSweep)
	dir := t.TempDir()
	for _, j := range p.Jobs {
		whole := &countCtx{Context: context.Background()}
		want, err := library.Run(whole, j)
		if err != nil {
			t.Fatal(err)
		}
		job := *j
		job.Checkpoint = filepath.Join(dir, j.Key+".ckpt")
		job.CheckpointEvery = 7
		part, err := library.Run(&countCtx{Context: context.Background(), limit: 40}, &job)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("run %d: interrupted run: %v", j.Index, err)
		}
		if len(part) == 0 || len(part) >= len(want) {
			t.Fatalf("run %d: the interrupted run has %d of %d points", j.Index, len(part), len(want))
		}
		if _, err := os.Stat(job.Checkpoint); err != nil {
			t.Fatalf("run %d: no checkpoint after the interrupt: %v", j.Index, err)
		}
		rest := &countCtx{Context: context.Background()}
		got, err := library.Run(rest, &job)
		if err != nil {
			t.Fatalf("run %d: resumed run: %v", j.Index, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("run %d: resumed points\n%v\nuninterrupted\n%v", j.Index, got, want)
		}
		if rest.n >= whole.n {
			t.Errorf("run %d: the resumed run checked its context %d times, a whole run %d: it started again", j.Index, rest.n, whole.n)
		}
	}
}

// TestRunRemovesCheckpoints checks that Run hands every run a checkpoint
// file in the store, removes it when the run's result is stored, and
// keeps it when the run is interrupted (its result not stored).
func TestRunRemovesCheckpoints(t *testing.T) {
	p := libPlan(t, resumeSweep)
	store, err := dsl.OpenStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	seen := map[string]bool{}
	fn := func(ctx context.Context, j *dsl.Job) ([]dsl.Point, error) {
		if j.Checkpoint != store.CheckpointPath(j.Key) {
			t.Errorf("run %d: checkpoint %q, want %q", j.Index, j.Checkpoint, store.CheckpointPath(j.Key))
		}
		if err := os.WriteFile(j.Checkpoint, []byte("state"), 0o644); err != nil {
			return nil, err
		}
		mu.Lock()
		seen[j.Key] = true
		mu.Unlock()
		if j.Index == 2 {
			cancel()
			return nil, ctx.Err()
		}
		return []dsl.Point{{Measure: "x", Step: 1, Value: 1}}, nil
	}
	if _, err := dsl.Run(ctx, p, store, fn, &dsl.Options{Workers: 1}); !errors.Is(err, context.Canceled) {
		t.Fatalf("Run: %v", err)
	}
	for _, j := range p.Jobs {
		_, cerr := os.Stat(store.CheckpointPath(j.Key))
		switch {
		case !seen[j.Key]:
		case store.Has(j.Key) && cerr == nil:
			t.Errorf("run %d: result stored, checkpoint kept", j.Index)
		case !store.Has(j.Key) && cerr != nil:
			t.Errorf("run %d: interrupted, checkpoint gone: %v", j.Index, cerr)
		}
	}
	if !seen[p.Jobs[2].Key] || store.Has(p.Jobs[2].Key) {
		t.Fatalf("run 2 was not the interrupted one")
	}
}
