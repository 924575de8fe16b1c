package dsl

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// testRegistry is a fake of the library's registry with the names the
// papers use.
func testRegistry(t testing.TB) *MapRegistry {
	t.Helper()
	r, err := NewMapRegistry(
		&Entry{Kind: KindDataset, Name: "bars_stripes", Doc: "Bars and Stripes", Params: []Param{{Name: "size", Type: TypeInt, Default: 4}}},
		&Entry{Kind: KindDataset, Name: "mnist", Params: []Param{{Name: "path", Type: TypeString}, {Name: "binarize", Type: TypeBool, Default: true}}},
		&Entry{Kind: KindModel, Name: "binary", Params: []Param{{Name: "hidden", Type: TypeInt}, {Name: "init_sd", Type: TypeFloat, Default: 0.01}}},
		&Entry{Kind: KindLearner, Name: "cd", Params: []Param{{Name: "k", Type: TypeInt, Default: 1}, {Name: "rate", Type: TypeFloat, Default: 0.1}}},
		&Entry{Kind: KindLearner, Name: "pcd", Params: []Param{{Name: "k", Type: TypeInt, Default: 1}, {Name: "rate", Type: TypeFloat, Default: 0.1}}},
		&Entry{Kind: KindLearner, Name: "pt", Params: []Param{{Name: "temps", Type: TypeInt, Default: 10}, {Name: "rate", Type: TypeFloat, Default: 0.1}}},
		&Entry{Kind: KindSampler, Name: "gibbs"},
		&Entry{Kind: KindSampler, Name: "flip", Params: []Param{{Name: "alpha", Type: TypeFloat, Default: 1.0}}},
		&Entry{Kind: KindMeasure, Name: "loglik", Doc: "exact average log-likelihood", Better: "higher"},
		&Entry{Kind: KindMeasure, Name: "ais", Params: []Param{{Name: "chains", Type: TypeInt, Default: 100}, {Name: "betas", Type: TypeInt, Default: 10000}}},
		&Entry{Kind: KindMeasure, Name: "autocorr", Params: []Param{{Name: "sampler", Type: TypeName, Kind: KindSampler, Default: "gibbs"}}},
	)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// table1 is the flip-the-state paper's Table 1 as a sweep: 3 learners ×
// 2 samplers × 3 learning rates × 25 repeats = 450 runs.
const table1 = `# Brügge, Fischer and Igel (2013), Table 1, Bars and Stripes
sweep "flip-the-state table 1"
seed 2013
repeat 25
updates 20000
data bars_stripes(size = 4)
model binary(hidden = 16)
axis learner = [cd, pcd, pt]
axis sampler = [gibbs, flip]
axis rate = [0.01, 0.05, 0.1]
learner $learner(rate = $rate, k = if $learner == cd then 5 else 1)
sampler $sampler
measure loglik every 100
summary median, q(0.25), q(0.75) of max loglik by learner, sampler, rate
compare sampler flip vs gibbs on max loglik by learner, rate
`

func mustPlan(t testing.TB, src string) *Plan {
	t.Helper()
	return mustPlanWith(t, src, testRegistry(t))
}

// mustPlanWith compiles src with reg and makes its plan, failing t on an
// error.
func mustPlanWith(t testing.TB, src string, reg Registry) *Plan {
	t.Helper()
	spec, err := Compile("test.sweep", []byte(src), reg)
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	p, err := NewPlan(spec)
	if err != nil {
		t.Fatalf("plan: %v", err)
	}
	return p
}

// fakeRun is a deterministic stand-in for training: a learning curve
// loglik(step) = -10 + 5·(1 − e^(−step/500)) + noise, with the noise drawn
// from the run's seed, and a small advantage for the flip sampler.
func fakeRun(ctx context.Context, j *Job) ([]Point, error) {
	rng := rand.New(rand.NewPCG(j.Seed, 0))
	bonus := 0.0
	if j.Config.Sampler != nil && j.Config.Sampler.Name == "flip" {
		bonus = 0.2
	}
	var pts []Point
	for step := 100; step <= 1000; step += 100 {
		if err := ctx.Err(); err != nil {
			return pts, err
		}
		v := -10 + 5*(1-math.Exp(-float64(step)/500)) + bonus + 0.1*rng.NormFloat64()
		pts = append(pts, Point{Measure: "loglik", Step: step, Value: v})
	}
	if rate, ok := j.Value("rate"); ok && rate == 0.5 {
		return pts[:2], fmt.Errorf("diverged at step 300")
	}
	return pts, nil
}
