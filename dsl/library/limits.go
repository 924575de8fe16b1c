package library

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
)

// This file holds the helpers that make the bounds of the library's
// parameters, which the checker verifies before anything runs
// (dsl.Param.Check, set in the items of library.go and gaussian.go):
// sizes, counts, rates and probabilities, and that a folder named in a
// sweep file exists. They are the bounds that the builders and the
// library's constructors enforce per run, so a value outside them is
// reported at `check` with its position instead of failing every run. The
// file also holds runSize, the bound on the chains and samples of a run.

// atLeast checks lo ≤ v for an int.
func atLeast(lo int) func(any) error { return intIn(lo, math.MaxInt) }

// intIn checks lo ≤ v ≤ hi for an int.
func intIn(lo, hi int) func(any) error {
	return func(v any) error {
		n, ok := v.(int)
		if !ok {
			return fmt.Errorf("%v is not an int", v)
		}
		switch {
		case n < lo && hi == math.MaxInt:
			return fmt.Errorf("want at least %d", lo)
		case n < lo || n > hi:
			return fmt.Errorf("want %d…%d", lo, hi)
		}
		return nil
	}
}

// floatBetween checks v against lo and hi, each bound included or not.
func floatBetween(lo, hi float64, loIn, hiIn bool) func(any) error {
	return func(v any) error {
		x, ok := toFloat(v)
		if !ok {
			return fmt.Errorf("%v is not a number", v)
		}
		okLo := x > lo || loIn && x == lo
		okHi := x < hi || hiIn && x == hi
		if okLo && okHi {
			return nil
		}
		if hi == math.MaxFloat64 {
			if loIn {
				return fmt.Errorf("want a finite number ≥ %g", lo)
			}
			return fmt.Errorf("want a finite number > %g", lo)
		}
		left, right := "(", ")"
		if loIn {
			left = "["
		}
		if hiIn {
			right = "]"
		}
		return fmt.Errorf("want a number in %s%g, %g%s", left, lo, hi, right)
	}
}

func floatIn(lo, hi float64) func(any) error       { return floatBetween(lo, hi, true, true) }
func floatOpen(lo, hi float64) func(any) error     { return floatBetween(lo, hi, false, false) }
func floatHalfOpen(lo, hi float64) func(any) error { return floatBetween(lo, hi, true, false) }
func floatLeftOpen(lo, hi float64) func(any) error { return floatBetween(lo, hi, false, true) }

var (
	positiveFloat    = floatBetween(0, math.MaxFloat64, false, true) // finite and > 0
	nonNegativeFloat = floatIn(0, math.MaxFloat64)                   // finite and ≥ 0
)

// mnistDir checks that a folder given to mnist exists and holds the test
// or the training images (data.MNISTTestImages or data.MNISTTrainImages,
// plain or .gz; which one a run reads depends on its train parameter and
// is checked when it starts). "" (data.DefaultMNISTDir, looked up when the
// run starts) passes.
func mnistDir(v any) error {
	if err := existingDir(v); err != nil || v == "" {
		return err
	}
	dir := v.(string)
	for _, name := range []string{data.MNISTTestImages, data.MNISTTrainImages} {
		for _, f := range []string{name, name + ".gz"} {
			if st, err := os.Stat(filepath.Join(dir, f)); err == nil && st.Mode().IsRegular() {
				return nil
			}
		}
	}
	return fmt.Errorf("folder %s holds neither %s nor %s (nor their .gz); %s", dir, data.MNISTTestImages, data.MNISTTrainImages, data.MNISTSetupHint)
}

// existingDir checks that a folder named by a string parameter exists; ""
// passes.
func existingDir(v any) error {
	s, ok := v.(string)
	if !ok {
		return fmt.Errorf("%v is not a string", v)
	}
	if s == "" {
		return nil
	}
	st, err := os.Stat(s)
	if err != nil {
		abs, _ := filepath.Abs(s)
		return fmt.Errorf("folder %s does not exist", abs)
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is not a folder", s)
	}
	return nil
}

// runSize checks, once a run has its data set and before it builds the
// model, the learner, the sampler and the measurements, that the chains
// and samples they keep fit the library's bound on a data set: at most
// data.MaxSetValues values, counting visible + hidden values per state.
// The states are: the learner's chains (chains, or the batch rows when 0,
// or every example when the batch is 0), times the learner's replicas (the
// parameter its item names in replicas: pt's temperatures), times the
// sampler's replicas (a tempered sampler's temperatures); ais's chains;
// isl's samples; tau's
// chains (and their chains × steps energy traces). A count whose memory would end the
// process is an error naming the parameter, not a fatal out-of-memory.
func runSize(cfg *dsl.Config, set *data.Set) error {
	get := func(p *dsl.Part, name string, def int) float64 {
		if p == nil {
			return float64(def)
		}
		r := read(params{m: p.Params})
		v := r.int(name)
		if r.Err() != nil || v < 0 {
			return float64(def) // absent, or refused later by its builder
		}
		return float64(v)
	}
	visible, examples := float64(set.Dim()), float64(set.Len())
	unit := visible + get(&cfg.Model, "hidden", 0)
	tooMany := func(what string, values float64) error {
		if values <= data.MaxSetValues {
			return nil
		}
		return fmt.Errorf("%s: %.3g values (%.3g GiB of float64), above the bound data.MaxSetValues = %d of a data set",
			what, values, values*8/(1<<30), data.MaxSetValues)
	}
	if l := cfg.Learner; l != nil {
		chains := get(l, "chains", 0)
		if chains == 0 {
			chains = get(l, "batch", 0)
		}
		if chains == 0 {
			chains = examples
		}
		temps, tempered := 1.0, 1.0
		if it := index[dsl.KindLearner][l.Name]; it != nil && it.replicas != "" {
			temps = get(l, it.replicas, 1)
		}
		if s := cfg.Sampler; s != nil {
			if it := index[dsl.KindSampler][s.Name]; it != nil && it.replicas != "" {
				tempered = get(s, it.replicas, 1)
			}
		}
		what := fmt.Sprintf("learner %s: %.0f chains × %.0f temperatures × %.0f tempered replicas of %.0f visible + hidden units",
			l.Name, chains, temps, tempered, unit)
		if err := tooMany(what, chains*temps*tempered*unit); err != nil {
			return err
		}
	}
	for i := range cfg.Measures {
		m := &cfg.Measures[i]
		var err error
		switch m.Name {
		case "ais":
			c := get(m, "chains", 0)
			err = tooMany(fmt.Sprintf("measure ais: chains = %.0f of %.0f units", c, unit), c*unit)
		case "isl":
			s := get(m, "samples", 0)
			err = tooMany(fmt.Sprintf("measure isl: samples = %.0f of %.0f visible units", s, visible), s*visible)
		case "tau":
			c, n := get(m, "chains", 0), get(m, "steps", 0)
			if err = tooMany(fmt.Sprintf("measure tau: chains = %.0f of %.0f units", c, unit), c*unit); err == nil {
				err = tooMany(fmt.Sprintf("measure tau: chains = %.0f × steps = %.0f of energy traces", c, n), c*n)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// toFloat returns an int or float64 value as a float64.
func toFloat(v any) (float64, bool) {
	switch v := v.(type) {
	case int:
		return float64(v), true
	case float64:
		return v, true
	}
	return 0, false
}
