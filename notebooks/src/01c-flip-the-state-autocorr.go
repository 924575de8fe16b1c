// -*- coding: utf-8 -*-
// %% [markdown]
// # Flip the state, part 3: autocorrelation times at the paper's scale
//
// Notebook `01-flip-the-state` repeats the experiments of Brügge, Fischer
// and Igel (2013), *The flip-the-state transition operator for restricted
// Boltzmann machines* (Machine Learning 93:53–69), at the paper's scale
// where an hour allows. Its Table 2 compares the integrated
// autocorrelation time τ of the energy under the block Gibbs sampler G and
// the flip-the-state operator T (`mcmc.NewFlip(alpha, seed)`: alpha = 1 is
// T, 0 is G) on 10 RBMs per data set. Two of its rows of RBMs trained as
// the paper trains them (with 20-PT₁₀) were left undecided by 10 RBMs:
// **Bars and Stripes**, a gain of 4.6 % with T shorter in 8 of 10 RBMs (p =
// 0.037), and **Artificial Modes with p_mut = 0.01**, no difference (−2.8 %,
// 7 of 10, p = 0.56). This companion runs those two rows at the paper's
// scale: **25 RBMs per data set, trained with 20-PT₁₀ for 20,000 updates,
// each sampled with G and with T for 10⁶ steps.**
//
// The grid is one sweep on the library's sweep runner (`cell.Sweep`, the
// `%%sweep` magic's engine) on both cores; its `tau` measurements run G
// and T on each trained RBM from the same start and the same seeds.
// **The committed full run took 46 minutes (45m38s of wall time, 1h20m35s
// of CPU time; the last cell prints both) on this machine's two cores** (a
// first-generation Zen, family 23 model 1; for a few minutes a small check
// and the library's tests ran beside it). The tests set `RBM_QUICK=1`,
// which runs the same code with fewer RBMs, updates and steps.
//
// **In short:** by the paper's estimator of τ, an autoregressive fit, T
// gives no significant gain on either set at this scale: −0.0 % on Bars and Stripes (T
// shorter in 17 of 25 RBMs, p = 0.44) and 9.1 % on Artificial Modes (14 of
// 25, p = 0.26). Notebook 01's 4.6 % on Bars and Stripes with 10 RBMs does
// not hold at 25. By Sokal's windowed sum, T's chains decorrelate faster on
// both sets, significantly: 13.6 % (19 of 25, p = 0.011) and 50.3 % (18 of
// 25, p = 0.00056). The two estimators disagree most on the sets where,
// in our reading, the chains hop between modes rarely.

// %% [markdown]
// ## Settings
//
// As in notebook 01 and the paper: RBMs with 16 visible and 16 hidden
// units, weights drawn from a Gaussian of standard deviation 0.01, biases
// 0 (the paper draws the biases too); Bars and Stripes 4 × 4 (its 30
// distinct images, full batch) and Artificial Modes with p_mut = 0.01 (four
// 4 × 4 modes, each pixel flipped with probability 0.01, 10,000 examples,
// mini-batches of 100). Training: PT with 20 inverse temperatures spread
// uniformly from 0 to 1 and 10 block Gibbs steps per temperature between
// swaps (20-PT₁₀, the paper's), as many chains per temperature as a batch
// has examples, learning rate 0.05 (notebook 01's), neither momentum nor
// weight decay, 20,000 updates. The paper does not say which operator
// trains these RBMs; as in notebook 01, G does.
//
// Sampling: one chain per RBM and operator, started at a random training
// example with the hidden units off (the same start for G and T; notebook
// 01 starts from a random state), 1,000 steps of burn-in, then 10⁶
// recorded steps, the energy E(v, h) after every step. τ is estimated as
// in the paper from an autoregressive fit (`mcmc.FitAR`: Yule–Walker, the
// order chosen by AIC up to 10 log₁₀ N = 60, τ the spectral density at 0
// over the variance; the paper used SamplerCompare, an R package, and this
// is the default order limit of R's `ar`) and, on the same chains run again from the
// same seeds, by Sokal's windowed sum (`mcmc.WindowTau`, c = 5). The
// gain is 1 − τ_T/τ_G of the mean τ over the RBMs, as in the paper; the
// test is the two-sided Wilcoxon signed-rank test of the 25 pairs
// (τ_T, τ_G).
//
// **Precision.** Training and sampling run in float32 (`precision =
// float32`), which makes 20-PT₁₀ about 1.6 times faster here
// (`BenchmarkPTSmall`: 6.2 ms against 9.9 ms per update of a 16 × 16 RBM
// with 100 chains a temperature, bench/README.md),
// so that both rows fit in the hour. The comparison is between two
// operators sampling the same float32 model, and an error of 10⁻⁷ in a
// unit's probability does not change how fast its chain decorrelates; the
// exact log-likelihood of each trained RBM (printed as a check of the
// training) is computed in float64. Notebook 01 trains and samples in
// float64.

// %%
import "github.com/rbm-kernel/rbm-kernel/dsl"

quick := os.Getenv("RBM_QUICK") == "1"
rbms := 25       // RBMs per data set (paper: 25)
updates := 20000 // 20-PT₁₀ updates per RBM (paper: 20,000)
steps := 1000000 // recorded steps of each chain (paper: 10⁶)
if quick {
	rbms, updates, steps = 3, 200, 20000
}
must := cell.Must // stops the cell with err, if there is one (kernel/cell)
started, cpuStarted := time.Now(), cell.CPUTime() // the whole run's wall and CPU time are printed at the end
fmt.Printf("quick mode %v: %d RBMs per data set, %d updates, chains of %d steps\n", quick, rbms, updates, steps)

// %% [markdown]
// ## The sweep
//
// One axis, the data set (zipped with what differs between the two: the
// flip probability of Artificial Modes and the batch size), each level
// repeated `rbms` times. Each run trains one RBM and then takes five
// measurements of the trained model: its exact log-likelihood, and τ by
// G and by T, each with both estimators. The four `tau` measurements of a
// run start their chain at the same training example and draw from the
// same seeds, so G and T are paired on every RBM.

// %%
tau := func(name, op, est string) string {
	return fmt.Sprintf("measure tau(sampler = %s, chains = 1, burn = 1000, steps = %d, estimator = %s) as %s\n", op, steps, est, name)
}
src := fmt.Sprintf(`sweep "flip-the-state Table 2: autocorrelation times on RBMs trained with 20-PT10"
seed 2013
repeat %d
updates %d
axis (set, pmut, batch) = [(bars_stripes, 0.01, 0), (artificial_modes, 0.01, 100)]
data  $set(size = 4, pmut = $pmut)
model binary(hidden = 16, init_sd = 0.01, precision = float32)
learner pt(k = 10, temps = 20, rate = 0.05, batch = $batch)
sampler gibbs
measure loglik
`, rbms, updates) + tau("tau_g", "gibbs", "ar") + tau("tau_t", "flip", "ar") + tau("win_g", "gibbs", "window") + tau("win_t", "flip", "window") + `
summary median, q(0.25), q(0.75) of final loglik by set
summary mean, median of final tau_g by set
summary mean, median of final tau_t by set
`
dir := os.TempDir() + "/rbm-kernel-01c-table2"
if quick {
	dir += "-quick"
}
must(os.RemoveAll(dir))
t0 := time.Now()
sw, err := cell.Sweep(ctx, "table2-pt", src, dir)
if sw != nil {
	fmt.Println(sw.Summary)
}
must(err)
if sw.Summary.Failed > 0 {
	panic("some runs failed")
}
fmt.Printf("%d RBMs trained and sampled in %v\n", len(sw.Plan.Jobs), time.Since(t0).Round(time.Second))

// %% [markdown]
// ## Table 2 at the paper's scale
//
// Per data set: the mean τ over the 25 RBMs by G and by T (AR fit), the
// gain 1 − τ̄_T/τ̄_G, in how many RBMs T's τ is the shorter and the
// Wilcoxon p-value; then the same by the windowed sum; then the trained
// RBMs' log-likelihood (median and range), a check that the training
// worked (for scale: Bars and Stripes' 30 images spread evenly have ℓ =
// −ln 30 = −3.40; Artificial Modes' examples spread evenly over the four
// modes −(ln 4 + 16·H(0.01)) = −2.28, H the binary entropy).

// %%
// gain prints one estimator's row: mean τ of G and T, the gain, the RBMs
// in which T is shorter and the Wilcoxon p-value of the pairs.
func gain(name string, g, t []float64) {
	shorter := 0
	for i := range g {
		if t[i] < g[i] {
			shorter++
		}
	}
	p := math.NaN()
	if w, err := dsl.Wilcoxon(t, g); err == nil {
		p = w.P
	}
	mg, mt := stat.Mean(g, nil), stat.Mean(t, nil)
	fmt.Printf("  %-8s τ_G %8.2f  τ_T %8.2f  gain %6.1f%%  T shorter in %2d of %d, p = %.2g\n", name, mg, mt, 100*(1-mt/mg), shorter, len(g), p)
}

sets := []string{"bars_stripes", "artificial_modes"}
names := map[string]string{"bars_stripes": "Bars and Stripes 4×4", "artificial_modes": "Artificial Modes, p_mut = 0.01"}
type rbmTau struct{ g, t, wg, wt, ll []float64 }
bySet := map[string]*rbmTau{}
for _, s := range sets {
	bySet[s] = &rbmTau{}
}
for _, r := range sw.Results {
	b := bySet[r.Level("set")]
	b.g, b.t = append(b.g, r.Final("tau_g")), append(b.t, r.Final("tau_t"))
	b.wg, b.wt = append(b.wg, r.Final("win_g")), append(b.wt, r.Final("win_t"))
	b.ll = append(b.ll, r.Final("loglik"))
}
fmt.Println("Table 2 (ours, 20-PT10): mean integrated autocorrelation time τ of the energy")
for _, s := range sets {
	b := bySet[s]
	fmt.Printf("%s, %d RBMs:\n", names[s], len(b.g))
	gain("AR fit", b.g, b.t)
	gain("window", b.wg, b.wt)
	fmt.Printf("  trained ℓ: median %.3f, range %.3f to %.3f\n", viz.Quantile(b.ll, 0.5), floats.Min(b.ll), floats.Max(b.ll))
}
fmt.Println("\nτ per RBM (AR fit), G / T:")
for _, s := range sets {
	b := bySet[s]
	fmt.Printf("  %-32s", names[s])
	for i := range b.g {
		fmt.Printf(" %.3g/%.3g", b.g[i], b.t[i])
	}
	fmt.Println()
}

// %% [markdown]
// ## τ per RBM
//
// Each point is one RBM: its τ under G (x) against its τ under T (y),
// both by the AR fit, on logarithmic axes. Below the diagonal T's chain
// decorrelates faster.

// %%
var groups []viz.Pairs
for _, s := range sets {
	groups = append(groups, viz.Pairs{Name: names[s], X: bySet[s].g, Y: bySet[s].t})
}
p, err := viz.Paired("τ per RBM (AR fit): T against G", "τ_G (steps)", "τ_T (steps)", "τ_T = τ_G", true, groups...)
must(err)
display.Plot(p, 5*vg.Inch, 4.5*vg.Inch)

// %% [markdown]
// ## What we see
//
// **By the paper's estimator, the AR fit, no significant gain on either
// set.**
//
// - **Bars and Stripes:** τ̄_G = 27.65 and τ̄_T = 27.66, a gain of −0.0 %.
//   T's τ is the shorter in 17 of 25 RBMs, most of them lying just below
//   the diagonal in the figure, but it is longer in some of the slowest
//   (67 against 50.4, 60.6 against 47.2), which weigh most in the mean; p =
//   0.44. Notebook 01's gain with 10 RBMs (4.6 %, 8 of 10, p = 0.037) does
//   not hold at 25.
// - **Artificial Modes, p_mut = 0.01:** 9.1 % (65.86 against 59.84), T
//   shorter in 14 of 25, p = 0.26, as with 10 RBMs in notebook 01 (−2.8 %,
//   p = 0.56). Per RBM, τ_G spans two orders of magnitude (2.16 to 222),
//   and τ_T/τ_G runs from 0.40 to 2.9: the points scatter on both sides of
//   the diagonal.
//
// **Sokal's windowed sum favours T on both sets, significantly:** 13.6 %
// on Bars and Stripes (47.35 against 40.92; T shorter in 19 of 25, p =
// 0.011) and 50.3 % on Artificial Modes (414.19 against 205.86; 18 of 25,
// p = 0.00056). On the set whose chains, in our reading, hop between modes
// most rarely, the windowed values are far above the AR fit's (414 against 66 for G's mean on
// Artificial Modes), as notebook 01 found too. Our reading, not tested
// here: an AR model of at most 60 lags misses part of a slow component of
// hundreds of steps, which the windowed sum (its window at least 5τ)
// includes, and it is there that T's moves help; the windowed estimate of
// such long τ from one chain is itself uncertain (notebook 01's windowed
// values moved from run to run).
//
// **The trained RBMs.** On Bars and Stripes ℓ ends between −3.686 and
// −3.498 (median −3.569; the 30 images spread evenly: −3.40). On
// Artificial Modes it ends anywhere from −5.882 to −2.316 (median −3.650;
// −2.28 for the data's own level): ℓ differs widely between the RBMs. A
// check outside this notebook (3 seeds, 5,000 updates, ℓ every 500) found
// PT at η = 0.05 on this set swinging over training, as much in float64
// (ℓ from −2.3 to −4.4 after the first 500 updates) as in float32 (−2.4 to
// −4.2). The RBMs are sampled as training leaves them, as in the paper.
//
// ## Against the paper
//
// The paper reports that T "leads to shorter autocorrelation times in the
// considered benchmark problems" (Table 2; its values for these two sets
// are not in the text we have). At its scale (25 RBMs trained with
// 20-PT₁₀, chains of 10⁶ steps) and with its estimator, we find no gain on
// Bars and Stripes (−0.0 %) and none significant on Artificial Modes with
// p_mut = 0.01 (9.1 %, p = 0.26): **not reproduced**. With the windowed
// estimator the gain is there (13.6 % and 50.3 %, p = 0.011 and
// 0.00056), so the verdict depends on how τ is estimated where the
// chains mix slowly. Notebook `01d-flip-the-state-autocorr-am` runs the
// third 16-unit set, Artificial Modes with p_mut = 0.1.

// %%
fmt.Printf("whole notebook: %v of wall time, %v of CPU time on the two cores\n", time.Since(started).Round(time.Second), (cell.CPUTime()-cpuStarted).Round(time.Second))
