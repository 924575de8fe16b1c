package learn

import (
	"context"
	"errors"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Observer is a named measurement of the model, taken by Train every
// Settings.Every updates and recorded in the History under Name. Func is
// handed the run's context, which it should pass to anything long it calls
// (the interrupt button cancels it, and Train returns only when Func
// does), and the live model: it may change it (e.g. to constrain the weights),
// and the next update then starts from the changed model, since no
// learner of this package keeps anything derived from the parameters
// between updates. Train keeps nothing an [Observer] returns but the value
// (and its standard error, with FuncSE).
//
// One [Observer] (or one list of them) may be shared by concurrent Train
// calls, as a hand-written sweep does: Func is then called from several
// goroutines at once, each with its own run's model, so it must keep no
// state across calls unless it guards it. The observers of this package
// keep none: each call allocates its own buffers.
type Observer struct {
	// Name names the series in the History.
	Name string
	// Func measures m; an error stops training. ctx is the run's context:
	// Func should return ctx.Err() soon after ctx ends. To stop training
	// early, Func returns its value with ErrStop (or an error wrapping
	// it): see ErrStop.
	Func func(ctx context.Context, m rbm.Model) (float64, error)
	// FuncSE, if non-nil, measures m together with the standard error of
	// the value: Train calls it instead of Func and records the error as a
	// second series, named Name + "-se", at the same points. Func is still
	// required (callers may use it alone); the observers of this package
	// that set FuncSE return the same value from Func.
	FuncSE func(ctx context.Context, m rbm.Model) (value, se float64, err error)
}

// seSuffix ends the name of the series of an observer's standard errors.
const seSuffix = "-se"

// measure calls o.FuncSE if set, else o.Func (with a standard error of 0).
func (o Observer) measure(ctx context.Context, m rbm.Model) (value, se float64, err error) {
	if o.FuncSE != nil {
		return o.FuncSE(ctx, m)
	}
	v, err := o.Func(ctx, m)
	return v, 0, err
}

// ErrStop, returned by an [Observer]'s Func (or wrapped in the error it
// returns), stops training early without an error: Train records the value
// returned with it, takes the other observers of the same observation (so
// that every series has a point at the update where the run stopped),
// calls OnObserve and Progress as after any observation, and returns the
// History, with StoppedBy naming the observer, and a nil error. Any other
// error stops training with that error, and its value is not recorded.
var ErrStop = errors.New("learn: stop training")

// ExactLogLikelihood returns the observer "loglik": the mean exact
// log-likelihood of the examples of set under a binary RBM,
//
//	(1/N) Σ_n ln p(v_n) = −(1/N) Σ_n F(v_n) − ln Z,
//	F(v) = −bᵀv − Σ_j softplus(c_j + vᵀW_{·j}),
//
// computed by [rbm.Binary.LogLikelihoodContext] with the run's context,
// which enumerates the smaller layer (2^min(m, n_h) terms, log-sum-exp in
// float64) and stops within a block of 4096 states of the context's end. It fails for other models,
// for a set that is not binary ([rbm.Binary.CheckData]) or when the smaller
// layer has more than [rbm.MaxExactUnits] units.
func ExactLogLikelihood(set *data.Set) Observer {
	return binarySetObserver("loglik", set, (*rbm.Binary).LogLikelihoodContext)
}

// binarySetObserver is an observer named name whose value is f of a
// binary RBM and the examples of set, with the run's context; it refuses
// another model and a nil set.
func binarySetObserver(name string, set *data.Set, f func(*rbm.Binary, context.Context, mat.Matrix) (float64, error)) Observer {
	return Observer{Name: name, Func: func(ctx context.Context, m rbm.Model) (float64, error) {
		b, ok := m.(*rbm.Binary)
		if !ok {
			return 0, fmt.Errorf("learn: %s: model is %T, want *rbm.Binary", name, m)
		}
		if set == nil || set.X == nil {
			return 0, fmt.Errorf("learn: %s: nil data set", name)
		}
		v, err := f(b, ctx, set.X)
		if err != nil {
			return 0, fmt.Errorf("learn: %s on set %q: %w", name, set.Name, err)
		}
		return v, nil
	}}
}

// ReconstructionError returns the observer "recon": the mean over the
// examples v of set of the squared reconstruction error
//
//	Σ_i (v_i − p(v_i=1 | ĥ))²,  ĥ = p(h=1 | v),
//
// a deterministic mean-field reconstruction (no sampling). Cheap, but not a
// measure of likelihood. Like the likelihoods it refuses a set that is not
// binary ([rbm.Binary.CheckData]). Each call allocates its own k×n_h and k×m
// buffers, so the observer may be shared by concurrent runs.
func ReconstructionError(set *data.Set) Observer {
	return Observer{Name: "recon", Func: func(ctx context.Context, m rbm.Model) (float64, error) {
		if err := ctx.Err(); err != nil {
			return 0, fmt.Errorf("learn: recon: %w", err)
		}
		b, ok := m.(*rbm.Binary)
		if !ok {
			return 0, fmt.Errorf("learn: recon: model is %T, want *rbm.Binary", m)
		}
		if set == nil || set.X == nil {
			return 0, errors.New("learn: recon: nil data set")
		}
		if err := b.Validate(); err != nil {
			return 0, fmt.Errorf("learn: recon: %w", err)
		}
		if err := b.CheckData(set.X); err != nil {
			return 0, fmt.Errorf("learn: recon on set %q: %w", set.Name, err)
		}
		n, _ := set.X.Dims()
		var ph, pv mat.Dense
		b.HiddenProb(&ph, set.X)
		b.VisibleProb(&pv, &ph)
		var s float64
		for i := 0; i < n; i++ {
			for j, p := range pv.RawRowView(i) {
				d := set.X.At(i, j) - p
				s += d * d
			}
		}
		return s / float64(n), nil
	}}
}
