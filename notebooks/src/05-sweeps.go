// -*- coding: utf-8 -*-
// %% [markdown]
// # Sweeps: a paper's comparison in a dozen lines
//
// A claim such as "S-DCP learns the shifting bar faster than CD" needs many
// training runs: every learner, at several learning rates, from many random
// starts, compared on the same starts. The **sweep language** states such a
// comparison in a short text file: the data set, the model, the learner and
// sampler with their parameters, the axes to vary, the repeats, what to measure
// and the report. This notebook writes one, checks it, runs it on all cores,
// summarises it with medians and paired Wilcoxon tests, and plots the learning
// curves.
//
// The example is Fig. 1 of Upadhya and Sastry (2017), *Learning RBMs with the
// stochastic difference of convex functions programming*, on a shorter budget:
// five learners at equal sampling cost per update (CD, PCD and the centered
// gradient with K = 12 Gibbs steps; S-DCP and centered S-DCP with d = 3 inner
// steps of K' = 4) on the 9-pixel *shifting bar*, 4 hidden units, full-batch
// updates at learning rates 0.3 and 0.5. The same file runs from a shell with
// `rbm-kernel sweep run FILE`, on a laptop or as a Slurm or Kubernetes array
// job; see `docs/sweep.md`.
//
// The package is `dsl`; it is imported below by its full path. The
// committed full run took 17 seconds on this machine's two cores (the sweep
// 13, as its cell prints); the tests set `RBM_QUICK=1`, which runs the same
// code with fewer repeats and updates.

// %%
import (
	"go/scanner"
	"path/filepath"

	"github.com/rbm-kernel/rbm-kernel/dsl"
)

quick := os.Getenv("RBM_QUICK") == "1"

repeats := 10   // random starts per configuration (the paper: 25)
updates := 5000 // full-batch updates per run (the paper: 50000)
if quick {
	repeats, updates = 3, 500
}

must := cell.Must // stops the cell with err, if there is one (kernel/cell)

fmt.Printf("quick mode %v: %d repeats of %d updates\n", quick, repeats, updates)

// %% [markdown]
// ## What a sweep file can name
//
// Every name in a sweep file (data sets, models, samplers, learners,
// measurements) comes from the library's registry, `dsl.Library()`, with its
// parameters, their types and defaults. Every learner also takes the training
// settings: the learning rate, the batch size (0: the whole data set), momentum,
// weight decay and the rate schedule.

// %%
fmt.Print(dsl.Library().Describe())

// %% [markdown]
// ## The sweep
//
// Two axes, learner and rate, give 5 × 2 configurations; each is run `repeat`
// times, so 10 · repeats runs. An argument goes to every learner that has the
// parameter (`d` only to S-DCP and CS-DCP), and `if … then … else` chooses a
// value per run. `measure loglik every N` records the exact mean
// log-likelihood of the 9 patterns every N updates (the best possible is
// −ln 9 ≈ −2.20). The `summary` and `compare` lines say what the report shows.
//
// Every run gets a seed derived from the sweep seed and its repeat and axis
// levels, **leaving out the compared axis** (`learner`): the five runs of one
// repeat and rate start from the same initial weights, so the comparisons are
// paired.

// %%
src := fmt.Sprintf(`sweep "S-DCP Fig. 1 (shifting bar), equal sampling cost"
seed 2017
repeat %d
updates %d

data  shifting_bar(n = 9, b = 1)
model binary(hidden = 4, init_sd = 0.01, base_rate = true)

axis learner = [cd, pcd, centered, sdcp, csdcp]
axis rate    = [0.3, 0.5]

learner $learner(k = if $learner in [sdcp, csdcp] then 4 else 12, d = 3, rate = $rate)
sampler gibbs
measure loglik every %d

summary median, q(0.25), q(0.75) of max loglik by learner, rate
compare learner sdcp vs cd on max loglik by rate
compare learner csdcp vs centered on max loglik by rate
`, repeats, updates, updates/50)

spec, err := dsl.Compile("fig1.sweep", []byte(src), dsl.Library())
must(err)
plan, err := dsl.NewPlan(spec)
must(err)
fmt.Printf("%d runs; the first five:\n", len(plan.Jobs))
for _, j := range plan.Jobs[:5] {
	fmt.Printf("  run %d  key %s  seed %20d  %v\n", j.Index, j.Key, j.Seed, j.Axes)
}

// %% [markdown]
// Mistakes are reported before anything runs, all at once, each with its
// line and column and, for a misspelt name, the closest known one.

// %%
bad := `seed 1
updates 100
data shifting_bar(n = 9, b = 1)
model binary(hiden = 4)
learner pcd(k = 12, rate = 0.3)
sampler gibs
`
_, err = dsl.Compile("typo.sweep", []byte(bad), dsl.Library())
var msg strings.Builder
scanner.PrintError(&msg, err) // every error of the list, one per line
fmt.Print(msg.String())

// %% [markdown]
// ## Running it
//
// `dsl.Run` runs the plan on all cores and writes one result file per run
// into a folder; runs that already have a result are skipped, so an
// interrupted sweep (the interrupt button cancels `ctx`) continues where it
// stopped when the cell is run again. The bar counts finished runs.

// %%
dir := filepath.Join(os.TempDir(), "rbm-kernel-05-sweeps")
if quick {
	dir += "-quick"
}
must(os.RemoveAll(dir)) // start afresh; leave this out to resume
store, err := dsl.OpenStore(dir)
must(err)

bar := display.NewProgress("runs")
bar.Update(0, len(plan.Jobs), "")
sum, err := dsl.Run(ctx, plan, store, dsl.RunLibrary, &dsl.Options{
	Progress: func(done, failed, total int, eta time.Duration) {
		bar.Update(done, total, fmt.Sprintf("%d failed", failed))
	},
})
bar.Done()
fmt.Println(sum)
must(err)

// %% [markdown]
// ## The report
//
// The summary reduces each run to its maximum log-likelihood and shows the
// median and quartiles per learner and rate, and names the best cell; each
// comparison pairs the runs of two learners that share a seed and applies the
// two-sided Wilcoxon signed-rank test to their differences (exact p-value for
// up to 50 pairs without ties). The table gives the rank sums W+ and W− of
// the pairs each learner wins, the Hodges–Lehmann shift (the median of the
// pairwise averages of the differences) with its 95 % interval, and the p-value adjusted by Holm's
// method over the tests of the table; a star marks an adjusted p ≤ 0.05.

// %%
results, err := dsl.LoadResults(dir)
must(err)
rep, err := dsl.NewReport(plan, results)
must(err)
display.Markdown(rep.Markdown())

// %% [markdown]
// ## Learning curves
//
// The median over the repeats of each learner, with the band between the
// quartiles, against the best possible mean log-likelihood −ln 9; one plot per
// learning rate.

// %%
// byLearner gathers the loglik curves of the results at the given rate
// into one group per learner, in the order of the learner axis (so that a
// learner has the same colour in every plot).
func byLearner(results []*dsl.Result, rate float64) []viz.Group {
	groups := map[string]*viz.Group{}
	var names []string
	for _, l := range plan.Spec.Axes {
		if l.Name == "learner" {
			for _, v := range l.Values {
				names = append(names, fmt.Sprint(v))
			}
		}
	}
	for _, r := range results {
		var name string
		var at float64
		for _, a := range r.Axes {
			switch a.Name {
			case "learner":
				name = fmt.Sprint(a.Value)
			case "rate":
				at, _ = a.Value.(float64)
			}
		}
		if at != rate {
			continue
		}
		g := groups[name]
		if g == nil {
			g = &viz.Group{Name: name}
			groups[name] = g
		}
		steps, values := r.Series("loglik")
		x := make([]float64, len(steps))
		for i, s := range steps {
			x[i] = float64(s)
		}
		g.Runs = append(g.Runs, viz.Series{X: x, Y: values})
	}
	var out []viz.Group
	for _, n := range names {
		if g := groups[n]; g != nil {
			out = append(out, *g)
		}
	}
	return out
}

for _, rate := range []float64{0.3, 0.5} {
	p, err := viz.Bands(fmt.Sprintf("Shifting bar, 4 hidden units, rate %v", rate), "parameter updates",
		"mean log-likelihood ℓ", 0.25, byLearner(results, rate)...)
	must(err)
	must(viz.HLine(p, -math.Log(9), "best possible, −ln 9"))
	p.Legend.Top, p.Legend.Left = true, true // early on, the curves are low
	display.Plot(p, 6*vg.Inch, 3.5*vg.Inch)
}

// %% [markdown]
// The paper reports that CD and PCD sit for a long time on a plateau near
// ℓ ≈ −3.15, where the model has not yet told the nine shifts apart, and that
// S-DCP and CS-DCP leave it much earlier at the same sampling cost. In
// 5000 updates at rate 0.3, CD, PCD and the centered gradient stay on the plateau (median maxima
// −3.14, −3.14 and −3.12, the upper quartiles no higher than −3.117), while
// S-DCP reaches −2.64 and CS-DCP −2.28; at rate 0.5 CD and PCD get to −2.96
// and the centered gradient to −2.60, ahead of S-DCP (−2.73) but behind
// CS-DCP (−2.26); CD and PCD stay behind both DCP learners. The four
// comparisons above (S-DCP against CD, CS-DCP against the centered
// gradient, at each rate) favour the DCP learner in every one of the 10
// pairs (W− = 0, Holm-adjusted p = 0.0039), on the maximum ℓ. They test
// neither PCD nor when a learner leaves the plateau; the curves show both
// DCP learners leaving it before CD and PCD, as the paper says.

// %% [markdown]
// ## The same in one cell: `%%sweep`
//
// A cell whose first line is `%%sweep` holds a sweep file. The kernel checks
// it (a mistake fails the cell with its line and column), runs the runs that
// have no result yet in the folder `-out` (by default `sweeps/<title>` beside
// the notebook) with a progress bar, shows the report, and puts the results in
// the variable named by `-var` (default `sweep`), a `*dsl.Sweep`. Running the
// cell again, or after an interrupt, runs only what is missing. Here a small
// version: CD-12 against S-DCP (d = 3, K' = 4) at rate 0.3, 6 repeats of 3000
// updates (with 6 pairs, the smallest exact two-sided p-value is
// 2/2⁶ ≈ 0.031).

// %%
// %%sweep -out /tmp/rbm-kernel-05-sweeps-magic -var small
sweep "shifting bar, CD against S-DCP (small)"
seed 2017
repeat 6
updates 3000
data  shifting_bar(n = 9, b = 1)
model binary(hidden = 4, init_sd = 0.01, base_rate = true)
axis learner = [cd, sdcp]
learner $learner(k = if $learner == sdcp then 4 else 12, d = 3, rate = 0.3)
measure loglik every 100
summary median, q(0.25), q(0.75) of max loglik by learner
compare learner sdcp vs cd on max loglik

// %% [markdown]
// `small.Curves` draws the median and quantile band of a measurement per
// cell of the chosen axes, `small.Box` a box plot per cell of each run's
// maximum (or final, minimum or mean) value.

// %%
fmt.Printf("%d results in %s\n", len(small.Results), small.Dir)
curves, err := small.Curves("loglik", []string{"learner"}, 0.25)
if err != nil {
	panic(err)
}
curves.Title.Text = "ℓ while training, 6 runs each (median, quartiles)"
display.Plot(curves, 6*vg.Inch, 3.5*vg.Inch)
box, err := small.Box("loglik", "max", []string{"learner"})
if err != nil {
	panic(err)
}
box.Title.Text = "Maximum ℓ of each of the 6 runs: CD-12 against S-DCP"
display.Plot(box, 4*vg.Inch, 3*vg.Inch)

// %% [markdown]
// ## From a shell
//
// The full experiment of the paper is in `examples/sweeps/`:
//
// ```
// rbm-kernel sweep check   examples/sweeps/sdcp-fig1-shifting-bar.sweep
// rbm-kernel sweep run     examples/sweeps/sdcp-fig1-shifting-bar.sweep
// rbm-kernel sweep collect -md examples/sweeps/sdcp-fig1-shifting-bar.sweep
// rbm-kernel sweep sbatch  -shards 20 examples/sweeps/sdcp-fig1-shifting-bar.sweep
// ```
//
// and its results load here with `dsl.LoadResults("examples/sweeps/sdcp-fig1-shifting-bar.results")`.
