package cell

import (
	"context"
	"fmt"
	"time"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// Sweep runs the sweep file src against the RBM library (dsl/library's
// Registry and Run) into the result folder dir, on all cores, with a
// progress bar labelled name: the sequence of the %%sweep magic and of
// `rbm-kernel sweep run`, dsl.RunSource, for a notebook that builds its
// sweep in Go (with fmt.Sprintf of its settings). Runs already stored in
// dir are not run again; a notebook that wants fresh runs empties dir
// first.
//
// It returns the sweep: its plan, the results of the plan's runs in the
// plan's order, Run's summary and the report of the results, with
// RunSource's error (a *dsl.StageError with the source's errors at their
// positions, ctx's error when interrupted, or a failure to store or read
// back a result). Runs that fail are counted in the summary, not
// returned as an error.
func Sweep(ctx context.Context, name, src, dir string) (*dsl.Sweep, error) {
	var bar *display.Progress
	sw, err := dsl.RunSource(ctx, name+".sweep", []byte(src), library.Registry(), library.Run, &dsl.SourceOptions{
		Folder: func(*dsl.Spec) string { return dir },
		Start: func(sw *dsl.Sweep) {
			bar = display.NewProgress(name)
			bar.Update(0, len(sw.Plan.Jobs), "")
		},
		Options: dsl.Options{Progress: func(done, failed, total int, eta time.Duration) {
			bar.Update(done, total, fmt.Sprintf("%d failed", failed))
		}},
	})
	if bar != nil {
		bar.Done()
	}
	return sw, err
}

// Model trains run j of a sweep (one of sw.Plan.Jobs) again, without its
// measurements, and returns the model it leaves: the model of that run of
// the sweep, bit for bit, since a run's random numbers come from its seed
// and the measurements use their own (library.Train). A notebook shows
// with it the filters or the samples of one run of a sweep, whose results
// hold only the measurements.
func Model(ctx context.Context, j *dsl.Job) (rbm.Model, error) {
	if j == nil {
		return nil, fmt.Errorf("cell.Model: nil job")
	}
	bare := *j
	bare.Config.Measures = nil
	bare.Checkpoint, bare.Observe, bare.Log = "", nil, nil
	m, _, err := library.Train(ctx, &bare)
	return m, err
}
