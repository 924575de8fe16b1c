package learn

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// PT is learning with parallel tempering (Desjardins et al. 2010) for
// binary RBMs. It keeps t sets of N persistent chains at inverse
// temperatures 1 = β_1 > … > β_t ≥ 0; set i samples
//
//	p_βi(v, h) ∝ exp(−β_i E(v, h))
//
// with its own base sampler run on the model scaled by β_i (β_i W, β_i b,
// β_i c), K steps per update. Then neighbouring temperatures (i, i+1), in
// order, propose to swap their k-th chains' states x_i, x_{i+1}, accepted
// with probability min(1, exp((β_i − β_{i+1})(E(x_i) − E(x_{i+1})))). The
// β = 1 chains give the negative phase of the PCD gradient
//
//	∂W = V₀ᵀP₀/n − V_1ᵀP_1/N,  ∂b = mean V₀ − mean V_1,  ∂c = mean P₀ − mean P_1,
//
// (P = p(h=1|V) under the model). This type runs its own tempered chains
// over any mcmc.Sampler (block Gibbs by default); it does not use an
// mcmc.Tempered sampler. Make it with NewPT.
type PT struct {
	// K is the number of sampling steps per temperature and update.
	K int
	// N is the number of chains per temperature; 0 means the size of the
	// first batch.
	N int

	betas    []float64
	samplers []mcmc.Sampler
	rng      *rand.Rand

	chains   []*mcmc.Chains
	scaled   []*rbm.Binary
	energy   [][]float64
	vw       *mat.Dense
	accepted []int
	proposed []int
	grad     *Grad
	pos      *mat.Dense
}

// LinearBetas returns t inverse temperatures spaced uniformly from 1 down
// to 0, β_i = 1 − i/(t−1) (t = 1: just 1).
func LinearBetas(t int) []float64 {
	if t <= 1 {
		return []float64{1}
	}
	b := make([]float64, t)
	for i := range b {
		b[i] = 1 - float64(i)/float64(t-1)
	}
	b[t-1] = 0
	return b
}

// NewPT returns a PT learner with k sampling steps (k ≤ 0 means 1) per
// temperature and update, inverse temperatures betas (betas[0] = 1,
// strictly decreasing, ≥ 0; nil means LinearBetas(10)), n chains per
// temperature (0: the first batch's size), and for temperature i the base
// sampler base(seed+i) (nil base: mcmc.NewGibbs). seed also seeds the swap
// decisions.
func NewPT(k int, betas []float64, n int, seed uint64, base func(seed uint64) mcmc.Sampler) (*PT, error) {
	if betas == nil {
		betas = LinearBetas(10)
	}
	if len(betas) == 0 || betas[0] != 1 {
		return nil, fmt.Errorf("learn: NewPT: inverse temperatures must start at 1, got %v", betas)
	}
	for i := 1; i < len(betas); i++ {
		if !(betas[i] < betas[i-1]) || !(betas[i] >= 0) {
			return nil, fmt.Errorf("learn: NewPT: inverse temperatures must decrease strictly and stay ≥ 0, got β_%d = %v after %v", i, betas[i], betas[i-1])
		}
	}
	if n < 0 {
		return nil, fmt.Errorf("learn: NewPT: negative number of chains %d", n)
	}
	if base == nil {
		base = func(s uint64) mcmc.Sampler { return mcmc.NewGibbs(s) }
	}
	p := &PT{K: max(k, 1), N: n, betas: append([]float64(nil), betas...), rng: rand.New(rand.NewPCG(seed, seed^0x5bd1e995))}
	for i := range betas {
		s := base(seed + uint64(i))
		if s == nil {
			return nil, fmt.Errorf("learn: NewPT: base sampler for temperature %d is nil", i)
		}
		p.samplers = append(p.samplers, s)
	}
	p.accepted = make([]int, len(betas)-1)
	p.proposed = make([]int, len(betas)-1)
	return p, nil
}

// Steps returns K·t: every temperature's chains take K steps.
func (l *PT) Steps() int { return max(l.K, 1) * len(l.betas) }

// Betas returns the inverse temperatures.
func (l *PT) Betas() []float64 { return append([]float64(nil), l.betas...) }

// Chains returns the chains at β = 1 (nil before the first update).
func (l *PT) Chains() *mcmc.Chains {
	if len(l.chains) == 0 {
		return nil
	}
	return l.chains[0]
}

// Acceptance returns, for each pair of neighbouring temperatures
// (i, i+1), the fraction of proposed swaps accepted so far (NaN before
// any).
func (l *PT) Acceptance() []float64 {
	a := make([]float64, len(l.accepted))
	for i := range a {
		a[i] = float64(l.accepted[i]) / float64(l.proposed[i])
	}
	return a
}

// Update makes one PT update of m (an *rbm.Binary) from batch through opt.
func (l *PT) Update(m rbm.Model, batch *mat.Dense, opt Optimizer) error {
	b, ok := m.(*rbm.Binary)
	if !ok {
		return fmt.Errorf("learn: PT.Update: model is %T, want *rbm.Binary", m)
	}
	if opt == nil {
		return errors.New("learn: PT.Update: nil optimizer")
	}
	g, err := l.Gradient(b, batch)
	if err != nil {
		return fmt.Errorf("learn: PT.Update: %w", err)
	}
	if err := opt.Step(m, g); err != nil {
		return fmt.Errorf("learn: PT.Update: %w", err)
	}
	return nil
}

// Gradient advances the tempered chains (K steps at every temperature,
// then one round of swaps) under m and returns the gradient estimate for
// batch without changing m. The Grad is owned by l.
func (l *PT) Gradient(m *rbm.Binary, batch *mat.Dense) (*Grad, error) {
	if m == nil || m.W == nil || batch == nil {
		return nil, errors.New("learn: PT: nil model or batch")
	}
	if len(l.samplers) == 0 {
		return nil, errors.New("learn: PT: no samplers (use NewPT)")
	}
	n, cols := batch.Dims()
	nv, nh := m.Visible(), m.Hidden()
	if cols != nv {
		return nil, fmt.Errorf("learn: PT: batch has %d columns, model has %d visible units", cols, nv)
	}
	if i, j, bad := nonFinite(batch); bad {
		return nil, fmt.Errorf("learn: PT: batch has %v at row %d, column %d", batch.At(i, j), i, j)
	}
	if len(l.chains) == 0 || l.scaled[0].Visible() != nv || l.scaled[0].Hidden() != nh {
		nc := l.N
		if nc == 0 {
			nc = n
		}
		init := mat.NewDense(nc, cols, nil)
		for k := 0; k < nc; k++ {
			init.SetRow(k, batch.RawRowView(k%n))
		}
		l.chains, l.scaled, l.energy = nil, nil, nil
		for range l.betas {
			c, err := mcmc.NewChainsFrom(m, init)
			if err != nil {
				return nil, fmt.Errorf("learn: PT: %w", err)
			}
			l.chains = append(l.chains, c)
			l.scaled = append(l.scaled, &rbm.Binary{W: mat.NewDense(nv, nh, nil), B: make([]float64, nv), C: make([]float64, nh)})
			l.energy = append(l.energy, make([]float64, nc))
		}
		l.vw = mat.NewDense(nc, nh, nil)
		l.grad = NewGrad(m)
	}
	src := params(m, nil)
	for i, beta := range l.betas {
		dst := params(l.scaled[i], nil)
		for k := range dst {
			for j, x := range src[k] {
				dst[k][j] = beta * x
			}
		}
		if err := l.samplers[i].Sample(l.scaled[i], l.chains[i], max(l.K, 1)); err != nil {
			return nil, fmt.Errorf("learn: PT: temperature %d (β = %g): %w", i, beta, err)
		}
		l.energies(m, l.chains[i], l.energy[i])
	}
	l.swap()
	l.pos = sized(l.pos, n, nh)
	hiddenProb(m, l.pos, batch)
	c := l.chains[0]
	if err := c.HiddenProb(m); err != nil {
		return nil, fmt.Errorf("learn: PT: %w", err)
	}
	binaryGrad(l.grad, batch, l.pos, c.V, c.PH)
	return l.grad, nil
}

// energies writes E(v_k, h_k) = −v_kᵀW h_k − bᵀv_k − cᵀh_k of every chain
// of c under m into e.
func (l *PT) energies(m *rbm.Binary, c *mcmc.Chains, e []float64) {
	vr, hr, wr := c.V.RawMatrix(), c.H.RawMatrix(), l.vw.RawMatrix()
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, vr, m.W.RawMatrix(), 0, wr)
	for k := range e {
		v := vr.Data[k*vr.Stride : k*vr.Stride+vr.Cols]
		h := hr.Data[k*hr.Stride : k*hr.Stride+hr.Cols]
		vw := wr.Data[k*wr.Stride : k*wr.Stride+wr.Cols]
		s := 0.0
		for j, x := range h {
			s += (vw[j] + m.C[j]) * x
		}
		for i, x := range v {
			s += m.B[i] * x
		}
		e[k] = -s
	}
}

// swap proposes, for i = 0 … t−2 in order and every chain k, to exchange
// the states of chain k at temperatures i and i+1.
func (l *PT) swap() {
	for i := 0; i+1 < len(l.betas); i++ {
		a, b := l.chains[i], l.chains[i+1]
		ea, eb := l.energy[i], l.energy[i+1]
		d := l.betas[i] - l.betas[i+1]
		for k := range ea {
			l.proposed[i]++
			logr := d * (ea[k] - eb[k])
			if logr < 0 && l.rng.Float64() >= math.Exp(logr) {
				continue
			}
			l.accepted[i]++
			swapRows(a.V, b.V, k)
			swapRows(a.H, b.H, k)
			ea[k], eb[k] = eb[k], ea[k]
		}
	}
}

// swapRows exchanges row k of a and b.
func swapRows(a, b *mat.Dense, k int) {
	ra, rb := a.RawRowView(k), b.RawRowView(k)
	for j := range ra {
		ra[j], rb[j] = rb[j], ra[j]
	}
}

var _ Learner = (*PT)(nil)
