// -*- coding: utf-8 -*-
// %% [markdown]
// # Interactive: sliders over a sampler and a training run
//
// Samplers are tuned by watching them. This notebook puts ipywidgets
// controls, driven by Go, over a small RBM: sliders for the **temperature**
// and the **flip blend** of its chains, with their samples and the
// autocorrelation of their energy redrawn as the sliders move; a chain whose
// temperature a slider changes **while it runs**; a training run whose
// **learning rate** a slider changes mid-run; and parallel tempering whose
// **ladder of temperatures** a slider changes while it samples.
//
// The controls are those of ipywidgets, rendered by JupyterLab's widget
// extension (package `widgets`, docs/widgets.md). A slider's Go callback
// runs as soon as the slider moves, even while a cell is running, which is
// what lets a slider steer work in progress. The library takes such changes
// without data races: `learn.LiveRate`, `mcmc.Flip.SetAlpha`,
// `mcmc.TemperedGibbs.SetTemperature` and `mcmc.Tempered.SetBetas` are
// read once per update or per sampling call, atomically.
//
// Run everything with *Run → Run All Cells*, then move the sliders. Some
// cells move a slider themselves, from Go, where the text says "as if you
// dragged it": the cell after the first plot always, the long-running
// cells halfway through if the slider still holds its starting value. So a
// run without a browser (nbconvert) shows the effect too.

// %% [markdown]
// ## Settings and a small model
//
// A 3×3 Bars and Stripes RBM with 16 hidden units, trained for a few
// thousand full-batch CD-5 updates: small enough that the plots below
// redraw quickly.

// %%
quick := os.Getenv("RBM_QUICK") == "1"

const seed = 18
updates := 4000 // CD-5 updates of the model we explore
steps := 3000   // sampling steps behind each autocorrelation plot
if quick {
	updates, steps = 1000, 1000
}
must := cell.Must // stops the cell with err, if there is one (kernel/cell)

set, err := data.BarsAndStripes(3, false)
must(err)
m, err := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.01, Seed: seed})
must(err)
_, err = learn.Train(ctx, m, set, learn.NewCD(5, mcmc.NewGibbs(seed)), &learn.Settings{Updates: updates, Rate: 0.1})
must(err)
ll, err := m.LogLikelihood(set.X)
must(err)
fmt.Printf("trained %d updates: mean log-likelihood %.3f (best possible %.3f)\n", updates, ll, -math.Log(14))

// %% [markdown]
// ## Temperature and flip blend
//
// At **temperature** T the chains sample
//
// $$p_T(v, h) \propto e^{-E(v,h)/T},$$
//
// the model's own distribution at T = 1, flatter above (the chains cross
// more easily between the 14 patterns the model has learned), sharper
// below. It is the model with every parameter divided by T, which is how
// `explore` below makes it.
//
// The **flip blend** α mixes block Gibbs sampling (α = 0) with the
// flip-the-state operator (α = 1, notebook 01): per unit,
// $P_\alpha(s' = 1 \mid s) = \alpha P_T(s' = 1 \mid s) + (1 - \alpha)\,\sigma(x)$.
// Both leave p_T invariant; flip-the-state leaves a unit's more probable
// state more often, so its chains decorrelate faster.
//
// `explore(T, α)` runs 4 chains for a few thousand steps, and returns the
// autocorrelation R(t) of their energy E(v_t, h_t) and the final states of
// 32 chains as pictures. The integrated autocorrelation time
// τ = 1 + 2 Σ R(t) is roughly how many steps make one independent sample.

// %%
// tempered returns the model with its parameters divided by t.
tempered := func(t float64) *rbm.Binary {
	mt := m.Clone()
	mt.W.Scale(1/t, mt.W)
	for i := range mt.B {
		mt.B[i] /= t
	}
	for j := range mt.C {
		mt.C[j] /= t
	}
	return mt
}

// explore samples the model at temperature t with flip blend alpha and
// returns the energy's autocorrelation and a picture of 32 samples. (A
// func literal, like every function a widget calls later: it keeps the
// variables of this cell.)
explore := func(t, alpha float64) (*plot.Plot, image.Image, error) {
	mt := tempered(t)
	f, err := mcmc.NewFlip(alpha, seed)
	if err != nil {
		return nil, nil, err
	}
	c, err := mcmc.NewChains(mt, 4, rand.New(rand.NewPCG(seed, 1)))
	if err != nil {
		return nil, nil, err
	}
	traces, err := mcmc.EnergyTrace(context.Background(), f, mt, c, steps, nil)
	if err != nil {
		return nil, nil, err
	}
	const maxLag = 40
	lags, mean := make([]float64, maxLag+1), make([]float64, maxLag+1)
	var taus []string
	var sum float64
	n := 0
	for _, tr := range traces {
		r, err := mcmc.ACF(nil, tr, maxLag)
		if err != nil {
			return nil, nil, err
		}
		for k := range r {
			lags[k] = float64(k)
			mean[k] += r[k] / float64(len(traces))
		}
		tau, _, err := mcmc.WindowTau(tr, 0)
		if err != nil {
			taus = append(taus, "?")
			continue
		}
		taus = append(taus, fmt.Sprintf("%.1f", tau))
		sum += tau
		n++
	}
	fmt.Printf("T = %.2f, α = %.2f: τ of the energy per chain %s steps (mean %.1f)\n", t, alpha, strings.Join(taus, ", "), sum/float64(max(n, 1)))
	p, err := viz.Curves(fmt.Sprintf("energy autocorrelation, T = %.2f, α = %.2f", t, alpha), "lag t", "R(t)",
		viz.Series{Name: "mean of 4 chains", X: lags, Y: mean})
	if err != nil {
		return nil, nil, err
	}
	many, err := mcmc.NewChains(mt, 32, rand.New(rand.NewPCG(seed, 2)))
	if err != nil {
		return nil, nil, err
	}
	if err := f.Sample(mt, many, 200); err != nil {
		return nil, nil, err
	}
	img, err := viz.Tiles(many.V, 3, 3, 16, nil)
	return p, img, err
}

// %% [markdown]
// `widgets.Interact` shows the function with a slider per parameter and
// runs it again whenever one moves; what it prints and returns appears
// below the sliders. Drag them: at high T the samples are noise and R(t)
// falls at once; near T = 1 they are bars and stripes, and the chains stay
// on one pattern for a while. Four short chains make a rough τ: the
// difference between the operators at T = 1 is small here, on a 3×3
// model, beside the noise; notebook 01 measures it with long chains.

// %%
temp := widgets.NewFloatSlider("temperature T", 1, 0.5, 4)
alpha := widgets.NewFloatSlider("flip blend α", 1, 0, 1)
ex, err := widgets.Interact(explore, temp, alpha)
must(err)
ex

// %% [markdown]
// As if you dragged them: a cell can move the sliders too, and the plot
// above follows. Here the blend goes from flip-the-state to Gibbs at the
// model's own temperature, then the temperature goes up to 2, where τ
// falls from about a dozen steps to about two: the tempered chains forget
// their pattern almost at once.

// %%
for _, move := range []func(){func() {}, func() { alpha.SetValue(0) }, func() { temp.SetValue(2) }} {
	move()
	fmt.Print(ex.Output().Text())
}

// %% [markdown]
// ## A chain whose temperature changes while it runs
//
// `mcmc.TemperedGibbs` is block Gibbs sampling at a temperature that
// `SetTemperature` may change while another goroutine samples: each
// `Sample` call reads T once. The slider's callback calls it; the next
// cell runs 64 chains for a while and redraws their states and their mean
// energy every 250 steps. Run it and drag the slider while it runs (the
// callback runs at once, beside the cell): hot, the pictures dissolve into
// noise; cold again, the bars and stripes come back.

// %%
tg, err := mcmc.NewTemperedGibbs(1, seed)
must(err)
live := widgets.NewFloatSlider("T (live)", 1, 0.5, 4)
live.OnChange(func(t float64) { _ = tg.SetTemperature(t) })
state := widgets.NewLabel("not started")
pics := widgets.NewImage(nil)
widgets.NewVBox(live, state, pics)

// %%
chains, err := mcmc.NewChains(m, 64, rand.New(rand.NewPCG(seed, 3)))
must(err)
total := 4 * steps
must(mcmc.Run(ctx, tg, m, chains, total, 250, func(done int, c *mcmc.Chains) error {
	if done == total/2 && tg.Temperature() == 1 {
		live.SetValue(3) // as if you dragged it (only if nobody has)
	}
	var e float64
	for k := 0; k < c.Len(); k++ {
		e += m.Energy(c.V.RawRowView(k), c.H.RawRowView(k)) / float64(c.Len())
	}
	state.SetValue(fmt.Sprintf("step %d, T = %.2f, mean energy %.2f", done, tg.Temperature(), e))
	img, err := viz.Tiles(c.V, 3, 3, 32, nil)
	if err != nil {
		return err
	}
	return pics.SetImage(img)
}))
fmt.Println(state.Value())

// %% [markdown]
// ## Changing the learning rate mid-run
//
// `learn.LiveRate` is a learning-rate schedule that anyone may `Set` while
// `learn.Train` runs: update t uses the rate set last before it starts.
// A log slider from 10⁻³ to 1 sets it. The next cell trains a fresh model
// and draws the exact log-likelihood every 50 updates; drag the slider
// while it trains and watch the curve's slope change. (If the slider still
// holds its starting value halfway through, the cell lowers the rate
// tenfold, as if you had: so it does in a run without a browser.)

// %%
lr, err := learn.NewLiveRate(0.1)
must(err)
rate := widgets.NewFloatLogSlider("learning rate", 0.1, -3, 0)
rate.SetFormat(".3f")
rate.OnChange(func(v float64) { _ = lr.Set(v) })
curve := widgets.NewImage(nil)
widgets.NewVBox(rate, curve)

// %%
fresh, err := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.01, Seed: seed + 1})
must(err)
var rates []float64
hist, err := learn.Train(ctx, fresh, set, learn.NewCD(5, mcmc.NewGibbs(seed+1)), &learn.Settings{
	Updates:   updates,
	Schedule:  lr,
	Every:     50,
	Observers: []learn.Observer{learn.ExactLogLikelihood(set)},
	OnObserve: func(h *learn.History) {
		r, _ := lr.Value()
		rates = append(rates, r)
		if h.Updates == updates/2 && r == 0.1 {
			rate.SetValue(0.01) // as if you dragged it (only if nobody has)
		}
		s := h.Series("loglik")
		p, err := viz.Curves("3×3 Bars and Stripes, CD-5, live learning rate", "parameter updates", "mean log-likelihood ℓ",
			viz.Series{Name: "exact ℓ", X: s.X, Y: s.Y})
		if err != nil {
			return
		}
		img, err := viz.Row([]*plot.Plot{p}, 16*vg.Centimeter, 9*vg.Centimeter)
		if err == nil {
			_ = curve.SetImage(img)
		}
	},
})
must(err)
s := hist.Series("loglik")
fmt.Printf("final ℓ %.3f after %d updates; rate at the first and last observation: %g, %g\n",
	s.Y[len(s.Y)-1], hist.Updates, rates[0], rates[len(rates)-1])

// %% [markdown]
// ## Parallel tempering with a live ladder
//
// `mcmc.Tempered` runs every chain at several inverse temperatures
// 1 = β_1 > β_2 > … > β_t ≥ 0 and proposes to swap the states of
// neighbours, accepting with probability
// $\min(1, e^{(\beta_i - \beta_{i+1})(E_i - E_{i+1})})$: the hot replicas
// cross between patterns and hand their states down to β = 1. How far
// apart the rungs are decides how often swaps succeed. `SetBetas` changes
// the ladder while another goroutine samples (each `Sample` call reads it
// once); a PT learner's sampler is `pt.Sampler()`. The slider sets the
// hottest temperature T_max of a ladder of 4 rungs uniform in β from 1 to
// 1/T_max.

// %%
// ladder returns 4 inverse temperatures uniform from 1 down to 1/tmax.
ladder := func(tmax float64) []float64 {
	b := make([]float64, 4)
	for i := range b {
		b[i] = 1 - float64(i)/3*(1-1/tmax)
	}
	return b
}
pt, err := mcmc.NewTempered(mcmc.NewGibbs(seed), ladder(10), 1, seed)
must(err)
hottest := widgets.NewFloatSlider("hottest T", 10, 1.2, 21.2) // steps of 0.2
hottest.OnChange(func(t float64) { _ = pt.SetBetas(ladder(t)) })
swaps := widgets.NewLabel("not started")
ptPics := widgets.NewImage(nil)
widgets.NewVBox(hottest, swaps, ptPics)

// %% [markdown]
// The next cell runs parallel tempering on 64 chains and redraws, every
// 250 steps, the β = 1 chains and the fraction of the swaps accepted
// between each pair of rungs since the last redraw. Drag the slider while
// it runs: a hotter top spreads the rungs and fewer swaps succeed; a
// cooler one packs them and more do. (If the slider still holds its
// starting value halfway through, the cell lowers T_max from 10 to 2, as
// if you had: so it does in a run without a browser.)

// %%
ptChains, err := mcmc.NewChains(m, 64, rand.New(rand.NewPCG(seed, 4)))
must(err)
var seenProp, seenAcc []int
var ptLog []string
must(mcmc.Run(ctx, pt, m, ptChains, total, 250, func(done int, c *mcmc.Chains) error {
	prop, acc := pt.Swaps()
	rates := make([]string, len(prop))
	for i := range prop {
		p, a := prop[i], acc[i]
		if seenProp != nil {
			p, a = p-seenProp[i], a-seenAcc[i]
		}
		rates[i] = fmt.Sprintf("%.2f", float64(a)/float64(max(p, 1)))
	}
	seenProp, seenAcc = prop, acc
	b := pt.Betas()
	line := fmt.Sprintf("step %d, T_max = %.1f: swaps accepted between the rungs %s", done, 1/b[len(b)-1], strings.Join(rates, ", "))
	if done == total/2 || done == total {
		ptLog = append(ptLog, line)
	}
	swaps.SetValue(line)
	if done == total/2 && hottest.Value() == 10 {
		hottest.SetValue(2) // as if you dragged it (only if nobody has)
	}
	img, err := viz.Tiles(c.V, 3, 3, 32, nil)
	if err != nil {
		return err
	}
	return ptPics.SetImage(img)
}))
fmt.Println(strings.Join(ptLog, "\n"))

// %% [markdown]
// In the run saved here, over the 250 steps before the change, at
// T_max = 10, 0.43, 0.26 and 0.16 of the swaps were accepted between the
// rungs, from the coldest pair to the hottest; over the last 250, at
// T_max = 2, 0.71, 0.60 and 0.53. Closer rungs swap more often. A hotter
// top should cross between patterns more freely, though this run does not
// measure that; on this small model block Gibbs at T = 2 has an energy τ
// of about two steps (above), which suggests that the cooler ladder loses
// little here.

// %% [markdown]
// ## What is saved
//
// When nbconvert (or *Save* in JupyterLab, with "Save Widget State
// Automatically") saves this notebook, it keeps every widget's state in
// the notebook's metadata: the sliders where they were left, the Outputs
// with their text and plots, the images as drawn last. A viewer without a
// kernel shows them as they were; moving them again needs the kernel.
