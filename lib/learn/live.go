package learn

import (
	"fmt"
	"math"
	"sync/atomic"
)

// LiveRate is a learning-rate Schedule that may be changed while Train
// (or Run.Continue) runs, from another goroutine: a widget's callback, a
// channel's reader. With Settings{Schedule: lr}, update t (0-based) uses
//
//	ε_t = the rate last given to Set before update t starts,
//	      or the base rate Settings.Rate while Set has not been called,
//
// read with one atomic load per update (the schedule is asked once per
// update), so an update never mixes two rates and the updates cost what
// they cost with Constant. A change made from an Observer or OnObserve
// at the observation after k updates is used from update k on.
//
// The zero value is ready to use (it follows Settings.Rate until Set).
// A LiveRate may be shared by several runs, which then all follow it.
type LiveRate struct {
	rate atomic.Pointer[float64]
}

// NewLiveRate returns a LiveRate set to rate (see Set).
func NewLiveRate(rate float64) (*LiveRate, error) {
	l := &LiveRate{}
	if err := l.Set(rate); err != nil {
		return nil, fmt.Errorf("learn: NewLiveRate: learning rate %v is not finite and non-negative", rate)
	}
	return l, nil
}

// Set makes rate the learning rate of the updates that start from now on.
// It is safe to call from any goroutine while runs use l. It returns an
// error, and keeps the old rate, if rate is negative, NaN or infinite.
func (l *LiveRate) Set(rate float64) error {
	if !(rate >= 0) || math.IsInf(rate, 0) {
		return fmt.Errorf("learn: LiveRate.Set: learning rate %v is not finite and non-negative", rate)
	}
	l.rate.Store(&rate)
	return nil
}

// Value returns the rate last set and whether Set has been called.
func (l *LiveRate) Value() (rate float64, set bool) {
	if p := l.rate.Load(); p != nil {
		return *p, true
	}
	return 0, false
}

// Rate returns the learning rate of update t: the rate last set, or base
// before the first Set. It implements Schedule.
func (l *LiveRate) Rate(base float64, t, total int) float64 {
	if p := l.rate.Load(); p != nil {
		return *p
	}
	return base
}

// String returns "LiveRate", without the rate: a checkpoint records the
// schedule by this text (with its type), so that a run with a LiveRate
// resumes with the LiveRate it is given, whatever rate was set when it was
// saved (set the rate again after Load if it matters).
func (l *LiveRate) String() string { return "LiveRate" }

var _ Schedule = (*LiveRate)(nil)
