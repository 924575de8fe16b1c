package learn

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"reflect"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Settings configures Train. A nil *Settings means the zero value; every
// field documents what its zero value does.
type Settings struct {
	// Epochs is the number of passes over the data. Zero means 1, unless
	// Updates is set.
	Epochs int
	// Updates, if positive, is the total number of parameter updates and
	// overrides Epochs.
	Updates int
	// BatchSize is the number of examples per mini-batch; 0 (or more than
	// the set holds) means full-batch updates.
	BatchSize int
	// Rate is the base learning rate ε; 0 means 0.01.
	Rate float64
	// Schedule gives the rate of each update from Rate; nil is Constant.
	Schedule Schedule
	// Momentum is SGD's momentum in [0, 1); 0 is none.
	Momentum float64
	// WeightDecay is the L2 penalty on the weights (not the biases); 0 none.
	WeightDecay float64
	// L1 is the L1 penalty λ₁ on the weights (not the biases), applied
	// by soft thresholding after each step (SGD.L1), which makes weights
	// exactly 0; 0 none.
	L1 float64
	// Seed seeds the shuffling of the mini-batches.
	Seed uint64
	// Every is the number of updates between observations; 0 means once
	// per epoch, but no more often than every total/100 updates (so at most
	// about 100 observations, e.g. with full-batch updates). The model is
	// also observed before the first update and after the last.
	Every int
	// Observers are the measurements taken at each observation.
	Observers []Observer
	// Progress, if non-nil, is called after the updates, at most about 200
	// times per run and after every observation, with the number of updates
	// done, the total and a short status line ("update 500/4000, loglik
	// -3.2 (at 500)"). Its signature is that of display.Progress.Update.
	Progress func(done, total int, status string)
	// OnObserve, if non-nil, is called after each observation with the
	// history so far (which it must not keep across calls without copying:
	// Train goes on appending to it).
	OnObserve func(h *History)
	// Checkpoint, if its Path is set, saves the run's state to a file
	// while it trains (see Checkpoint), and makes Train resume from that
	// file when it exists.
	Checkpoint Checkpoint
}

// Train trains m on set with learner l for the run that s describes and
// returns the History of observations. It validates its inputs first, and
// returns an error, never panics, on a bad one: nil arguments, a model that
// its Validate method refuses ([rbm.Binary.Validate]: a nil model or W,
// mismatched biases, a NaN parameter), data whose width does not match the
// model, NaN or infinite data, data that the model's CheckData method
// refuses ([rbm.Binary.CheckData]: a value other than 0 or 1, named by row
// and column), negative settings or two observers of one name.
//
// It checks ctx before every update and before every call of an observer,
// the first included, and hands ctx to the observers, so that it returns
// soon after ctx ends, with the history so far and an error wrapping
// ctx.Err(). It stops with an error naming the update when the learner
// fails, an observer fails or a parameter becomes NaN or infinite, also
// returning the history so far. An observer that returns ErrStop stops the
// run early with a nil error, its observation kept.
//
// Train is one whole run: NewRun followed by Continue to the end. Calling
// it again starts another run (schedule, momentum and batch order afresh);
// to train in pieces, use a Run (see the package doc, Resuming). With
// Settings.Checkpoint.Path set, Train first resumes from that file if it
// exists (Run.Load: m gets the checkpoint's parameters and l its state,
// and a checkpoint of another run is an error naming what differs), and
// saves the run there as it goes.
//
// Train may run in several goroutines at once (see the package doc), each
// call with its own model and learner: it refuses, with an error, a model
// or a learner (compared as pointers) that another Train call is still
// using. The observers and the data set may be shared.
func Train(ctx context.Context, m rbm.Model, set *data.Set, l Learner, s *Settings) (*History, error) {
	r, err := NewRun(m, set, l, s)
	if err != nil {
		return nil, fmt.Errorf("learn: Train: %w", errors.Unwrap(err))
	}
	if s != nil && s.Checkpoint.Path != "" {
		if err := r.Load(s.Checkpoint.Path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("learn: Train: %w", err)
		}
	}
	h, err := r.Continue(ctx, 0)
	if err != nil {
		return h, fmt.Errorf("learn: Train: %w", errors.Unwrap(err))
	}
	return h, nil
}

// check validates Train's arguments.
func check(m rbm.Model, set *data.Set, l Learner, s *Settings) error {
	if m == nil {
		return errors.New("nil model")
	}
	if v, ok := m.(interface{ Validate() error }); ok {
		if err := v.Validate(); err != nil {
			return fmt.Errorf("model: %w", err)
		}
	} else if v := reflect.ValueOf(m); v.Kind() == reflect.Pointer && v.IsNil() {
		return fmt.Errorf("nil model %T", m)
	}
	if l == nil {
		return errors.New("nil learner")
	}
	if err := set.Validate(); err != nil {
		return err
	}
	if set.Dim() != m.Visible() {
		return fmt.Errorf("data set %q has %d columns, model has %d visible units", set.Name, set.Dim(), m.Visible())
	}
	if c, ok := m.(interface{ CheckData(mat.Matrix) error }); ok {
		if err := c.CheckData(set.X); err != nil {
			return fmt.Errorf("data set %q for a %T: %w", set.Name, m, err)
		}
	}
	switch {
	case s.Epochs < 0:
		return fmt.Errorf("negative Epochs %d", s.Epochs)
	case s.Updates < 0:
		return fmt.Errorf("negative Updates %d", s.Updates)
	case s.BatchSize < 0:
		return fmt.Errorf("negative BatchSize %d", s.BatchSize)
	case s.Every < 0:
		return fmt.Errorf("negative Every %d", s.Every)
	case !(s.Rate >= 0) || math.IsInf(s.Rate, 0):
		return fmt.Errorf("learning rate %v is not finite and non-negative", s.Rate)
	case !(s.Momentum >= 0 && s.Momentum < 1):
		return fmt.Errorf("momentum %v is not in [0, 1)", s.Momentum)
	case !(s.WeightDecay >= 0) || math.IsInf(s.WeightDecay, 0):
		return fmt.Errorf("weight decay %v is not finite and non-negative", s.WeightDecay)
	case !(s.L1 >= 0) || math.IsInf(s.L1, 0):
		return fmt.Errorf("L1 penalty %v is not finite and non-negative", s.L1)
	}
	first := make(map[string]int, len(s.Observers))
	seOf := make(map[string]int) // the series of standard errors, by name
	for i, o := range s.Observers {
		if o.Func == nil {
			return fmt.Errorf("observer %d (%q) has nil Func", i, o.Name)
		}
		if j, dup := first[o.Name]; dup {
			return fmt.Errorf("observers %d and %d are both named %q (their points would merge into one series): rename one", j, i, o.Name)
		}
		if j, dup := seOf[o.Name]; dup {
			return fmt.Errorf("observer %d is named %q, the name of the standard errors of observer %d: rename it", i, o.Name, j)
		}
		first[o.Name] = i
		if o.FuncSE != nil {
			se := o.Name + seSuffix
			if j, dup := first[se]; dup {
				return fmt.Errorf("observer %d is named %q, the name of the standard errors of observer %d: rename it", j, se, i)
			}
			seOf[se] = i
		}
	}
	return nil
}

// inUseModels and inUseLearners hold the models and learners of the Train
// calls under way, keyed by pointer.
var inUseModels, inUseLearners sync.Map

// claim marks m and l as used by a run, or returns an error naming the one
// another run is using; release undoes the marks. Values that are not
// pointers (which Train cannot tell apart from copies) are not marked.
func claim(m rbm.Model, l Learner) (release func(), err error) {
	mk, lk := pointerKey(m), pointerKey(l)
	if mk != nil {
		if _, busy := inUseModels.LoadOrStore(mk, true); busy {
			return nil, fmt.Errorf("model %T %p is being trained by another Train call; give each run its own model (Clone)", m, mk)
		}
	}
	if lk != nil {
		if _, busy := inUseLearners.LoadOrStore(lk, true); busy {
			if mk != nil {
				inUseModels.Delete(mk)
			}
			return nil, fmt.Errorf("learner %T %p is in use by another Train call; give each run its own learner (and sampler)", l, lk)
		}
	}
	return func() {
		if mk != nil {
			inUseModels.Delete(mk)
		}
		if lk != nil {
			inUseLearners.Delete(lk)
		}
	}, nil
}

// pointerKey returns x if it holds a non-nil pointer, else nil.
func pointerKey(x any) any {
	v := reflect.ValueOf(x)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return nil
	}
	return x
}

// badParam returns the position of the first NaN or infinite parameter.
// It first sums each slice (one pass; a sum is finite when every element
// is, barring overflow) and scans only a slice whose sum is not finite.
func badParam(m rbm.Model) (k, i int, bad bool) {
	var buf [4][]float64
	for k, p := range params(m, buf[:0]) {
		var s float64
		for _, x := range p {
			s += x
		}
		if !math.IsNaN(s) && !math.IsInf(s, 0) {
			continue
		}
		for i, x := range p {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return k, i, true
			}
		}
	}
	return 0, 0, false
}
