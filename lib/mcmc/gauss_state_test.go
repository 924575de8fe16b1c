package mcmc

import (
	"encoding"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
	"gonum.org/v1/gonum/mat"
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

// TestLangevinStateTemperature checks that a sampler at a temperature
// T ≠ 1 saves and restores: its state is format 2 (T after the settings),
// a restored copy continues the chains exactly as the original does, and
// a sampler of another temperature refuses the state, as a format-1 state
// (T = 1) is refused by a sampler at T = 3.
func TestLangevinStateTemperature(t *testing.T) {
	g := gaussTestModel(t)
	for _, kind := range []string{"Langevin", "GibbsLangevin"} {
		sampler := func(temp float64) GaussianSampler {
			if kind == "Langevin" {
				s := NewLangevin(0.05, true, 3)
				s.Temperature = temp
				return s
			}
			s := NewGibbsLangevin(0.05, 4, true, 3)
			s.Temperature = temp
			return s
		}
		hot := sampler(3)
		c, err := NewGaussianChains(g, 5, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		if err := hot.SampleGaussian(g, c, 7); err != nil {
			t.Fatal(err)
		}
		b, err := hot.(encoding.BinaryMarshaler).MarshalBinary()
		if err != nil {
			t.Fatalf("%s at T = 3: %v", kind, err)
		}
		if r := statebin.NewReader(b); r.String("tag") != "mcmc."+kind+"/2" {
			t.Errorf("%s at T = 3: not a format-2 state", kind)
		}
		copyOf := sampler(3)
		if err := copyOf.(encoding.BinaryUnmarshaler).UnmarshalBinary(b); err != nil {
			t.Fatalf("%s: restoring T = 3: %v", kind, err)
		}
		c2 := &Chains{V: mat.DenseCopyOf(c.V), H: mat.DenseCopyOf(c.H), PV: mat.DenseCopyOf(c.PV), PH: mat.DenseCopyOf(c.PH)}
		if err := hot.SampleGaussian(g, c, 5); err != nil {
			t.Fatal(err)
		}
		if err := copyOf.SampleGaussian(g, c2, 5); err != nil {
			t.Fatal(err)
		}
		if !mat.Equal(c.V, c2.V) || !mat.Equal(c.H, c2.H) {
			t.Errorf("%s: the restored sampler does not continue the chains as the original", kind)
		}
		if err := sampler(1).(encoding.BinaryUnmarshaler).UnmarshalBinary(b); err == nil || !strings.Contains(err.Error(), "Temperature") {
			t.Errorf("%s: a T = 3 state restored at T = 1: %v", kind, err)
		}
		cold, _ := sampler(1).(encoding.BinaryMarshaler).MarshalBinary()
		if err := sampler(3).(encoding.BinaryUnmarshaler).UnmarshalBinary(cold); err == nil || !strings.Contains(err.Error(), "Temperature") {
			t.Errorf("%s: a T = 1 state restored at T = 3: %v", kind, err)
		}
	}
}
