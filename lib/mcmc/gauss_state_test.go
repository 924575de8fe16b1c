package mcmc

import (
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
)

// TestLangevinStateLayout reads a saved Langevin and GibbsLangevin state
// field by field in the order of format 1, so that a change of the order
// (which would make old checkpoints unreadable) fails here.
func TestLangevinStateLayout(t *testing.T) {
	l := NewLangevin(0.25, true, 7)
	l.AdjustAfter, l.PerUnit, l.TargetAccept, l.AdaptSteps, l.Accepted, l.Proposed = 3, true, 0.6, 9, 4, 11
	b, err := l.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	r := statebin.NewReader(b)
	r.Tag("mcmc.Langevin/1")
	if a, aa, na, pu, ta, as, st, acc, pr := r.Bool(""), r.Int(""), r.Bool(""), r.Bool(""), r.F64(""), r.Int(""), r.F64(""), r.Int(""), r.Int(""); !a || aa != 3 || na || !pu || ta != 0.6 || as != 9 || st != 0.25 || acc != 4 || pr != 11 {
		t.Errorf("Langevin state reads %v %v %v %v %v %v %v %v %v", a, aa, na, pu, ta, as, st, acc, pr)
	}
	r.Blob("source")
	if err := r.Done("Langevin"); err != nil {
		t.Error(err)
	}

	g := NewGibbsLangevin(0.5, 4, false, 7)
	g.Stepwise, g.NoAnneal = true, true
	b, err = g.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	r = statebin.NewReader(b)
	r.Tag("mcmc.GibbsLangevin/1")
	if k, a, aa, na, sw, pu, ta, as, st := r.Int(""), r.Bool(""), r.Int(""), r.Bool(""), r.Bool(""), r.Bool(""), r.F64(""), r.Int(""), r.F64(""); k != 4 || a || aa != 0 || !na || !sw || pu || ta != 0 || as != 0 || st != 0.5 {
		t.Errorf("GibbsLangevin state reads %v %v %v %v %v %v %v %v %v", k, a, aa, na, sw, pu, ta, as, st)
	}
	r.Int("")
	r.Int("")
	r.Blob("source")
	if err := r.Done("GibbsLangevin"); err != nil {
		t.Error(err)
	}
}

// TestLangevinStateRefused: a state restores only into a sampler with the
// same settings, and a sampler not made by its constructor says so.
func TestLangevinStateRefused(t *testing.T) {
	b, err := NewGibbsLangevin(0.5, 4, true, 1).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	err = NewGibbsLangevin(0.5, 5, true, 1).UnmarshalBinary(b)
	if err == nil || !strings.Contains(err.Error(), "K") || !strings.Contains(err.Error(), "GibbsLangevin.UnmarshalBinary") {
		t.Errorf("K 4 restored into K 5: %v", err)
	}
	lb, err := NewLangevin(0.5, true, 1).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	err = NewLangevin(0.5, false, 1).UnmarshalBinary(lb)
	if err == nil || !strings.Contains(err.Error(), "Adjust") {
		t.Errorf("adjusted state restored into an unadjusted sampler: %v", err)
	}
	if err := NewLangevin(0.5, true, 1).UnmarshalBinary(b); err == nil {
		t.Error("a GibbsLangevin state restored into a Langevin")
	}
	var zero Langevin
	if _, err := zero.MarshalBinary(); err == nil || !strings.Contains(err.Error(), "NewLangevin") {
		t.Errorf("zero Langevin: %v", err)
	}
	var nilGL *GibbsLangevin
	if err := nilGL.UnmarshalBinary(b); err == nil || !strings.Contains(err.Error(), "NewGibbsLangevin") {
		t.Errorf("nil GibbsLangevin: %v", err)
	}
}
