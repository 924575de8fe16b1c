package learn

import (
	"encoding"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
)

// Reset forgets q and the model, and resets the wrapped learner when it
// has a Reset method, so that s can train another model.
func (s *Sparse) Reset() {
	s.owner = bound{}
	s.q = nil
	if r, ok := s.Learner.(interface{ Reset() }); ok {
		r.Reset()
	}
}

// MarshalBinary returns the state of s: its settings, the running
// estimate q and the wrapped learner's state, which that learner must be
// able to save (encoding.BinaryMarshaler).
func (s *Sparse) MarshalBinary() ([]byte, error) {
	m, ok := s.Learner.(encoding.BinaryMarshaler)
	if !ok {
		return nil, fmt.Errorf("learn: Sparse: learner %T cannot save its state (it does not implement encoding.BinaryMarshaler)", s.Learner)
	}
	inner, err := m.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("learn: Sparse: %w", err)
	}
	var w statebin.Writer
	w.String("learn.Sparse/1")
	w.F64(s.Target)
	w.F64(s.Cost)
	w.F64(s.Decay)
	w.Bool(s.Weights)
	w.Floats(s.q)
	w.Blob(inner)
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into s, which
// must have the same Target, Cost, Decay and Weights, and a learner of the
// same kind and settings.
func (s *Sparse) UnmarshalBinary(b []byte) error {
	u, ok := s.Learner.(encoding.BinaryUnmarshaler)
	if !ok {
		return fmt.Errorf("learn: Sparse: learner %T cannot restore a state (it does not implement encoding.BinaryUnmarshaler)", s.Learner)
	}
	r := statebin.NewReader(b)
	r.Tag("learn.Sparse/1")
	r.Check("Target", r.F64("Target"), s.Target)
	r.Check("Cost", r.F64("Cost"), s.Cost)
	r.Check("Decay", r.F64("Decay"), s.Decay)
	r.Check("Weights", r.Bool("Weights"), s.Weights)
	q := r.Floats("q")
	inner := r.Blob("learner")
	if err := r.Done("Sparse"); err != nil {
		return fmt.Errorf("learn: Sparse: %w", err)
	}
	if err := u.UnmarshalBinary(inner); err != nil {
		return fmt.Errorf("learn: Sparse: %w", err)
	}
	s.owner = bound{}
	s.q = q
	return nil
}
