package mcmc

import (
	"encoding"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
)

// MarshalBinary returns the sampler's state: the state of its source.
func (s *GaussGibbs) MarshalBinary() ([]byte, error) {
	if s == nil || s.src == nil {
		return nil, errors.New("mcmc: GaussGibbs.MarshalBinary: sampler not made with NewGaussGibbs")
	}
	var w statebin.Writer
	w.String("mcmc.GaussGibbs/1")
	w.PCG(s.src)
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into s, which
// must have been made with NewGaussGibbs.
func (s *GaussGibbs) UnmarshalBinary(b []byte) error {
	if s == nil || s.src == nil {
		return errors.New("mcmc: GaussGibbs.UnmarshalBinary: sampler not made with NewGaussGibbs")
	}
	r := statebin.NewReader(b)
	r.Tag("mcmc.GaussGibbs/1")
	var src rand.PCG
	r.PCG("source", &src)
	if err := r.Done("GaussGibbs"); err != nil {
		return fmt.Errorf("mcmc: GaussGibbs.UnmarshalBinary: %w", err)
	}
	*s.src = src
	return nil
}

// MarshalBinary returns the sampler's state: its settings, its current
// Step (which SetStep and the adaptation change), the acceptance counts
// and the state of its source.
func (s *Langevin) MarshalBinary() ([]byte, error) {
	if s == nil || s.src == nil {
		return nil, errors.New("mcmc: Langevin.MarshalBinary: sampler not made with NewLangevin")
	}
	var w statebin.Writer
	w.String("mcmc.Langevin/1")
	w.Bool(s.Adjust)
	w.Int(s.AdjustAfter)
	w.Bool(s.NoAnneal)
	w.Bool(s.PerUnit)
	w.F64(s.TargetAccept)
	w.Int(s.AdaptSteps)
	w.F64(s.Step)
	w.Int(s.Accepted)
	w.Int(s.Proposed)
	w.PCG(s.src)
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into s, which
// must have been made with NewLangevin and have the same settings (all
// exported fields but Step, Accepted and Proposed, which are restored).
func (s *Langevin) UnmarshalBinary(b []byte) error {
	if s == nil || s.src == nil {
		return errors.New("mcmc: Langevin.UnmarshalBinary: sampler not made with NewLangevin")
	}
	r := statebin.NewReader(b)
	r.Tag("mcmc.Langevin/1")
	r.Check("Adjust", r.Bool("Adjust"), s.Adjust)
	r.Check("AdjustAfter", r.Int("AdjustAfter"), s.AdjustAfter)
	r.Check("NoAnneal", r.Bool("NoAnneal"), s.NoAnneal)
	r.Check("PerUnit", r.Bool("PerUnit"), s.PerUnit)
	r.Check("TargetAccept", r.F64("TargetAccept"), s.TargetAccept)
	r.Check("AdaptSteps", r.Int("AdaptSteps"), s.AdaptSteps)
	step, acc, prop := r.F64("Step"), r.Int("Accepted"), r.Int("Proposed")
	var src rand.PCG
	r.PCG("source", &src)
	if err := r.Done("Langevin"); err != nil {
		return fmt.Errorf("mcmc: Langevin.UnmarshalBinary: %w", err)
	}
	s.Step, s.Accepted, s.Proposed = step, acc, prop
	*s.src = src
	return nil
}

// MarshalBinary returns the sampler's state: its settings, its current
// Step (which SetStep and the adaptation change), the acceptance counts
// and the state of its source.
func (s *GibbsLangevin) MarshalBinary() ([]byte, error) {
	if s == nil || s.src == nil {
		return nil, errors.New("mcmc: GibbsLangevin.MarshalBinary: sampler not made with NewGibbsLangevin")
	}
	var w statebin.Writer
	w.String("mcmc.GibbsLangevin/1")
	w.Int(s.K)
	w.Bool(s.Adjust)
	w.Int(s.AdjustAfter)
	w.Bool(s.NoAnneal)
	w.Bool(s.Stepwise)
	w.Bool(s.PerUnit)
	w.F64(s.TargetAccept)
	w.Int(s.AdaptSteps)
	w.F64(s.Step)
	w.Int(s.Accepted)
	w.Int(s.Proposed)
	w.PCG(s.src)
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into s, which
// must have been made with NewGibbsLangevin and have the same settings
// (all exported fields but Step, Accepted and Proposed, which are
// restored).
func (s *GibbsLangevin) UnmarshalBinary(b []byte) error {
	if s == nil || s.src == nil {
		return errors.New("mcmc: GibbsLangevin.UnmarshalBinary: sampler not made with NewGibbsLangevin")
	}
	r := statebin.NewReader(b)
	r.Tag("mcmc.GibbsLangevin/1")
	r.Check("K", r.Int("K"), s.K)
	r.Check("Adjust", r.Bool("Adjust"), s.Adjust)
	r.Check("AdjustAfter", r.Int("AdjustAfter"), s.AdjustAfter)
	r.Check("NoAnneal", r.Bool("NoAnneal"), s.NoAnneal)
	r.Check("Stepwise", r.Bool("Stepwise"), s.Stepwise)
	r.Check("PerUnit", r.Bool("PerUnit"), s.PerUnit)
	r.Check("TargetAccept", r.F64("TargetAccept"), s.TargetAccept)
	r.Check("AdaptSteps", r.Int("AdaptSteps"), s.AdaptSteps)
	step, acc, prop := r.F64("Step"), r.Int("Accepted"), r.Int("Proposed")
	var src rand.PCG
	r.PCG("source", &src)
	if err := r.Done("GibbsLangevin"); err != nil {
		return fmt.Errorf("mcmc: GibbsLangevin.UnmarshalBinary: %w", err)
	}
	s.Step, s.Accepted, s.Proposed = step, acc, prop
	*s.src = src
	return nil
}

var (
	_ encoding.BinaryMarshaler   = (*GaussGibbs)(nil)
	_ encoding.BinaryUnmarshaler = (*GaussGibbs)(nil)
	_ encoding.BinaryMarshaler   = (*Langevin)(nil)
	_ encoding.BinaryUnmarshaler = (*Langevin)(nil)
	_ encoding.BinaryMarshaler   = (*GibbsLangevin)(nil)
	_ encoding.BinaryUnmarshaler = (*GibbsLangevin)(nil)
)
