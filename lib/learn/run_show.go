package learn

import (
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/internal/show"
	"gonum.org/v1/plot"
)

// String returns a summary of r: a line with its progress, learner,
// model and checkpoint file, then its History (History.String), e.g.
//
//	training run: 500 of 2,000 updates, learner *learn.PCD, model *rbm.Binary 784×500, checkpoint run.ckpt
//	training history: 500 updates in 1.234s, 1 series
//	…
func (r *Run) String() string {
	if r == nil {
		return "training run <nil>"
	}
	line := fmt.Sprintf("training run: %s of %s updates, learner %T, model %T %d×%d",
		show.Count(r.done), show.Count(r.total), r.learner, r.model, r.model.Visible(), r.model.Hidden())
	switch {
	case r.failed != nil:
		line += fmt.Sprintf(", failed (%v)", r.failed)
	case r.hist.StoppedBy != "":
		line += ", stopped by " + r.hist.StoppedBy
	case r.Finished():
		line += ", finished"
	}
	if p := r.s.Checkpoint.Path; p != "" {
		line += ", checkpoint " + p
	}
	return line + "\n" + r.hist.String()
}

// Table returns the table of the run's History (History.Table).
func (r *Run) Table() (header []string, rows [][]string) { return r.hist.Table() }

// Plot returns the learning curves of the run's History (History.Plot).
func (r *Run) Plot() *plot.Plot { return r.hist.Plot() }
