// -*- coding: utf-8 -*-
// %% [markdown]
// # Your own sampler, compiled: random-scan Gibbs beside the library's
//
// The library's samplers are compiled Go and fast; a sampler of your own,
// written in an ordinary cell, is interpreted, and numeric loops run there
// 25 to 300 times slower. A **compiled cell** closes that gap: a cell whose
// first line is `%%compile` holds Go declarations that the Go toolchain builds
// into the running session. Later cells call them under their own names, and
// a type declared there that implements `mcmc.Sampler` runs inside the
// library's training loop at full speed.
//
// This notebook writes a new sampler, **random-scan Gibbs**, in a compiled
// cell; checks it exactly on a tiny RBM, whose joint distribution p(v, h) we
// can enumerate; trains with it through the library's CD learner; and times
// it against the same code interpreted and against the library's block
// Gibbs sampler.
//
// Run everything with *Run → Run All Cells*. The first compiled cell of a
// session takes a second or two (`make build` has already compiled the
// library for it); running it again unchanged is free.

// %% [markdown]
// ## Settings
//
// One seed makes the run repeatable. The tests set `RBM_QUICK=1`, which runs
// the same code with fewer chains and updates.

// %%
quick := os.Getenv("RBM_QUICK") == "1"

const seed = 7
chainsN := 20000 // independent chains for the exact check
k := 5           // sampler steps per CD update
updates := 10000 // parameter updates
if quick {
	chainsN, updates = 4000, 2000
}

must := cell.Must // stops the cell with err, if there is one (kernel/cell)

fmt.Printf("quick mode %v: %d chains, %d updates of CD-%d\n", quick, chainsN, updates, k)

// %% [markdown]
// ## The sampler, in a compiled cell
//
// **Random-scan Gibbs** updates one unit at a time: pick one of the
// n_v + n_h units uniformly at random and redraw it from its conditional
// distribution given all the others. In an RBM that conditional depends only
// on the other layer:
//
// $$p(v_i = 1 \mid h) = \sigma\Big(b_i + \sum_j W_{ij} h_j\Big), \qquad
// p(h_j = 1 \mid v) = \sigma\Big(c_j + \sum_i v_i W_{ij}\Big).$$
//
// Each single-unit update leaves p(v, h) invariant (it resamples one
// coordinate from its exact conditional), and choosing the unit at random
// makes the chain *reversible*: it satisfies detailed balance with respect to
// p(v, h), so p(v, h) is its stationary distribution. One step below is
// n_v + n_h updates, the same number of unit draws as a block Gibbs step.
//
// The type implements `mcmc.Sampler`: `Sample(m, c, steps)` advances every
// chain (a row of `c.V` and `c.H`) and leaves in `c.PH` and `c.PV` p(h=1|v)
// and p(v=1|h) of the final states (the library's samplers leave those of
// their last transition; to the `mcmc.Sampler` contract they are scratch).
// The cell is ordinary Go with its imports; it cannot see the variables of
// ordinary cells (it is compiled on its own), but everything it declares,
// `bernoulli` included, is visible to the cells after it.

// %%
// %%compile
import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// RandomScan is random-scan Gibbs sampling for a binary RBM: each update
// picks one of the n_v + n_h units uniformly at random and redraws it from
// its conditional distribution given all the others. One step is
// n_v + n_h updates.
type RandomScan struct {
	rng *rand.Rand
}

// NewRandomScan returns a RandomScan whose draws come from a PCG seeded
// with seed.
func NewRandomScan(seed uint64) *RandomScan {
	return &RandomScan{rng: rand.New(rand.NewPCG(seed, 0x5eed))}
}

// Sample advances every chain of c by steps random-scan steps under m,
// then sets PH = p(h=1|v) and PV = p(v=1|h) for the final states.
func (s *RandomScan) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	if steps < 0 {
		return fmt.Errorf("RandomScan: %d steps", steps)
	}
	nv, nh := m.Visible(), m.Hidden()
	w := m.W.RawMatrix()
	for n := 0; n < c.Len(); n++ {
		v, h := c.V.RawRowView(n), c.H.RawRowView(n)
		for t := 0; t < steps*(nv+nh); t++ {
			u := s.rng.IntN(nv + nh)
			if u < nv { // a visible unit: its input is b_u + Σ_j W_uj h_j
				x := m.B[u]
				row := w.Data[u*w.Stride : u*w.Stride+nh]
				for j, hj := range h {
					x += row[j] * hj
				}
				v[u] = bernoulli(s.rng, x)
				continue
			}
			j := u - nv // a hidden unit: its input is c_j + Σ_i v_i W_ij
			x := m.C[j]
			for i, vi := range v {
				x += w.Data[i*w.Stride+j] * vi
			}
			h[j] = bernoulli(s.rng, x)
		}
	}
	if err := c.HiddenProb(m); err != nil {
		return err
	}
	m.VisibleProb(c.PV, c.H)
	return nil
}

// bernoulli returns 1 with probability σ(x) = 1/(1+e^{−x}), else 0.
func bernoulli(r *rand.Rand, x float64) float64 {
	if r.Float64() < 1/(1+math.Exp(-x)) {
		return 1
	}
	return 0
}

// %% [markdown]
// ## An exact check on a tiny RBM
//
// With 4 visible and 3 hidden units there are 2⁷ = 128 joint states, so
// p(v, h) = e^{−E(v, h)}/Z can be computed for every one of them (the library
// computes ln Z exactly by enumeration). Weights with standard deviation 1.5
// and uneven biases make p(v, h) far from uniform.

// %%
tiny, err := rbm.NewBinary(4, 3, &rbm.Init{WeightStd: 1.5, Seed: seed})
must(err)
copy(tiny.B, []float64{0.8, -1.2, 0.3, -0.5})
copy(tiny.C, []float64{-0.7, 0.9, 0.2})

// p(v, h) = exp(−E(v, h) − ln Z) for each of the 2^7 joint states; state s
// has v_i = bit i of s and h_j = bit 4+j.
logZ, err := tiny.ExactLogZ()
must(err)
state := func(s int) (v, h []float64) {
	v, h = make([]float64, 4), make([]float64, 3)
	for i := range v {
		v[i] = float64(s >> i & 1)
	}
	for j := range h {
		h[j] = float64(s >> (4 + j) & 1)
	}
	return v, h
}
exact := make([]float64, 128)
sum := 0.0
for s := range exact {
	v, h := state(s)
	exact[s] = math.Exp(-tiny.Energy(v, h) - logZ)
	sum += exact[s]
}
fmt.Printf("ln Z = %.4f, Σ p(v,h) = %.12f, max p = %.4f\n", logZ, sum, slices.Max(exact))

// %% [markdown]
// Now run many independent chains from random states and compare where
// they end with p(v, h). The distance is the **total variation**
// $\mathrm{TV} = \tfrac12 \sum_s |\hat p(s) - p(s)|$. Even a perfect sampler
// shows some: with N independent draws each $\hat p(s)$ has standard deviation
// $\sqrt{p(s)(1-p(s))/N}$, so $E[\mathrm{TV}] \le \tfrac12 \sum_s \sqrt{p(s)(1-p(s))/N}$
// (by Jensen's inequality). A sampler with the wrong stationary distribution
// would stay far above that bound however many chains it ran; the starting
// states (0 steps) show how far "far" is. The library's block Gibbs sampler
// is run the same way for comparison.

// %%
// tv runs s for steps from random states in chainsN independent chains and
// returns the empirical distribution of their final states and its total
// variation distance from exact.
tv := func(s mcmc.Sampler, steps int) ([]float64, float64) {
	c, err := mcmc.NewChains(tiny, chainsN, rand.New(rand.NewPCG(seed, 1)))
	must(err)
	must(s.Sample(tiny, c, steps))
	freq := make([]float64, 128)
	for n := range chainsN {
		st := 0
		for i, x := range c.V.RawRowView(n) {
			st |= int(x) << i
		}
		for j, x := range c.H.RawRowView(n) {
			st |= int(x) << (4 + j)
		}
		freq[st] += 1 / float64(chainsN)
	}
	d := 0.0
	for s := range freq {
		d += math.Abs(freq[s]-exact[s]) / 2
	}
	return freq, d
}

// The distance that sampling noise alone gives: E|p̂ − p| ≤ √(p(1−p)/N) for
// each state (Jensen), so E[TV] ≤ ½ Σ √(p(1−p)/N).
bound := 0.0
for _, p := range exact {
	bound += math.Sqrt(p*(1-p)/float64(chainsN)) / 2
}
freqRS, tvRS := tv(NewRandomScan(seed), 50)
_, tvGibbs := tv(mcmc.NewGibbs(seed), 50)
_, tvShort := tv(NewRandomScan(seed), 0)
fmt.Printf("TV from p(v,h) after 50 steps, %d chains: random scan %.4f, block Gibbs %.4f; noise alone: E[TV] ≤ %.4f\n",
	chainsN, tvRS, tvGibbs, bound)
fmt.Printf("the starting states (0 steps): TV %.4f\n", tvShort)

// %% [markdown]
// Both samplers end within the noise bound (in the full run, with 20,000
// chains: random scan 0.017 and block Gibbs 0.014, against E[TV] ≤ 0.019, down
// from 0.78 at the starting states).
//
// The figure shows the 24 most probable states (they hold 94.5% of the
// probability), in order of exact probability: the frequencies of the
// random-scan chains follow the exact p(v, h), with the scatter of a finite
// sample.

// %%
// The most probable states, in order: exact p against the random-scan
// chains' frequencies.
order := make([]int, 128)
for i := range order {
	order[i] = i
}
sort.Slice(order, func(a, b int) bool { return exact[order[a]] > exact[order[b]] })
const top = 24
xs, pe, pf := make([]float64, top), make([]float64, top), make([]float64, top)
mass := 0.0
for r, s := range order[:top] {
	xs[r], pe[r], pf[r] = float64(r+1), exact[s], freqRS[s]
	mass += exact[s]
}
fmt.Printf("the %d most probable states hold %.1f%% of the probability\n", top, 100*mass)
p, err := viz.Curves("4×3 RBM: p(v, h) by enumeration and by sampling", "joint state, by rank of exact probability", "probability",
	viz.Series{Name: "exact p(v, h)", X: xs, Y: pe},
	viz.Series{Name: "random scan, 50 steps", X: xs, Y: pf})
must(err)
display.Plot(p, 6*vg.Inch, 3.5*vg.Inch)

// %% [markdown]
// ## Training with it: CD-k through the library
//
// `learn.NewCD(k, sampler)` takes any `mcmc.Sampler`: here the compiled
// `RandomScan` and the library's block Gibbs, each with k steps per update,
// from the same initial model, on the 3 × 3 Bars and Stripes patterns, with
// the exact log-likelihood ℓ observed as training goes (the data and ℓ are
// explained in `00-quickstart`). Both are valid CD-k samplers with the same
// stationary distribution, but not the same kernel: after k steps they are
// at different distances from it, so the curves need not coincide. The line
// is the best any model can reach, −ln 14.

// %%
set, err := data.BarsAndStripes(3, false)
must(err)
best := -math.Log(float64(set.Len()))

// train runs CD-k with sampler s from the same initial model and returns
// the exact log-likelihood curve.
train := func(name string, s mcmc.Sampler) learn.Series {
	m, err := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.01, Seed: seed})
	must(err)
	bar := display.NewProgress(name)
	h, err := learn.Train(ctx, m, set, learn.NewCD(k, s), &learn.Settings{
		Updates:   updates,
		Rate:      0.1,
		Schedule:  learn.Cosine{End: 0.001},
		Every:     updates / 50,
		Observers: []learn.Observer{learn.ExactLogLikelihood(set)},
		Progress:  bar.Update,
	})
	bar.Done()
	must(err)
	fmt.Printf("%-22s final ℓ = %.4f, best %.4f (%v)\n", name, h.Series("loglik").Y[len(h.Series("loglik").Y)-1], h.Max("loglik"), h.Elapsed.Round(time.Millisecond))
	return h.Series("loglik")
}
rs := train(fmt.Sprintf("CD-%d, random scan", k), NewRandomScan(seed))
gb := train(fmt.Sprintf("CD-%d, block Gibbs", k), mcmc.NewGibbs(seed))
p, err = viz.Curves("3×3 Bars and Stripes", "parameter updates", "mean log-likelihood ℓ",
	viz.Series{Name: "random scan (compiled cell)", X: rs.X, Y: rs.Y},
	viz.Series{Name: "block Gibbs (library)", X: gb.X, Y: gb.Y})
must(err)
must(viz.HLine(p, best, "best possible, −ln 14"))
display.Plot(p, 6*vg.Inch, 3.5*vg.Inch)

// %% [markdown]
// Both curves climb to within about 0.12 nats of −ln 14 ≈ −2.64 (in the full
// run, after 10,000 updates of CD-5: random scan −2.758, block Gibbs −2.757).
// The random scan takes several times longer per update (the times are
// printed above), for reasons the next section measures.
//
// ## Speed: the same code interpreted, compiled, and the library's
//
// The next cell declares the same sampler again in an ordinary cell, under
// other names (`RandomScanI`, `bernoulliI`): the same source, run by the
// interpreter.

// %%
// RandomScanI is RandomScan again, declared in an ordinary cell: the same
// code, run by the interpreter.
type RandomScanI struct {
	rng *rand.Rand
}

func (s *RandomScanI) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	if steps < 0 {
		return fmt.Errorf("RandomScanI: %d steps", steps)
	}
	nv, nh := m.Visible(), m.Hidden()
	w := m.W.RawMatrix()
	for n := 0; n < c.Len(); n++ {
		v, h := c.V.RawRowView(n), c.H.RawRowView(n)
		for t := 0; t < steps*(nv+nh); t++ {
			u := s.rng.IntN(nv + nh)
			if u < nv {
				x := m.B[u]
				row := w.Data[u*w.Stride : u*w.Stride+nh]
				for j, hj := range h {
					x += row[j] * hj
				}
				v[u] = bernoulliI(s.rng, x)
				continue
			}
			j := u - nv
			x := m.C[j]
			for i, vi := range v {
				x += w.Data[i*w.Stride+j] * vi
			}
			h[j] = bernoulliI(s.rng, x)
		}
	}
	if err := c.HiddenProb(m); err != nil {
		return err
	}
	m.VisibleProb(c.PV, c.H)
	return nil
}

func bernoulliI(r *rand.Rand, x float64) float64 {
	if r.Float64() < 1/(1+math.Exp(-x)) {
		return 1
	}
	return 0
}

// %% [markdown]
// Each sampler then runs at MNIST's shape, 784 visible and 500 hidden units,
// and we divide the wall time by the number of chain-steps. All three do about
// 2 · 784 · 500 multiply-adds per chain and step. (Wall-clock timings of one
// run on a shared machine: the ratios are what to read. `go test -bench
// Speed ./kernel/compiled` measures the compiled cell against the same code
// linked into a package: they run at the same speed.)

// %%
// Time per chain and step at MNIST's shape, 784×500: each sampler does
// about 2·784·500 multiply-adds per chain and step.
big, err := rbm.NewBinary(784, 500, &rbm.Init{WeightStd: 0.01, Seed: seed})
must(err)
perStep := func(s mcmc.Sampler, chains, steps int) time.Duration {
	c, err := mcmc.NewChains(big, chains, rand.New(rand.NewPCG(seed, 2)))
	must(err)
	start := time.Now()
	must(s.Sample(big, c, steps))
	return time.Since(start) / time.Duration(chains*steps)
}
interpreted := perStep(&RandomScanI{rng: rand.New(rand.NewPCG(seed, 3))}, 2, 1)
compiledRS := perStep(NewRandomScan(seed), 20, 5)
gibbs := perStep(mcmc.NewGibbs(seed), 100, 20)
display.Markdown(fmt.Sprintf(`| sampler | time per chain and step | relative to the compiled cell |
|---|---:|---:|
| random scan, interpreted cell | %v | %.0f× |
| random scan, compiled cell | %v | 1× |
| block Gibbs, library (matrix products, 100 chains at once) | %v | %.2f× |`,
	interpreted.Round(time.Microsecond), float64(interpreted)/float64(compiledRS),
	compiledRS.Round(time.Microsecond),
	gibbs.Round(time.Microsecond), float64(gibbs)/float64(compiledRS)))

// %% [markdown]
// What the table shows:
//
// - The **compiled cell** runs the loop as compiled Go; the **interpreted**
//   copy of the same code is far slower, which is why hot code belongs in a
//   compiled cell.
// - The library's **block Gibbs** is faster still, though it does the same
//   arithmetic: it updates a whole layer of 100 chains at once with a matrix
//   product (BLAS), while a random scan must update one unit at a time, and
//   reads a column of W (every 500th number) for each hidden unit. A
//   single-site sampler cannot use matrix products; that is the price of its
//   finer moves.
//
// ## Where to go from here
//
// - Write a **Metropolis flip sampler** in the compiled cell (propose flipping
//   one unit, accept with probability min(1, e^{−ΔE})) and run the same exact
//   check; then compare its mixing with the library's *flip-the-state*
//   sampler (`mcmc.NewFlip`, notebook `01-flip-the-state`).
// - Run the compiled cell again after a change: later cells use the new
//   declarations; values made before keep the old ones (docs/goexec.md,
//   "Compiled cells").
