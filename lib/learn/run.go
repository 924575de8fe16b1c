package learn

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// Run is a training run that can be continued: the state of Train between
// two updates, which Train itself keeps only while it runs. It holds the
// model and the learner it was made with (both changed in place), the
// optimiser's velocity, the position in the learning-rate schedule (the
// number of updates done of the run's total), the batcher's position (the
// order of the current epoch and the place in it), and the History so far.
// Continue makes more updates from where the last call stopped, so that a
// run made in pieces, in memory, makes exactly the updates of one
// uninterrupted Train with the same settings: the same parameters and the
// same History values, bit for bit (not the same Seconds, which are wall
// time). Save writes the whole state to a checkpoint file, and Resume or
// Load read it back, in this process or another, with the same result.
//
// A Run is not safe for concurrent use; Continue refuses, as Train does, a
// model or learner that another run is using. Make it with NewRun or
// Resume.
type Run struct {
	model   rbm.Model
	set     *data.Set
	learner Learner
	s       Settings
	batcher *data.Batcher
	opt     *SGD
	hist    *History

	total, every int
	rate         float64
	sched        Schedule

	done    int           // updates made
	begun   bool          // the observation before the first update is made
	pending bool          // the observation after update done is due, not made
	elapsed time.Duration // wall time of the earlier pieces
	failed  error         // a learner's failure: the run cannot go on

	lastSave time.Time // when the checkpoint was last written
	crc      uint64    // CRC-64 of the data set's values, once crcDone
	crcDone  bool
}

// NewRun validates its arguments as Train does and returns a run of the
// training that s describes (nil means defaults) of m on set with l, with
// no update made yet. s is copied: changing it later does not change the
// run. With s.Checkpoint.Path set it also checks that the run can be
// saved (see Run.Save), so that a learner or sampler that cannot save its
// state is an error now rather than at the first checkpoint.
func NewRun(m rbm.Model, set *data.Set, l Learner, s *Settings) (*Run, error) {
	if s == nil {
		s = &Settings{}
	}
	if err := check(m, set, l, s); err != nil {
		return nil, fmt.Errorf("learn: NewRun: %w", err)
	}
	r := &Run{model: m, set: set, learner: l, s: *s, hist: &History{}}
	r.s.Observers = append([]Observer(nil), s.Observers...)
	r.batcher = data.NewBatcher(set, s.BatchSize, s.Seed)
	perEpoch := r.batcher.BatchesPerEpoch()
	r.total = s.Updates
	if r.total <= 0 {
		r.total = max(s.Epochs, 1) * perEpoch
	}
	r.every = s.Every
	if r.every <= 0 {
		r.every = max(perEpoch, r.total/100)
	}
	r.rate = s.Rate
	if r.rate == 0 {
		r.rate = 0.01
	}
	r.sched = s.Schedule
	if r.sched == nil {
		r.sched = Constant{}
	}
	r.opt = &SGD{Momentum: s.Momentum, WeightDecay: s.WeightDecay, L1: s.L1}
	if s.Checkpoint.Path != "" {
		if err := r.saveable(); err != nil {
			return nil, fmt.Errorf("learn: NewRun: Settings.Checkpoint: %w", err)
		}
	}
	return r, nil
}

// Model returns the model the run trains (in place).
func (r *Run) Model() rbm.Model { return r.model }

// Learner returns the run's learner.
func (r *Run) Learner() Learner { return r.learner }

// History returns the history so far; it is the run's, appended to by
// Continue.
func (r *Run) History() *History { return r.hist }

// Done returns the number of updates made.
func (r *Run) Done() int { return r.done }

// Total returns the number of updates of the whole run (Settings.Updates,
// or Settings.Epochs times the batches per epoch).
func (r *Run) Total() int { return r.total }

// Finished reports whether the run is over: all its updates made and
// observed, or stopped early by an observer (History.StoppedBy).
func (r *Run) Finished() bool {
	return r.done >= r.total && !r.pending || r.hist.StoppedBy != ""
}

// Continue makes up to n more updates of the run (n ≤ 0: all that are
// left), observing the model as Train does: before the first update of the
// run, after every Settings.Every updates and after the last. It returns
// the run's History. On a finished run it returns at once.
//
// Continue returns early, with an error wrapping ctx.Err(), when ctx ends;
// the run stays consistent (no update is made in part), and a later call
// goes on from there: an observation that the cancellation interrupted is
// made again in full (an observation is recorded whole or not at all). An
// observer's error also returns early and leaves the run able to go on,
// taking that observation again. A learner's error or a parameter that
// becomes NaN or infinite ends the run: Continue returns that error, and
// again at every later call.
//
// If Settings.Checkpoint names a file, Continue saves the run there as
// that field says, and before it returns (finished, after n updates, or
// interrupted).
func (r *Run) Continue(ctx context.Context, n int) (*History, error) {
	if r.failed != nil {
		return r.hist, fmt.Errorf("learn: Run.Continue: the run failed: %w", r.failed)
	}
	if r.Finished() {
		return r.hist, nil
	}
	release, err := claim(r.model, r.learner)
	if err != nil {
		return r.hist, fmt.Errorf("learn: Run.Continue: %w", err)
	}
	defer release()
	end := r.total
	if n > 0 {
		end = min(r.done+n, r.total)
	}
	start := time.Now()
	if r.lastSave.IsZero() {
		r.lastSave = start
	}
	err = r.advance(ctx, end, start)
	r.elapsed += time.Since(start)
	r.hist.Updates, r.hist.Elapsed = r.done, r.elapsed
	if r.failed == nil {
		// A consistent state: save it, so that an interrupted run
		// resumes where it stopped.
		if serr := r.autosave(true); serr != nil && err == nil {
			err = serr
		}
	}
	if err != nil {
		return r.hist, fmt.Errorf("learn: Run.Continue: %w", err)
	}
	return r.hist, nil
}

// advance makes the updates up to end and the observations due.
func (r *Run) advance(ctx context.Context, end int, start time.Time) error {
	s := &r.s
	observing := len(s.Observers) > 0
	if observing && !r.begun {
		r.pending = true
	}
	r.begun = true
	if observing && r.pending {
		if err := r.observe(ctx, start); err != nil {
			return err
		}
		if r.hist.StoppedBy != "" {
			return nil
		}
	}
	progEvery := max(r.total/200, 1)
	for r.done < end {
		t := r.done
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("stopped after %d of %d updates: %w", t, r.total, err)
		}
		r.opt.Rate = r.sched.Rate(r.rate, t, r.total)
		if err := r.learner.Update(r.model, r.batcher.Next(), r.opt); err != nil {
			r.failed = fmt.Errorf("update %d: %w", t+1, err)
			r.done = t + 1
			return r.failed
		}
		r.done = t + 1
		if k, i, bad := badParam(r.model); bad {
			r.failed = fmt.Errorf("update %d made parameter slice %d, element %d, NaN or infinite (learning rate %g too large?)", t+1, k, i, r.opt.Rate)
			return r.failed
		}
		done := r.done
		if observing && (done%r.every == 0 || done == r.total) {
			r.pending = true
			if err := r.observe(ctx, start); err != nil {
				return err
			}
			if r.hist.StoppedBy != "" {
				return nil
			}
		} else if s.Progress != nil && (done%progEvery == 0 || done == r.total) {
			s.Progress(done, r.total, fmt.Sprintf("update %d/%d%s", done, r.total, r.measured()))
		}
		if err := r.autosave(false); err != nil {
			return err
		}
	}
	return nil
}

// observe takes the observation after r.done updates, which is pending:
// every observer in turn, recorded in the History only when all have
// returned (with a value or ErrStop).
func (r *Run) observe(ctx context.Context, start time.Time) error {
	s := &r.s
	t := r.done
	sec := (r.elapsed + time.Since(start)).Seconds()
	vals := make([]float64, len(s.Observers))
	ses := make([]float64, len(s.Observers))
	stopped := ""
	for i, o := range s.Observers {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("stopped after %d of %d updates: %w", t, r.total, err)
		}
		v, se, err := o.measure(ctx, r.model)
		if errors.Is(err, ErrStop) {
			if stopped == "" {
				stopped = o.Name
			}
		} else if err != nil {
			return fmt.Errorf("observer %q at update %d: %w", o.Name, t, err)
		}
		vals[i], ses[i] = v, se
	}
	for i, o := range s.Observers {
		r.hist.Add(o.Name, t, sec, vals[i])
		if o.FuncSE != nil {
			r.hist.Add(o.Name+seSuffix, t, sec, ses[i])
		}
	}
	if stopped != "" {
		r.hist.StoppedBy = stopped
	}
	r.pending = false
	r.hist.Updates, r.hist.Elapsed = t, r.elapsed+time.Since(start)
	if s.OnObserve != nil {
		s.OnObserve(r.hist)
	}
	if s.Progress != nil {
		s.Progress(t, r.total, fmt.Sprintf("update %d/%d%s", t, r.total, r.measured()))
	}
	return nil
}

// measured returns the last observation for the status line: ", name
// value" for each observer's series and " (at t)", or "" before any.
func (r *Run) measured() string {
	out, at := "", -1
	for _, o := range r.s.Observers {
		sr := r.hist.Series(o.Name)
		if len(sr.Y) == 0 {
			continue
		}
		out += fmt.Sprintf(", %s %.4g", o.Name, sr.Y[len(sr.Y)-1])
		at = int(sr.X[len(sr.X)-1])
	}
	if at >= 0 {
		out += fmt.Sprintf(" (at %d)", at)
	}
	return out
}
