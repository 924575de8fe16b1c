package library

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// This file holds the bounds of the library's parameters that the checker
// verifies before anything runs (Param.Check): sizes, counts, rates and
// probabilities, and that a folder named in a sweep file exists. They are
// the bounds that the builders of library.go and gaussian.go and the library's
// constructors enforce per run, so a value outside them is reported at
// `check` with its position instead of failing every run. Registry attaches
// them to its entries.

// limits maps kind, entry and parameter to its check; "*" as the entry
// means every learner (the training parameters).
var limits = map[dsl.Kind]map[string]map[string]func(any) error{
	dsl.KindDataset: {
		"bars_stripes":     {"size": intIn(1, data.MaxBarsAndStripes)},
		"shifting_bar":     {"n": intIn(2, data.MaxShiftingBar), "b": intIn(1, data.MaxShiftingBar-1)},
		"artificial_modes": {"pmut": floatIn(0, 1), "n": intIn(1, data.MaxArtificialModes), "seed": intIn(0, math.MaxInt)},
		"mnist":            {"n": intIn(0, math.MaxInt), "threshold": floatOpen(0, 1), "dir": mnistDir},
	},
	dsl.KindModel: {
		// With at least one visible unit, v·h + v + h ≤ rbm.MaxParams
		// needs h ≤ (MaxParams − 1)/2; the exact bound depends on the
		// data set's width and is checked per run by rbm.NewBinary.
		"binary":   {"hidden": intIn(1, (rbm.MaxParams-1)/2), "init_sd": floatIn(0, rbm.MaxParam)},
		"gaussian": {"hidden": intIn(1, (rbm.MaxParams-1)/2), "init_sd": floatIn(0, rbm.MaxParam)},
	},
	dsl.KindSampler: {
		"flip":           {"alpha": floatIn(0, 1)},
		"tempered":       {"temps": intIn(2, math.MaxInt), "steps": intIn(1, math.MaxInt), "alpha": floatIn(0, 1)},
		"langevin":       {"step": positiveFloat},
		"gibbs_langevin": {"step": positiveFloat, "k": intIn(1, math.MaxInt)},
	},
	dsl.KindLearner: {
		"*": {"rate": positiveFloat, "batch": intIn(0, math.MaxInt), "momentum": floatHalfOpen(0, 1),
			"decay": floatIn(0, math.MaxFloat64), "rate_end": floatIn(0, math.MaxFloat64)},
		"cd":       {"k": intIn(1, math.MaxInt)},
		"pcd":      {"k": intIn(1, math.MaxInt), "chains": intIn(0, math.MaxInt)},
		"fpcd":     {"k": intIn(1, math.MaxInt), "chains": intIn(0, math.MaxInt), "fast_rate": floatIn(0, math.MaxFloat64), "fast_decay": floatLeftOpen(0, 1)},
		"pt":       {"k": intIn(1, math.MaxInt), "temps": intIn(2, math.MaxInt), "chains": intIn(0, math.MaxInt)},
		"centered": {"k": intIn(1, math.MaxInt)},
		"sdcp":     {"d": intIn(1, math.MaxInt), "k": intIn(1, math.MaxInt)},
		"csdcp":    {"d": intIn(1, math.MaxInt), "k": intIn(1, math.MaxInt)},
		"ssd":      {"k": intIn(1, math.MaxInt), "chains": intIn(0, math.MaxInt)},
		"mcd":      {"k": intIn(1, math.MaxInt), "step": floatIn(0, math.MaxFloat64), "chains": intIn(0, math.MaxInt)},
	},
	dsl.KindMeasure: {
		"ais": {"chains": intIn(1, math.MaxInt), "steps": intIn(1, math.MaxInt)},
		"isl": {"samples": intIn(1, math.MaxInt), "burn": intIn(0, math.MaxInt), "thin": intIn(1, math.MaxInt)},
		"tau": {"chains": intIn(1, math.MaxInt), "steps": intIn(4, math.MaxInt)},
	},
}

// limitOf returns the check of a parameter of the library, or nil.
func limitOf(kind dsl.Kind, entry, param string) func(any) error {
	if f := limits[kind][entry][param]; f != nil {
		return f
	}
	if kind == dsl.KindLearner {
		return limits[kind]["*"][param]
	}
	return nil
}

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

var positiveFloat = floatBetween(0, math.MaxFloat64, false, true)

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
// or every example when the batch is 0), times pt's temperatures, times a
// tempered sampler's temperatures; ais's chains; isl's samples; tau's
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
		if l.Name == "pt" {
			temps = get(l, "temps", 1)
		}
		if s := cfg.Sampler; s != nil && s.Name == "tempered" {
			tempered = get(s, "temps", 1)
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
