package dsl

import (
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// This file holds the bounds of the library's parameters that the checker
// verifies before anything runs (Param.Check): sizes, counts, rates and
// probabilities, and that a folder named in a sweep file exists. They are
// the bounds that the builders of library.go and the library's
// constructors enforce per run, so a value outside them is reported at
// `check` with its position instead of failing every run. Library attaches
// them to its entries.

// limits maps kind, entry and parameter to its check; "*" as the entry
// means every learner (the training parameters).
var limits = map[Kind]map[string]map[string]func(any) error{
	KindDataset: {
		"bars_stripes":     {"size": intIn(1, data.MaxBarsAndStripes)},
		"shifting_bar":     {"n": intIn(2, data.MaxShiftingBar), "b": intIn(1, data.MaxShiftingBar-1)},
		"artificial_modes": {"pmut": floatIn(0, 1), "n": intIn(1, data.MaxArtificialModes), "seed": intIn(0, math.MaxInt)},
		"mnist":            {"n": intIn(0, math.MaxInt), "threshold": floatOpen(0, 1), "dir": existingDir},
	},
	KindModel: {
		// With at least one visible unit, v·h + v + h ≤ rbm.MaxParams
		// needs h ≤ (MaxParams − 1)/2; the exact bound depends on the
		// data set's width and is checked per run by rbm.NewBinary.
		"binary": {"hidden": intIn(1, (rbm.MaxParams-1)/2), "init_sd": floatIn(0, rbm.MaxParam)},
	},
	KindSampler: {
		"flip":     {"alpha": floatIn(0, 1)},
		"tempered": {"temps": intIn(2, math.MaxInt), "steps": intIn(1, math.MaxInt), "alpha": floatIn(0, 1)},
	},
	KindLearner: {
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
	},
	KindMeasure: {
		"ais": {"chains": intIn(1, math.MaxInt), "steps": intIn(1, math.MaxInt)},
		"isl": {"samples": intIn(1, math.MaxInt), "burn": intIn(0, math.MaxInt), "thin": intIn(1, math.MaxInt)},
		"tau": {"chains": intIn(1, math.MaxInt), "steps": intIn(4, math.MaxInt)},
	},
}

// limitOf returns the check of a parameter of the library, or nil.
func limitOf(kind Kind, entry, param string) func(any) error {
	if f := limits[kind][entry][param]; f != nil {
		return f
	}
	if kind == KindLearner {
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

// existingDir checks that a folder named by a string parameter exists; ""
// (the default folder, looked up when the run starts) passes.
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
