package mcmc

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Tempered is parallel tempering (t-PT_k) over any base operator: t
// replicas of every chain at inverse temperatures
//
//	1 = β_1 > β_2 > … > β_t ≥ 0,
//
// replica i sampling the tempered distribution
//
//	p_β(v, h) ∝ e^{−β_i E(v,h)},
//
// which is the distribution of the RBM with parameters β_i·θ = (β_iW,
// β_ib, β_ic). One transition of Tempered runs k steps of the base sampler
// on every replica, replica i on a copy of the model scaled by β_i (the
// copies are refreshed from the model at every call of Sample, so the model
// may change between calls, as in PT learning), and then proposes to swap
// the states of the neighbours i, i+1 (for i = 1, …, t−1 in turn, every
// chain independently), accepting with probability
//
//	min(1, exp((β_i − β_{i+1})(E(x_i) − E(x_{i+1})))),
//
// E the energy of the untempered model. Each swap is a Metropolis move
// that leaves the product ∏_i p_{β_i} invariant, so the β = 1 replicas keep
// the model's joint distribution.
//
// When the base sampler is a *Gibbs, Tempered runs the Gibbs steps itself
// with the untempered products (vᵀW, Wh) and applies β_i to the units'
// inputs, σ(β_i(vᵀW + c)) and σ(β_i(Wh + b)), the same conditionals as the
// scaled model's, and takes the energies of the swap criterion from the
// last visible half-step: with x = Wh + b the visible input and v the new
// visible state, E(v, h) = −(xᵀv + cᵀh). A transition then costs the 2k
// matrix products per replica of its Gibbs steps and nothing more (no
// scaled copies of W, no product for the energies), less 2k − 1 at β = 0,
// where every conditional is ½ and only the energy needs a product. Other base samplers run
// on scaled copies of the model and the energies take one product V·W per
// replica. The β = 1 replicas are the [Chains] passed
// to Sample; the others are kept by Tempered (started uniformly at random,
// and restarted when the number of chains changes). A swap exchanges the
// rows of V, H, PV and PH, so after a transition PV and PH of a chain are
// those of the base step that drew its current state, possibly at another
// temperature.
//
// The same base sampler serves every temperature (its random streams run
// on from one replica to the next); it must accept any binary RBM, as Gibbs
// and Flip do. Tempered counts the proposed and accepted swaps of every
// neighbour pair (AcceptRates). Make it with NewTempered; the zero value
// is not usable.
//
// The ladder may change while another goroutine samples (a widget's
// callback): SetBetas stores a new ladder of as many temperatures, and
// each Sample call reads the ladder once, when it starts, with one atomic
// load, and runs all its transitions on it. The replicas keep their
// states: replica i carries on at the new β_i. The swap counts run on
// across a change.
type Tempered struct {
	base  Sampler
	betas []float64
	k     int
	rng   *rand.Rand
	src   *rand.PCG // rng's source, for MarshalBinary

	// ladder is the ladder set last (by NewTempered or SetBetas), never
	// modified; each Sample copies it into betas when it starts.
	ladder atomic.Pointer[[]float64]

	models []*rbm.Binary // β_i·θ for i ≥ 1 (index 0 unused)
	chains []*Chains     // replicas for i ≥ 1 (index 0 unused)
	energy [][]float64   // E of every replica's chains, by temperature
	buf    *mat.Dense    // V·W scratch

	attempts, accepts []int
}

// UniformBetas returns t inverse temperatures spaced uniformly in [0, 1]
// from 1 down to 0, β_i = 1 − (i−1)/(t−1), i = 1…t, as the flip-the-state
// paper uses. t must be at least 2.
func UniformBetas(t int) ([]float64, error) {
	if t < 2 {
		return nil, fmt.Errorf("mcmc: UniformBetas: need at least 2 temperatures, got %d", t)
	}
	b := make([]float64, t)
	for i := range b {
		b[i] = 1 - float64(i)/float64(t-1)
	}
	b[t-1] = 0
	return b, nil
}

// NewTempered returns parallel tempering over the base sampler with the
// inverse temperatures betas (nil: UniformBetas(10)), k base steps per
// transition (k ≤ 0 means 1), and swap decisions drawn from a source seeded
// with seed. betas must start at 1, decrease strictly and end at or above 0;
// betas is copied.
func NewTempered(base Sampler, betas []float64, k int, seed uint64) (*Tempered, error) {
	if base == nil {
		return nil, errors.New("mcmc: NewTempered: nil base sampler")
	}
	if betas == nil {
		betas, _ = UniformBetas(10)
	}
	if err := checkBetas(betas); err != nil {
		return nil, fmt.Errorf("mcmc: NewTempered: %w", err)
	}
	if k <= 0 {
		k = 1
	}
	t := len(betas)
	src := rand.NewPCG(seed, splitmix(seed))
	p := &Tempered{
		base:     base,
		betas:    append([]float64(nil), betas...),
		k:        k,
		rng:      rand.New(src),
		src:      src,
		models:   make([]*rbm.Binary, t),
		chains:   make([]*Chains, t),
		energy:   make([][]float64, t),
		attempts: make([]int, t-1),
		accepts:  make([]int, t-1),
	}
	p.storeLadder(betas)
	return p, nil
}

// checkBetas checks a ladder of inverse temperatures: at least 2, the
// first 1, strictly decreasing, the last at least 0.
func checkBetas(betas []float64) error {
	if len(betas) < 2 {
		return fmt.Errorf("need at least 2 inverse temperatures, got %d", len(betas))
	}
	if betas[0] != 1 {
		return fmt.Errorf("the first inverse temperature must be 1, got %v", betas[0])
	}
	for i := 1; i < len(betas); i++ {
		if !(betas[i] < betas[i-1] && betas[i] >= 0) {
			return fmt.Errorf("inverse temperatures must decrease strictly to at least 0: β_%d = %v after %v", i+1, betas[i], betas[i-1])
		}
	}
	return nil
}

// storeLadder stores a copy of betas as the ladder of the next Sample.
func (p *Tempered) storeLadder(betas []float64) {
	l := append([]float64(nil), betas...)
	p.ladder.Store(&l)
}

// Betas returns a copy of the inverse temperatures: those set last (by
// NewTempered or SetBetas), which the next Sample call uses. It may be
// called while another goroutine samples.
func (p *Tempered) Betas() []float64 {
	if l := p.ladder.Load(); l != nil {
		return append([]float64(nil), *l...)
	}
	return append([]float64(nil), p.betas...)
}

// SetBetas changes the inverse temperatures to betas (copied), as many as
// before, 1 = β_1 > β_2 > … > β_t ≥ 0. It may be called while another
// goroutine samples with p, and takes effect at the next Sample call:
// replica i then samples p_{β_i} from the state it has. For a slider over
// the hottest temperature T_max of a uniform ladder, β_i = 1 − (i−1)/(t−1)
// · (1 − 1/T_max). It returns an error, and keeps the old ladder, for
// another number of temperatures or a ladder that NewTempered would
// refuse.
func (p *Tempered) SetBetas(betas []float64) error {
	if p == nil || p.base == nil {
		return errors.New("mcmc: Tempered.SetBetas: sampler not made with NewTempered")
	}
	if n := len(*p.ladder.Load()); len(betas) != n {
		return fmt.Errorf("mcmc: Tempered.SetBetas: %d inverse temperatures, want %d (the number of replicas is fixed at NewTempered)", len(betas), n)
	}
	if err := checkBetas(betas); err != nil {
		return fmt.Errorf("mcmc: Tempered.SetBetas: %w", err)
	}
	p.storeLadder(betas)
	return nil
}

// Replica returns the chains at inverse temperature β_i (i = 0 is β = 1,
// which Tempered does not keep: it returns nil, as it does before the first
// Sample or for i out of range). The returned chains are live.
func (p *Tempered) Replica(i int) *Chains {
	if i <= 0 || i >= len(p.chains) {
		return nil
	}
	return p.chains[i]
}

// AcceptRates returns, for every neighbour pair (β_i, β_{i+1}), the
// fraction of proposed swaps accepted so far (NaN before any proposal).
func (p *Tempered) AcceptRates() []float64 {
	r := make([]float64, len(p.attempts))
	for i, a := range p.attempts {
		r[i] = float64(p.accepts[i]) / float64(a)
		if a == 0 {
			r[i] = math.NaN()
		}
	}
	return r
}

// Swaps returns copies of the numbers of proposed and accepted swaps of
// every neighbour pair.
func (p *Tempered) Swaps() (proposed, accepted []int) {
	return append([]int(nil), p.attempts...), append([]int(nil), p.accepts...)
}

// swapProb is the acceptance probability of swapping the states of two
// replicas at inverse temperatures bi, bj with energies ei, ej:
// min(1, exp((bi − bj)(ei − ej))).
func swapProb(bi, bj, ei, ej float64) float64 {
	return math.Min(1, math.Exp((bi-bj)*(ei-ej)))
}

// accept reports whether a swap with the uniform u in [0, 1) is accepted,
// u < swapProb(bi, bj, ei, ej), without the exponential where the exponent
// x = (bi − bj)(ei − ej) is at least 0: there e^x ≥ 1, the probability is
// 1 and every u is below it (a NaN x takes the exponential, and is
// refused, as by swapProb).
func accept(u, bi, bj, ei, ej float64) bool {
	x := (bi - bj) * (ei - ej)
	return x >= 0 || u < math.Min(1, math.Exp(x))
}

// Sample advances c (the β = 1 replicas) and the tempered replicas by steps
// transitions of parallel tempering under m.
func (p *Tempered) Sample(m *rbm.Binary, c *Chains, steps int) error {
	return p.sample(m, c, steps, nil)
}

// sample is Sample; if p0 is not nil it also writes p(h=1|v) of the start
// states of c into p0, for SampleFrom: copied from the first hidden
// half-step of the β = 1 replicas (their first base step runs on c under
// the untempered m), through sampleFirst for a base sampler other than
// *Gibbs.
func (p *Tempered) sample(m *rbm.Binary, c *Chains, steps int, p0 *mat.Dense) error {
	if p == nil || p.base == nil {
		return errors.New("mcmc: Tempered.Sample: sampler not made with NewTempered")
	}
	if steps < 0 {
		return fmt.Errorf("mcmc: Tempered.Sample: negative number of steps %d", steps)
	}
	if err := checkModel(m, c); err != nil {
		return fmt.Errorf("mcmc: Tempered.Sample: %w", err)
	}
	if steps == 0 {
		return nil
	}
	if l := p.ladder.Load(); l != nil {
		copy(p.betas, *l) // as long: SetBetas checks
	}
	g, fast := p.base.(*Gibbs)
	if fast && (g == nil || g.srcs == nil) {
		return errors.New("mcmc: Tempered.Sample: base Gibbs sampler not made with NewGibbs")
	}
	p.prepare(m, c, !fast)
	t := len(p.betas)
	for s := 0; s < steps; s++ {
		for i := 0; i < t; i++ {
			ci := p.chains[i]
			if i == 0 {
				ci = c
			}
			var first *mat.Dense // p0 on the first base step of c
			if i == 0 && s == 0 {
				first = p0
			}
			if fast {
				p.gibbs(g, m, ci, p.betas[i], p.energy[i], first)
				continue
			}
			mi := p.models[i]
			if i == 0 {
				mi = m
			}
			var err error
			if first != nil {
				err = sampleFirst(p.base, mi, ci, p.k, first)
			} else {
				err = p.base.Sample(mi, ci, p.k)
			}
			if err != nil {
				return fmt.Errorf("mcmc: Tempered.Sample: base sampler at β = %v: %w", p.betas[i], err)
			}
			p.energies(m, ci, p.energy[i])
		}
		for i := 0; i+1 < t; i++ {
			a, b := p.chains[i], p.chains[i+1]
			if i == 0 {
				a = c
			}
			ea, eb := p.energy[i], p.energy[i+1]
			bi, bj := p.betas[i], p.betas[i+1]
			rows := [4][2]blas64.General{
				{a.V.RawMatrix(), b.V.RawMatrix()}, {a.H.RawMatrix(), b.H.RawMatrix()},
				{a.PV.RawMatrix(), b.PV.RawMatrix()}, {a.PH.RawMatrix(), b.PH.RawMatrix()},
			}
			for r := range ea {
				p.attempts[i]++
				if accept(p.rng.Float64(), bi, bj, ea[r], eb[r]) {
					p.accepts[i]++
					ea[r], eb[r] = eb[r], ea[r]
					for _, d := range rows {
						x := d[0].Data[r*d[0].Stride : r*d[0].Stride+d[0].Cols]
						y := d[1].Data[r*d[1].Stride : r*d[1].Stride+len(x)]
						for k := range x {
							x[k], y[k] = y[k], x[k]
						}
					}
				}
			}
		}
	}
	return nil
}

// prepare makes the replicas' chains (sized like c) and, if scale is set,
// the scaled models β_i·m, reusing them when the shapes have not changed.
func (p *Tempered) prepare(m *rbm.Binary, c *Chains, scale bool) {
	n := c.Len()
	nv, nh := m.Visible(), m.Hidden()
	for i := 1; i < len(p.betas); i++ {
		if scale {
			mi := p.models[i]
			if mi == nil || mi.Visible() != nv || mi.Hidden() != nh {
				mi = m.Clone()
				p.models[i] = mi
			}
			mi.Precision = m.Precision // as m's now, not as when mi was made
			beta := p.betas[i]
			mi.W.Scale(beta, m.W)
			for k, x := range m.B {
				mi.B[k] = beta * x
			}
			for k, x := range m.C {
				mi.C[k] = beta * x
			}
			mi.Changed() // (its float32 copy, for a Float32 model)
		}
		ci := p.chains[i]
		if ci == nil || ci.Len() != n || ci.V.RawMatrix().Cols != nv || ci.H.RawMatrix().Cols != nh {
			ci, _ = NewChains(m, n, p.rng) // m and n are valid: checked by Sample
			p.chains[i] = ci
		}
	}
	for i := range p.energy {
		if len(p.energy[i]) != n {
			p.energy[i] = make([]float64, n)
		}
	}
	if scale && (p.buf == nil || p.buf.RawMatrix().Rows != n || p.buf.RawMatrix().Cols != nh) {
		p.buf = mat.NewDense(n, nh, nil)
	}
}

// gibbs runs k block Gibbs steps of g on the chains c at inverse
// temperature beta, with the products of the untempered model m and the
// temperature applied to the units' inputs: the hidden half-step draws
// h ~ Bernoulli(σ(β(vᵀW + c))), the visible one v ~ Bernoulli(σ(β(Wh + b))),
// the conditionals of p_β, with the random streams of g as g.Sample would
// use them (at β = 1 the chains are bit for bit those of g.Sample). The last
// visible half-step also sums x·v' over the units, x = Wh + b its
// untempered input and v' the new state, which is vᵀWh + bᵀv of the new
// state; adding cᵀh gives the untempered energy
//
//	E(v, h) = −(vᵀWh + bᵀv + cᵀh)
//
// of every chain, written to e, for the swaps, without a further matrix
// product. At β = 0 every conditional is ½ whatever the input, so the
// products are skipped, except the last visible one, which the energy
// needs: the draws are the same (σ(0·x) = ½ exactly). If p0 is not nil,
// the hidden probabilities of the first half-step are copied into it.
//
// It runs in the model's precision (see docs/precision.md), the energies
// summed in float64.
func (p *Tempered) gibbs(g *Gibbs, m *rbm.Binary, c *Chains, beta float64, e []float64, p0 *mat.Dense) {
	src := streams(&g.srcs, g.seed, c.Len())
	if m.Precision == rbm.Float32 {
		l := c.load32(m, false, true)
		temperedSteps(c.waiter(), l, p.k, beta, e, p0, src)
		c.store32(l)
	} else {
		l := view64(m, c)
		temperedSteps(c.waiter(), &l, p.k, beta, e, p0, src)
	}
	hr := c.H.RawMatrix()
	for r := range e {
		e[r] = -(e[r] + floats.Dot(m.C, hr.Data[r*hr.Stride:r*hr.Stride+hr.Cols]))
	}
}

// temperedSteps runs k tempered block Gibbs steps at inverse temperature
// beta on l (see Tempered.gibbs), writing vᵀWh + bᵀv of the final states
// into e, and the first hidden probabilities into p0 if it is not nil.
func temperedSteps[T kern.Float](wg *sync.WaitGroup, l *layers[T], k int, beta float64, e []float64, p0 *mat.Dense, src []rand.PCG) {
	for s := 0; s < k; s++ {
		last := s == k-1
		if beta == 0 {
			halves(l.ph)
			rowsDo(wg, doSample, l.ph, l.h, nil, src)
		} else {
			kern.Gemm1(false, false, 1, l.v, l.w, 0, l.ph)
			spread(wg, job[T]{kind: doTempered, p: l.ph, s: l.h, bias: l.c, beta: T(beta), src: src})
		}
		if s == 0 && p0 != nil {
			load(general(p0), l.ph)
		}
		if beta == 0 && !last {
			halves(l.pv)
			rowsDo(wg, doSample, l.pv, l.v, nil, src)
			continue
		}
		kern.BackProduct(l.h, l.w, l.wt, l.pv)
		var dot []float64
		if last {
			dot = e
		}
		spread(wg, job[T]{kind: doTempered, p: l.pv, s: l.v, bias: l.b, beta: T(beta), src: src, dot: dot})
	}
}

// energies writes E(v_r, h_r) = −v_rᵀWh_r − bᵀv_r − cᵀh_r of every chain
// r of c into e, with one matrix product V·W.
func (p *Tempered) energies(m *rbm.Binary, c *Chains, e []float64) {
	buf := p.buf.RawMatrix()
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, c.V.RawMatrix(), m.W.RawMatrix(), 0, buf)
	for r := range e {
		vw := buf.Data[r*buf.Stride : r*buf.Stride+buf.Cols]
		h := c.H.RawRowView(r)
		v := c.V.RawRowView(r)
		var s float64
		for j, x := range vw {
			s += (x + m.C[j]) * h[j]
		}
		for i, x := range v {
			s += m.B[i] * x
		}
		e[r] = -s
	}
}

// halves sets every element of d to ½.
func halves[T kern.Float](d kern.General[T]) {
	for i := 0; i < d.Rows; i++ {
		row := d.Row(i)
		for j := range row {
			row[j] = 0.5
		}
	}
}

var _ Sampler = (*Tempered)(nil)
