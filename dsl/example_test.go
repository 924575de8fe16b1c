package dsl_test

import (
	"context"
	"fmt"
	"go/scanner"
	"os"

	"github.com/rbm-kernel/rbm-kernel/dsl"
)

// registry is a stand-in for the library's registry.
func registry() dsl.Registry {
	r, err := dsl.NewMapRegistry(
		&dsl.Entry{Kind: dsl.KindDataset, Name: "bars_stripes", Params: []dsl.Param{{Name: "size", Type: dsl.TypeInt, Default: 4}}},
		&dsl.Entry{Kind: dsl.KindModel, Name: "binary", Params: []dsl.Param{{Name: "hidden", Type: dsl.TypeInt}}},
		&dsl.Entry{Kind: dsl.KindLearner, Name: "cd", Params: []dsl.Param{{Name: "rate", Type: dsl.TypeFloat, Default: 0.1}}},
		&dsl.Entry{Kind: dsl.KindSampler, Name: "gibbs"},
		&dsl.Entry{Kind: dsl.KindSampler, Name: "flip"},
		&dsl.Entry{Kind: dsl.KindMeasure, Name: "loglik"},
	)
	if err != nil {
		panic(err)
	}
	return r
}

// Compile reports every mistake at once, each with its position.
func ExampleCompile_errors() {
	src := `seed 1
data bars_stripes(size = 4)
model binary(hiden = 16)
axis rate = range(1, 0)
sampler gibs
`
	_, err := dsl.Compile("bad.sweep", []byte(src), registry())
	for _, e := range err.(scanner.ErrorList) {
		fmt.Println(e)
	}
	// Output:
	// bad.sweep:3:1: missing parameter hidden (int) of model binary
	// bad.sweep:3:14: unknown parameter hiden of model binary (did you mean hidden?)
	// bad.sweep:4:13: bad range range(1, 0): it is empty (from 1, step 1 never reaches 0)
	// bad.sweep:5:9: unknown sampler gibs (did you mean gibbs?)
}

// A whole sweep: compile, plan, run with a stand-in run function, report.
func ExampleRun() {
	src := `seed 42
repeat 5
updates 100
data bars_stripes
model binary(hidden = 8)
axis sampler = [gibbs, flip]
learner cd(rate = 0.05)
sampler $sampler
measure loglik every 50
summary median of final loglik by sampler
compare sampler flip vs gibbs on final loglik
`
	spec, err := dsl.Compile("demo.sweep", []byte(src), registry())
	if err != nil {
		fmt.Println(err)
		return
	}
	plan, err := dsl.NewPlan(spec)
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, _ := os.MkdirTemp("", "sweep")
	defer os.RemoveAll(dir)
	store, _ := dsl.OpenStore(dir)
	// A real RunFunc trains the configured model; this one makes up a
	// curve from the seed, better for flip.
	fake := func(ctx context.Context, j *dsl.Job) ([]dsl.Point, error) {
		v := -float64(j.Seed%1000) / 100
		if j.Config.Sampler.Name == "flip" {
			v += 1 + float64(j.Repeat)/10
		}
		return []dsl.Point{{Measure: "loglik", Step: 50, Value: v - 1}, {Measure: "loglik", Step: 100, Value: v}}, nil
	}
	sum, err := dsl.Run(context.Background(), plan, store, fake, &dsl.Options{Workers: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(plan.Jobs), "runs,", sum.Failed, "failed")
	results, _ := dsl.LoadResults(dir)
	rep, _ := dsl.NewReport(plan, results)
	c := rep.Comparisons[0].Cells[0]
	fmt.Printf("pairs %d, W+ %v, W- %v, exact p %.4f\n", c.Pairs, c.Test.WPlus, c.Test.WMinus, c.Test.P)
	// Output:
	// 10 runs, 0 failed
	// pairs 5, W+ 15, W- 0, exact p 0.0625
}

// Quantiles are of type 7, as in R and numpy.
func ExampleQuantile() {
	x := []float64{3, 1, 4, 1, 5, 9, 2, 6}
	fmt.Printf("%.4g %.4g %.4g\n", dsl.Median(x), dsl.Quantile(0.25, x), dsl.Quantile(0.9, x))
	// Output: 3.5 1.75 6.9
}

// A Slurm array script for a sweep split into 10 tasks.
func ExampleSbatch() {
	s, err := dsl.Sbatch(dsl.ClusterOptions{Name: "table1", SweepFile: "table1.sweep", OutDir: "results", Shards: 10})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(s)
	// Output:
	// #!/bin/bash
	// #SBATCH --job-name=table1
	// #SBATCH --array=0-9
	// #SBATCH --cpus-per-task=1
	// #SBATCH --output=table1-%A_%a.out
	// #SBATCH --error=table1-%A_%a.err
	// #SBATCH --open-mode=append
	// #SBATCH --requeue
	// # Task i runs shard i/10; the count is fixed here, so that any tasks can be
	// # resubmitted alone (sbatch --array=3,5 this-file). Exit status 3: runs failed
	// # (resubmit to run them again); 130: interrupted (resubmit to resume).
	// set -euo pipefail
	// exec rbm-kernel sweep run -shard "${SLURM_ARRAY_TASK_ID}/10" -workers 1 -out results table1.sweep
}
