package learn

import (
	"encoding"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
)

// The learners of this package save their state for a checkpoint (Run.Save)
// through encoding.BinaryMarshaler and restore it through
// encoding.BinaryUnmarshaler into a learner made with the same constructor
// and arguments (Resume). The state is everything the next updates depend
// on: the chains (persistent or not: CD's chains start at the batch with
// the hidden states the last update left), fast weights, offsets, and the
// sampler's state, which the sampler must be able to save itself (every
// sampler of package mcmc can). The
// learner's settings (K, N, D, …) are stored beside the state and checked
// on restoring, with an error naming the one that differs. A restored
// learner is bound to no model yet: the first update binds it to the
// run's model.

// writeSampler writes the state of s, the sampler of the learner who.
func writeSampler(w *statebin.Writer, s any, who string) error {
	m, ok := s.(encoding.BinaryMarshaler)
	if !ok {
		return fmt.Errorf("learn: %s: sampler %T cannot save its state (it does not implement encoding.BinaryMarshaler)", who, s)
	}
	b, err := m.MarshalBinary()
	if err != nil {
		return fmt.Errorf("learn: %s: sampler %T: %w", who, s, err)
	}
	w.Blob(b)
	return nil
}

// readSampler restores into s the state in b, for the learner who.
func readSampler(s any, b []byte, who string) error {
	u, ok := s.(encoding.BinaryUnmarshaler)
	if !ok {
		return fmt.Errorf("learn: %s: sampler %T cannot restore a state (it does not implement encoding.BinaryUnmarshaler)", who, s)
	}
	if err := u.UnmarshalBinary(b); err != nil {
		return fmt.Errorf("learn: %s: sampler %T: %w", who, s, err)
	}
	return nil
}

// writeChains writes c (nil allowed).
func writeChains(w *statebin.Writer, c *mcmc.Chains) error {
	if c == nil {
		w.Blob(nil)
		return nil
	}
	b, err := c.MarshalBinary()
	if err != nil {
		return err
	}
	w.Blob(b)
	return nil
}

// readChains reads what writeChains wrote.
func readChains(r *statebin.Reader, field string) *mcmc.Chains {
	b := r.Blob(field)
	if len(b) == 0 || r.Err() != nil {
		return nil
	}
	c := new(mcmc.Chains)
	if err := c.UnmarshalBinary(b); err != nil {
		r.Fail(field, "%v", err)
		return nil
	}
	return c
}

// chainShape returns the visible and hidden sizes of c.
func chainShape(c *mcmc.Chains) (nv, nh int) {
	_, nv = c.V.Dims()
	_, nh = c.H.Dims()
	return nv, nh
}

// binaryGradOf returns a zero gradient of an nv×nh binary RBM.
func binaryGradOf(nv, nh int) *Grad {
	return &Grad{Parts: [][]float64{make([]float64, nv*nh), make([]float64, nv), make([]float64, nh)}}
}

// MarshalBinary returns the learner's state: K, the chains and the
// sampler's state.
func (l *CD) MarshalBinary() ([]byte, error) {
	var w statebin.Writer
	w.String("learn.CD/1")
	w.Int(l.K)
	if err := writeChains(&w, l.chains); err != nil {
		return nil, fmt.Errorf("learn: CD: %w", err)
	}
	if err := writeSampler(&w, l.Sampler, "CD"); err != nil {
		return nil, err
	}
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into l, which
// must have the same K and a sampler of the same kind and settings.
func (l *CD) UnmarshalBinary(b []byte) error {
	r := statebin.NewReader(b)
	r.Tag("learn.CD/1")
	r.Check("K", r.Int("K"), l.K)
	c := readChains(r, "chains")
	s := r.Blob("sampler")
	if err := r.Done("CD"); err != nil {
		return fmt.Errorf("learn: CD: %w", err)
	}
	if err := readSampler(l.Sampler, s, "CD"); err != nil {
		return err
	}
	l.Reset()
	if c != nil {
		l.chains, l.grad = c, binaryGradOf(chainShape(c))
	}
	return nil
}

// MarshalBinary returns the learner's state: K, N, the persistent chains
// and the sampler's state.
func (l *PCD) MarshalBinary() ([]byte, error) {
	var w statebin.Writer
	w.String("learn.PCD/1")
	w.Int(l.K)
	w.Int(l.N)
	if err := writeChains(&w, l.chains); err != nil {
		return nil, fmt.Errorf("learn: %s: %w", l.name(), err)
	}
	if err := writeSampler(&w, l.Sampler, l.name()); err != nil {
		return nil, err
	}
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into l, which
// must have the same K and N and a sampler of the same kind and settings.
func (l *PCD) UnmarshalBinary(b []byte) error {
	r := statebin.NewReader(b)
	r.Tag("learn.PCD/1")
	r.Check("K", r.Int("K"), l.K)
	r.Check("N", r.Int("N"), l.N)
	c := readChains(r, "chains")
	s := r.Blob("sampler")
	if err := r.Done(l.name()); err != nil {
		return fmt.Errorf("learn: %s: %w", l.name(), err)
	}
	if err := readSampler(l.Sampler, s, l.name()); err != nil {
		return err
	}
	l.Reset()
	if c != nil {
		l.chains, l.grad = c, binaryGradOf(chainShape(c))
	}
	return nil
}

// MarshalBinary returns the learner's state: that of its PCD learner,
// whose sampler is the tempered one (the chains at every temperature, the
// swap source and counts, and the base sampler's state).
func (l *PT) MarshalBinary() ([]byte, error) {
	if l == nil || l.pcd == nil {
		return nil, fmt.Errorf("learn: PT: not made with NewPT")
	}
	return l.pcd.MarshalBinary()
}

// UnmarshalBinary restores a state written by MarshalBinary into l, which
// must have been made with the same arguments of NewPT.
func (l *PT) UnmarshalBinary(b []byte) error {
	if l == nil || l.pcd == nil {
		return fmt.Errorf("learn: PT: not made with NewPT")
	}
	return l.pcd.UnmarshalBinary(b)
}

// MarshalBinary returns the learner's state: the state of its estimator,
// which must implement encoding.BinaryMarshaler (CD and PCD do). The rest
// of SSD is work space.
func (l *SSD) MarshalBinary() ([]byte, error) {
	m, ok := l.Estimator.(encoding.BinaryMarshaler)
	if !ok {
		return nil, fmt.Errorf("learn: SSD: estimator %T cannot save its state (it does not implement encoding.BinaryMarshaler)", l.Estimator)
	}
	b, err := m.MarshalBinary()
	if err != nil {
		return nil, err
	}
	var w statebin.Writer
	w.String("learn.SSD/1")
	w.String(fmt.Sprintf("%T", l.Estimator))
	w.Blob(b)
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into l, whose
// estimator must be of the same type and settings.
func (l *SSD) UnmarshalBinary(b []byte) error {
	u, ok := l.Estimator.(encoding.BinaryUnmarshaler)
	if !ok {
		return fmt.Errorf("learn: SSD: estimator %T cannot restore a state (it does not implement encoding.BinaryUnmarshaler)", l.Estimator)
	}
	r := statebin.NewReader(b)
	r.Tag("learn.SSD/1")
	r.Check("estimator", r.String("estimator"), fmt.Sprintf("%T", l.Estimator))
	e := r.Blob("estimator state")
	if err := r.Done("SSD"); err != nil {
		return fmt.Errorf("learn: SSD: %w", err)
	}
	return u.UnmarshalBinary(e)
}

var (
	_ encoding.BinaryMarshaler   = (*CD)(nil)
	_ encoding.BinaryUnmarshaler = (*CD)(nil)
	_ encoding.BinaryMarshaler   = (*PCD)(nil)
	_ encoding.BinaryUnmarshaler = (*PCD)(nil)
	_ encoding.BinaryMarshaler   = (*FPCD)(nil)
	_ encoding.BinaryUnmarshaler = (*FPCD)(nil)
	_ encoding.BinaryMarshaler   = (*PT)(nil)
	_ encoding.BinaryUnmarshaler = (*PT)(nil)
	_ encoding.BinaryMarshaler   = (*SDCP)(nil)
	_ encoding.BinaryUnmarshaler = (*SDCP)(nil)
	_ encoding.BinaryMarshaler   = (*CSDCP)(nil)
	_ encoding.BinaryUnmarshaler = (*Centered)(nil)
	_ encoding.BinaryMarshaler   = (*SSD)(nil)
	_ encoding.BinaryUnmarshaler = (*SSD)(nil)
)
