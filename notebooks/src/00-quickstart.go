// -*- coding: utf-8 -*-
// %% [markdown]
// # Quick start: an RBM learns Bars and Stripes
//
// This notebook trains a Restricted Boltzmann Machine (RBM) on the smallest
// classic benchmark, the 3 × 3 *Bars and Stripes* images, with contrastive
// divergence (CD-k). The model is so small that we can compute its **exact**
// log-likelihood while it trains, and compare it with the best value any model
// could reach. At the end we look at what the hidden units learned (their
// *filters*) and at samples drawn from the trained model.
//
// Run everything with *Run → Run All Cells*; it takes well under a minute.
// Cells are Go, interpreted by the rbm-kernel. The library (`rbm`, `mcmc`,
// `learn`, `data`, `viz`), `display`, gonum and the common standard-library
// packages are already imported. Every cell has a `ctx` that the interrupt
// button cancels: interrupting the training stops it and keeps what the model
// has learned so far.

// %% [markdown]
// ## Settings
//
// All the choices of this run in one place. One seed makes it repeatable: the
// same seed gives the same numbers on the same build. The tests set the
// environment variable `RBM_QUICK=1`, which runs the same code with fewer
// updates.

// %%
quick := os.Getenv("RBM_QUICK") == "1"

const seed = 1   // seeds the weights and the samplers
hidden := 16     // hidden units
k := 10          // block Gibbs steps per CD update
updates := 20000 // parameter updates
if quick {
	updates = 2000
}

must := cell.Must // stops the cell with err, if there is one (kernel/cell)

fmt.Printf("quick mode %v: %d updates of CD-%d, %d hidden units\n", quick, updates, k, hidden)

// %% [markdown]
// ## The data: Bars and Stripes
//
// A 3 × 3 binary image in which either some of the columns are on (*bars*) or
// some of the rows are on (*stripes*). There are 2³ patterns of each kind; the
// empty and the full image are both, so there are 2 · 2³ − 2 = **14** distinct
// patterns. Each is one row of 9 numbers in `set.X` (pixel (r, c) is column
// 3r + c). Below, white is 1 and black is 0.
//
// A model gives every one of the 2⁹ = 512 possible images a probability p(v).
// How well it fits the data is measured by the mean log-likelihood of the
// patterns,
//
// $$\ell = \frac{1}{N} \sum_{n=1}^{N} \ln p(v_n).$$
//
// It is largest when the model gives each pattern probability 1/14 and every
// other image none, so no model can do better than
// ℓ* = −ln 14 ≈ −2.64.

// %%
set, err := data.BarsAndStripes(3, false) // false: no duplicate patterns
must(err)
best, err := data.BestLogLikelihood(set)
must(err)
fmt.Printf("%d patterns of %d pixels; best possible ℓ* = %.4f = −ln 14\n", set.Len(), set.Dim(), best)

img, err := viz.Tiles(set.X, 3, 3, 14, &viz.TileOptions{Scale: 16, Pad: 4})
must(err)
display.Image(img)

// %% [markdown]
// ## The model: a Restricted Boltzmann Machine
//
// An RBM has m binary visible units v (the pixels, m = 9) and n binary hidden
// units h (here n = 16), a weight matrix W (m × n) between the two layers,
// visible biases b and hidden biases c. It gives every joint state an energy
//
// $$E(v, h) = -v^\top W h - b^\top v - c^\top h$$
//
// and the probability $p(v, h) = e^{-E(v, h)} / Z$: low energy is probable. The
// partition function $Z = \sum_{v, h} e^{-E(v, h)}$ makes the probabilities sum
// to one. The probability of an image is the marginal
// $p(v) = \sum_h p(v, h) = e^{-F(v)} / Z$, where the hidden units are summed
// out in closed form in the *free energy*
//
// $$F(v) = -b^\top v - \sum_j \operatorname{softplus}\Big(c_j + \sum_i v_i W_{ij}\Big),
// \qquad \operatorname{softplus}(x) = \ln(1 + e^x).$$
//
// *Restricted* means there are no connections within a layer. So, given one
// layer, the units of the other layer are independent, and each is on with the
// sigmoid $\sigma(x) = 1/(1 + e^{-x})$ of its input:
//
// $$p(h_j = 1 \mid v) = \sigma\Big(c_j + \sum_i v_i W_{ij}\Big), \qquad
// p(v_i = 1 \mid h) = \sigma\Big(b_i + \sum_j W_{ij} h_j\Big).$$
//
// That is why **block Gibbs sampling** is cheap: draw the whole hidden layer at
// once given v, then the whole visible layer given h, each one matrix product
// and one coin flip per unit. Repeating these two half-steps is a Markov chain
// whose stationary distribution is the model's p(v, h).
//
// We start with small random weights (standard deviation 0.01) and zero
// biases. Then every image is about equally likely, so ℓ starts near
// −9 ln 2 ≈ −6.24, and every hidden unit is on with probability about ½
// whatever the image. The cell ends with the model itself, which the
// notebook shows as a summary: its size, its number of parameters, the
// mean, spread and range of its weights and biases, and its filters (each
// hidden unit's weights as a 3 × 3 image), which are still noise; more on
// them below.

// %%
m, err := rbm.NewBinary(set.Dim(), hidden, &rbm.Init{WeightStd: 0.01, Seed: seed})
must(err)
ll0, err := m.LogLikelihood(set.X)
must(err)
fmt.Printf("untrained: ℓ = %.4f (−9 ln 2 = %.4f)\n", ll0, -9*math.Ln2)

ph := mat.NewDense(set.Len(), hidden, nil)
m.HiddenProb(ph, set.X) // p(h_j = 1 | v) for every pattern (row) and hidden unit (column)
fmt.Printf("p(h = 1 | first pattern), first 4 units: %.3f\n", ph.RawRowView(0)[:4])
m

// %% [markdown]
// ## Learning: contrastive divergence
//
// Training climbs ℓ by gradient ascent. For a weight the gradient is the
// difference of two averages,
//
// $$\frac{\partial \ell}{\partial W_{ij}} =
// \underbrace{\big\langle v_i \, p(h_j = 1 \mid v) \big\rangle_{\text{data}}}_{\text{data term}}
// - \underbrace{\big\langle v_i h_j \big\rangle_{\text{model}}}_{\text{model term}},$$
//
// and likewise $\langle v_i \rangle_{\text{data}} - \langle v_i \rangle_{\text{model}}$
// for $b_i$ and $\langle p(h_j = 1 \mid v) \rangle_{\text{data}} - \langle h_j \rangle_{\text{model}}$
// for $c_j$. The data term is easy: an average over the training patterns. The
// model term is an average over every joint state (v, h) under the current
// model, in general far too many to sum, so it is estimated by sampling.
//
// **CD-k** (contrastive divergence, Hinton 2002) starts one Gibbs chain at each
// training pattern, runs k block Gibbs steps, and takes the model term from
// where the chains end up. After k steps the chains have not reached the
// model's distribution, so CD-k is a *biased* estimate of the gradient; the
// bias grows with the weights, and with small k the log-likelihood can stall,
// or even fall, late in training. A larger k costs more and is less biased.
// Here: k = 10, every update uses all 14 patterns (full batch), and the
// learning rate starts at 0.1 and decays along a cosine to 0.001.
//
// ### Watching the exact log-likelihood
//
// For a large RBM ln Z is intractable, and training is judged by proxies or
// estimates. Here it is exact: the free energy already sums out the 16 hidden
// units, and the 2⁹ = 512 visible states are few enough to enumerate,
// $\ln Z = \ln \sum_v e^{-F(v)}$ (a log-sum-exp in float64; the library
// enumerates whichever layer is smaller). The observer
// `learn.ExactLogLikelihood` computes ℓ every 100 updates; the curve below is
// redrawn each time, and the bar shows how far training has got.

// %%
bar := display.NewProgress(fmt.Sprintf("CD-%d", k))
bar.Update(0, updates, "") // shown first, above the curve

// One output for the curve, redrawn in place at every observation.
curve := display.New()
draw := func(h *learn.History) {
	s := h.Series("loglik")
	p, err := viz.Curves("3×3 Bars and Stripes", "parameter updates", "mean log-likelihood ℓ",
		viz.Series{Name: fmt.Sprintf("CD-%d (exact ℓ)", k), X: s.X, Y: s.Y})
	if err == nil && viz.HLine(p, best, "best possible, −ln 14") == nil {
		curve.Show(p)
	}
}

hist, err := learn.Train(ctx, m, set, learn.NewCD(k, mcmc.NewGibbs(seed)), &learn.Settings{
	Updates:   updates,
	BatchSize: 0, // full batch
	Rate:      0.1,
	Schedule:  learn.Cosine{End: 0.001},
	Every:     100,
	Observers: []learn.Observer{learn.ExactLogLikelihood(set)},
	Progress:  bar.Update,
	OnObserve: draw,
})
bar.Done()
if errors.Is(err, context.Canceled) {
	fmt.Println("interrupted: the model keeps what it has learned")
} else {
	must(err)
}
fmt.Printf("%d updates in %v\n", hist.Updates, hist.Elapsed.Round(time.Millisecond))

// %% [markdown]
// ## How close did it get?
//
// The curve stays flat for a few hundred updates: while the weights are tiny
// the gradient is proportional to them, so they grow slowly at first (and
// exponentially). Then it climbs fast from −6.24 to about −3 as the model
// learns which pixels go together, and creeps towards the dashed line. The
// wiggles are the noise of the sampled model term; they calm down as the
// learning rate decays. The gap that is left,
// ℓ* − ℓ, is exactly the Kullback–Leibler divergence from the data's
// distribution (1/14 on each pattern) to the model's p(v), so it is 0 only for
// a perfect model. A friendlier number is $e^{-\ell}$, the geometric mean of
// 1/p(v) over the patterns: the model is as uncertain as a uniform choice among
// $e^{-\ell}$ images. A perfect model scores 14; the untrained one scored
// 2⁹ = 512.

// %%
ll := hist.Series("loglik")
final := hist.Last("loglik")
fmt.Printf("final ℓ = %.4f (best on the way %.4f); ℓ* = %.4f; gap (KL divergence) %.4f nats\n",
	final, hist.Max("loglik"), best, best-final)
fmt.Printf("e^(−ℓ) = %.1f images (perfect: 14)\n", math.Exp(-final))

// The second half of training, zoomed in.
half := len(ll.X) / 2
p, err := viz.Curves("the second half of training", "parameter updates", "mean log-likelihood ℓ",
	viz.Series{Name: fmt.Sprintf("CD-%d (exact ℓ)", k), X: ll.X[half:], Y: ll.Y[half:]})
must(err)
must(viz.HLine(p, best, "best possible, −ln 14"))
p

// %% [markdown]
// ## What the hidden units learned
//
// Column j of W says how strongly each pixel pushes hidden unit j on (positive
// weight) or off (negative): it is the unit's *filter*, or receptive field.
// Drawn as a 3 × 3 image, each scaled to its own range (white: most positive
// weight, black: most negative), the filters show which pixels each hidden
// unit looks at together. Many weigh whole columns or whole rows alike: they
// respond to bars, to stripes, or to the contrast between the two.

// %%
img, err = viz.Filters(m.W, 3, 3, 8, &viz.TileOptions{Scale: 20, Pad: 4})
must(err)
display.Image(img)

// %% [markdown]
// Before training every hidden unit was on with probability ½ for every
// pattern. Now each pattern switches on its own set of hidden units: below,
// row n shows p(h_j = 1 | v_n) for the 14 patterns (rows) and 16 hidden
// units (columns), white = 1. These codes are what the model uses to tell the
// patterns apart.

// %%
m.HiddenProb(ph, set.X)
img, err = viz.Tiles(ph, 1, hidden, 1, &viz.TileOptions{Scale: 16, Pad: 2})
must(err)
display.Image(img)

// %% [markdown]
// ## Samples from the model
//
// To see what the model has learned to generate, start 64 chains at random
// images and run 1000 block Gibbs steps each. The grid shows where the
// chains are at the end: if the model has learned the data, nearly all of them
// are bars or stripes. Because the model is small, we can also check this
// without sampling: the exact p(v) of all 512 images says how much probability
// the model puts on the 14 patterns (a perfect model: 100 %, 1/14 ≈ 7.1 %
// each). Whatever probability is missing, or spread unevenly over the
// patterns, is what the gap to −ln 14 measures.

// %%
chains, err := mcmc.NewChains(m, 64, rand.New(rand.NewPCG(seed, 2))) // random starts
must(err)
must(mcmc.Run(ctx, mcmc.NewGibbs(seed+1), m, chains, 1000, 0, nil))
img, err = viz.Tiles(chains.V, 3, 3, 16, &viz.TileOptions{Scale: 12, Pad: 3})
must(err)
display.Image(img)

// %%
// index returns the state index of row i of x: bit j is pixel j.
func index(x *mat.Dense, i int) int {
	idx, err := rbm.StateIndex(x.RawRowView(i))
	must(err)
	return idx
}

isPattern := map[int]bool{}
for i := 0; i < set.Len(); i++ {
	isPattern[index(set.X, i)] = true
}
hits := 0
for i := 0; i < chains.Len(); i++ {
	if isPattern[index(chains.V, i)] {
		hits++
	}
}

pv, err := m.ExactVisibleDist() // p(v) of all 2⁹ images
must(err)
mass, lo, hi := 0.0, 1.0, 0.0
for idx := range isPattern {
	mass += pv[idx]
	lo, hi = math.Min(lo, pv[idx]), math.Max(hi, pv[idx])
}
fmt.Printf("samples: %d of %d are Bars and Stripes patterns\n", hits, chains.Len())
fmt.Printf("exact: the 14 patterns hold %.1f %% of the probability,\n", 100*mass)
fmt.Printf("       %.1f %% to %.1f %% each (perfect: 7.1 %% each)\n", 100*lo, 100*hi)

// %% [markdown]
// ## Checking the library against two others
//
// Two numbers published by other RBM libraries, recomputed here; the
// library's tests (`lib/rbm/anchor_test.go`, `lib/learn/anchor_test.go`)
// assert both.
//
// **PyDeep's golden model.** PyDeep's estimator tests fix a 4 × 4 binary RBM
// (its weights and biases are printed in its test file, and copied below)
// whose exact log-partition function is ln Z = 59.6749019726, and require
// annealed importance sampling (AIS; 100 chains, base rates from the 2 × 2
// Bars and Stripes data) to land within 0.5, 0.05 and 0.005 of it with 100,
// 1,000 and 10,000 intermediate temperatures. The weights reach ±60, so the
// distribution is nearly deterministic and AIS has to track it closely.

// %%
golden, err := rbm.NewBinary(4, 4, nil)
must(err)
copy(golden.W.RawMatrix().Data, []float64{
	0.12179488, 2.95950177, 0.33513356, 35.05380642,
	0.20318085, -28.62372894, 26.52611278, 28.41793445,
	-0.19105386, -28.58530584, -26.52747507, 28.78447320,
	0.08953740, -59.82556859, -0.06665933, -27.71723459,
})
copy(golden.B, []float64{-19.24399659, -13.26258696, 13.25909850, 43.74408543})
copy(golden.C, []float64{-0.11155958, 57.02097584, -0.13331758, -32.25991501})
golden.Changed()
bs2, err := data.BarsAndStripes(2, true) // 8 rows: all-0 and all-1 twice, as PyDeep's data
must(err)
const pyDeepLogZ = 59.6749019726
exact, err := golden.ExactLogZ()
must(err)
fmt.Printf("exact ln Z: ours %.10f, PyDeep %.10f\n", exact, pyDeepLogZ)
for i, steps := range []int{100, 1000, 10000} {
	est, se, err := golden.AIS(ctx, &rbm.AISSettings{Chains: 100, Steps: steps, Data: bs2.X, Seed: seed})
	must(err)
	fmt.Printf("AIS, %5d temperatures: %.5f ± %.5f, |error| %.5f (PyDeep's bound %g)\n",
		steps, est, se, math.Abs(est-pyDeepLogZ), []float64{0.5, 0.05, 0.005}[i])
}

// %% [markdown]
// Our exact ln Z is 7.4 · 10⁻⁹ below PyDeep's golden value. Summing all 256
// terms $e^{-E(v,h)}$ in 50-digit decimal arithmetic gives
// 59.67490196521, our value to the last digit printed (the library's
// `TestPyDeepGolden` holds ours within 10⁻¹¹ of it): the difference is in
// PyDeep's figure (its own test allows 10⁻⁵). AIS with this seed is inside
// all three of PyDeep's bounds. At 10,000 temperatures the bound, 0.005, is
// only about 1.5 of the run's standard errors, so not every seed meets it:
// in the library's `TestPyDeepGoldenAIS` 8 of 10 seeds do (its log), and
// it asserts that the mean of the 10 does.

// %% [markdown]
// **Shark's binary RBM tutorial.** Shark trains a 16 × 32 binary RBM on the
// 32 Bars and Stripes 4 × 4 patterns (the all-0 and all-1 images twice) with
// CD-1: every parameter starts uniform in [−0.1, 0.1], then 1,000 steps of
// plain gradient descent with learning rate 0.1 on the whole data set as one
// batch. Over 10 trials, its tutorial reports a mean negative log-likelihood
// (summed over the 32 patterns) of 192.544. The same set-up here:

// %%
bs4, err := data.BarsAndStripes(4, true)
must(err)
const sharkNLL = 192.544
trials := 10
nlls := make([]float64, trials)
for t := range nlls {
	mt, err := rbm.NewBinary(16, 32, nil)
	must(err)
	r := rand.New(rand.NewPCG(uint64(t+1), 11))
	for _, p := range mt.Params() {
		for i := range p {
			p[i] = -0.1 + 0.2*r.Float64()
		}
	}
	mt.Changed()
	cd1, sgd := learn.NewCD(1, mcmc.NewGibbs(uint64(t+1))), &learn.SGD{Rate: 0.1}
	for it := 0; it < 1000; it++ {
		must(cd1.Update(mt, bs4.X, sgd))
	}
	llt, err := mt.LogLikelihood(bs4.X)
	must(err)
	nlls[t] = -llt * float64(bs4.Len())
}
meanNLL, sdNLL := stat.MeanStdDev(nlls, nil)
fmt.Printf("NLL per trial: %.1f\n", nlls)
fmt.Printf("mean over %d trials: ours %.3f (trial sd %.2f), Shark %.3f\n", trials, meanNLL, sdNLL, sharkNLL)
fmt.Printf("difference %.3f = %.2f standard deviations of a difference of two %d-trial means\n",
	meanNLL-sharkNLL, (meanNLL-sharkNLL)/(sdNLL*math.Sqrt(2/float64(trials))), trials)

// %% [markdown]
// The two means differ by 0.2, a small fraction of the spread of a
// 10-trial mean (one trial varies by about ±3): the same set-up gives the
// same result here as in Shark, within the noise of 10 trials.

// %% [markdown]
// ## Where to go next
//
// - Set `k := 1` in the settings and run all cells again: CD-1 is cheaper per
//   update but more biased: you should see its curve end further from
//   −ln 14.
// - Swap the learner for persistent CD, `learn.NewPCD(k, 0, mcmc.NewGibbs(seed))`,
//   whose chains carry on from one update to the next instead of restarting at
//   the data.
// - The other notebooks reproduce experiments from the four papers this
//   project is built around: Brügge, Fischer and Igel (2013) on the
//   *flip-the-state* transition operator, a sampler that changes unit states
//   more often than Gibbs sampling and mixes faster, judged by exact
//   log-likelihood curves on problems like this one; Breuleux, Bengio and
//   Vincent (2011) on quickly generating representative samples from a trained
//   RBM (herding, rates-FPCD); Upadhya and Sastry (2017) on learning RBMs with
//   stochastic difference-of-convex-functions programming (S-DCP); and Liao et
//   al. (2022), *Gaussian-Bernoulli RBMs Without Tears*, on RBMs for
//   real-valued data.
