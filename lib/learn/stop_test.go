package learn

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// TestEarlyStopKeepsObservation checks that an observer that stops the run
// (returning ErrStop, here wrapped) has the value it returned recorded at
// the update where it stopped, that the observers after it are still taken
// at that update, and that Train returns the history with a nil error and
// StoppedBy set. Before, an observer's value was dropped whenever it
// returned an error, so the observation that triggered a stop was lost.
func TestEarlyStopKeepsObservation(t *testing.T) {
	set := barsAndStripes()
	m, err := rbm.NewBinary(9, 4, &rbm.Init{WeightStd: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	stopper := Observer{Name: "stopper", Func: func(context.Context, rbm.Model) (float64, error) {
		calls++
		if calls == 3 {
			return 42, fmt.Errorf("target reached: %w", ErrStop)
		}
		return float64(calls), nil
	}}
	after := Observer{Name: "after", Func: func(context.Context, rbm.Model) (float64, error) { return -1, nil }}
	h, err := Train(context.Background(), m, set, NewCD(1, nil), &Settings{Updates: 100, Every: 10, Observers: []Observer{stopper, after}})
	if err != nil {
		t.Fatalf("Train: %v", err)
	}
	s := h.Series("stopper")
	if fmt.Sprint(s.X, s.Y) != "[0 10 20] [1 2 42]" {
		t.Errorf("stopper series X, Y = %v %v, want [0 10 20] [1 2 42]", s.X, s.Y)
	}
	if a := h.Series("after"); fmt.Sprint(a.X) != "[0 10 20]" {
		t.Errorf("after series X = %v, want [0 10 20]", a.X)
	}
	if h.Updates != 20 || h.StoppedBy != "stopper" {
		t.Errorf("Updates %d, StoppedBy %q, want 20 and \"stopper\"", h.Updates, h.StoppedBy)
	}
	// Any other error still stops with that error, and its value is not
	// recorded (it is not a measurement).
	calls = 0
	failing := Observer{Name: "failing", Func: func(context.Context, rbm.Model) (float64, error) {
		calls++
		if calls == 2 {
			return 7, errors.New("broken")
		}
		return 0, nil
	}}
	h, err = Train(context.Background(), m.Clone(), set, NewCD(1, nil), &Settings{Updates: 100, Every: 10, Observers: []Observer{failing}})
	if err == nil || !strings.Contains(err.Error(), "broken") || errors.Is(err, ErrStop) {
		t.Errorf("Train with a failing observer: err = %v", err)
	}
	if h == nil || len(h.Series("failing").Y) != 1 || h.StoppedBy != "" {
		t.Errorf("Train with a failing observer: history %+v", h)
	}
}

// TestDuplicateObserverNames checks that Train refuses two observers of
// one name, whose points would otherwise be merged silently into one
// series (as they were before).
func TestDuplicateObserverNames(t *testing.T) {
	set := barsAndStripes()
	m, err := rbm.NewBinary(9, 4, nil)
	if err != nil {
		t.Fatal(err)
	}
	obs := []Observer{ExactLogLikelihood(set), ReconstructionError(set), GaussianLogLikelihood(set)}
	h, err := Train(context.Background(), m, set, NewCD(1, nil), &Settings{Updates: 1, Observers: obs})
	if err == nil || !strings.Contains(err.Error(), `"loglik"`) || !strings.Contains(err.Error(), "0 and 2") {
		t.Errorf("Train with two observers named loglik: err = %v, want one naming them", err)
	}
	if h != nil {
		t.Errorf("Train with two observers named loglik returned a history")
	}
}
