package goexec

import (
	"fmt"
	"path/filepath"
	"testing"
)

// TestCellResumesTraining: a cell trains part of a run with learn.NewRun
// and a checkpoint (learn.Settings.Checkpoint), and later cells resume it
// from the file with learn.Resume and a learner made again, as after a
// kernel restart: the resumed run ends with the weights of one
// uninterrupted learn.Train. The library's resuming API works through the
// interpreter's symbol tables.
func TestCellResumesTraining(t *testing.T) {
	e := newExec(t)
	path := filepath.Join(t.TempDir(), "run.ckpt")
	run(t, e, fmt.Sprintf(`set, _ := data.BarsAndStripes(3, false)
s := &learn.Settings{Updates: 40, BatchSize: 4, Rate: 0.1, Momentum: 0.5, Seed: 3,
	Checkpoint: learn.Checkpoint{Path: %q, Every: 10}}
m, _ := rbm.NewBinary(9, 4, &rbm.Init{WeightStd: 0.1, Seed: 1})
r, err := learn.NewRun(m, set, learn.NewPCD(1, 0, mcmc.NewGibbs(1)), s)
if err != nil {
	panic(err)
}
_, err = r.Continue(ctx, 15)`, path))
	if got, _ := run(t, e, `fmt.Sprint(err, " ", r.Done())`); got != `"<nil> 15"` {
		t.Fatalf("first piece: %s", got)
	}
	run(t, e, fmt.Sprintf(`r2, err := learn.Resume(%q, set, learn.NewPCD(1, 0, mcmc.NewGibbs(1)), s)`, path))
	if got, _ := run(t, e, `fmt.Sprint(err, " ", r2.Done())`); got != `"<nil> 15"` {
		t.Fatalf("Resume: %s", got)
	}
	run(t, e, `whole, _ := rbm.NewBinary(9, 4, &rbm.Init{WeightStd: 0.1, Seed: 1})
_, err1 := learn.Train(ctx, whole, set, learn.NewPCD(1, 0, mcmc.NewGibbs(1)), &learn.Settings{Updates: 40, BatchSize: 4, Rate: 0.1, Momentum: 0.5, Seed: 3})
_, err2 := r2.Continue(ctx, 0)`)
	if got, _ := run(t, e, `fmt.Sprint(err1, err2, r2.Finished(), mat.Equal(whole.W, r2.Model().(*rbm.Binary).W))`); got != `"<nil> <nil> true true"` {
		t.Errorf("resumed run: %s", got)
	}
}
