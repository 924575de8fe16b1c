package mcmc

import (
	"encoding"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

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
func (s *Langevin) MarshalBinary() ([]byte, error) { return s.state().marshal() }

// UnmarshalBinary restores a state written by MarshalBinary into s, which
// must have been made with NewLangevin and have the same settings (all
// exported fields but Step, Accepted and Proposed, which are restored).
func (s *Langevin) UnmarshalBinary(b []byte) error { return s.state().unmarshal(b) }

// MarshalBinary returns the sampler's state: its settings, its current
// Step (which SetStep and the adaptation change), the acceptance counts
// and the state of its source.
func (s *GibbsLangevin) MarshalBinary() ([]byte, error) { return s.state().marshal() }

// UnmarshalBinary restores a state written by MarshalBinary into s, which
// must have been made with NewGibbsLangevin and have the same settings
// (all exported fields but Step, Accepted and Proposed, which are
// restored).
func (s *GibbsLangevin) UnmarshalBinary(b []byte) error { return s.state().unmarshal(b) }

func (s *Langevin) state() *langevinState {
	st := &langevinState{tag: "mcmc.Langevin/1", name: "Langevin", maker: "NewLangevin"}
	if s != nil {
		st.settings = []setting{{"Adjust", &s.Adjust}, {"AdjustAfter", &s.AdjustAfter}, {"NoAnneal", &s.NoAnneal},
			{"PerUnit", &s.PerUnit}, {"TargetAccept", &s.TargetAccept}, {"AdaptSteps", &s.AdaptSteps}}
		st.step, st.accepted, st.proposed, st.src, st.temp = &s.Step, &s.Accepted, &s.Proposed, s.src, s.Temperature
	}
	return st
}

func (s *GibbsLangevin) state() *langevinState {
	st := &langevinState{tag: "mcmc.GibbsLangevin/1", name: "GibbsLangevin", maker: "NewGibbsLangevin"}
	if s != nil {
		st.settings = []setting{{"K", &s.K}, {"Adjust", &s.Adjust}, {"AdjustAfter", &s.AdjustAfter}, {"NoAnneal", &s.NoAnneal},
			{"Stepwise", &s.Stepwise}, {"PerUnit", &s.PerUnit}, {"TargetAccept", &s.TargetAccept}, {"AdaptSteps", &s.AdaptSteps}}
		st.step, st.accepted, st.proposed, st.src, st.temp = &s.Step, &s.Accepted, &s.Proposed, s.src, s.Temperature
	}
	return st
}

// langevinState is the state that Langevin and GibbsLangevin write, in
// this order: the tag, the settings (restored only if equal to the
// sampler's), the current step, the accepted and proposed counts, and the
// state of the source. Its fields point into the sampler.
type langevinState struct {
	tag, name, maker   string // "mcmc.Langevin/1", "Langevin", "NewLangevin"
	settings           []setting
	step               *float64
	accepted, proposed *int
	src                *rand.PCG // nil: not made with maker
	temp               float64   // Temperature: format 1 holds none (T = 1), format 2 holds it
}

// tempTag returns the tag of format 2 (the state with a temperature) for
// the format-1 tag tag: "mcmc.Langevin/1" → "mcmc.Langevin/2".
func tempTag(tag string) string { return strings.TrimSuffix(tag, "/1") + "/2" }

// setting is a named setting: v is a *bool, *int or *float64.
type setting struct {
	name string
	v    any
}

func (st *langevinState) marshal() ([]byte, error) {
	if st.src == nil {
		return nil, fmt.Errorf("mcmc: %s.MarshalBinary: sampler not made with %s", st.name, st.maker)
	}
	// Format 1 (no temperature) for T = 1, so that such states read as
	// they always did; format 2 writes T after the settings.
	hot := st.temp != 0 && st.temp != 1
	var w statebin.Writer
	if hot {
		w.String(tempTag(st.tag))
	} else {
		w.String(st.tag)
	}
	for _, f := range st.settings {
		switch v := f.v.(type) {
		case *bool:
			w.Bool(*v)
		case *int:
			w.Int(*v)
		case *float64:
			w.F64(*v)
		}
	}
	if hot {
		w.F64(st.temp)
	}
	w.F64(*st.step)
	w.Int(*st.accepted)
	w.Int(*st.proposed)
	w.PCG(st.src)
	return w.Bytes(), nil
}

func (st *langevinState) unmarshal(b []byte) error {
	if st.src == nil {
		return fmt.Errorf("mcmc: %s.UnmarshalBinary: sampler not made with %s", st.name, st.maker)
	}
	r := statebin.NewReader(b)
	tag := r.String("tag")
	if r.Err() == nil && tag != st.tag && tag != tempTag(st.tag) {
		r.Fail("tag", "state of %q, want %q or %q", tag, st.tag, tempTag(st.tag))
	}
	for _, f := range st.settings {
		switch v := f.v.(type) {
		case *bool:
			r.Check(f.name, r.Bool(f.name), *v)
		case *int:
			r.Check(f.name, r.Int(f.name), *v)
		case *float64:
			r.Check(f.name, r.F64(f.name), *v)
		}
	}
	temp := 1.0 // format 1
	if tag == tempTag(st.tag) {
		temp = r.F64("Temperature")
	}
	r.Check("Temperature", temp, tempOf(st.temp))
	step, acc, prop := r.F64("Step"), r.Int("Accepted"), r.Int("Proposed")
	var src rand.PCG
	r.PCG("source", &src)
	if err := r.Done(st.name); err != nil {
		return fmt.Errorf("mcmc: %s.UnmarshalBinary: %w", st.name, err)
	}
	*st.step, *st.accepted, *st.proposed = step, acc, prop
	*st.src = src
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
