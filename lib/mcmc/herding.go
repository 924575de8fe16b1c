package mcmc

import (
	"errors"
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Herding is the herding sampler of Welling (2009) in the rates-herding
// form of Breuleux, Bengio and Vincent (2011, Algorithm 2): a
// deterministic, zero-temperature dynamical system on the chains and on
// fast parameters θ_F (starting at 0). With θ⁻ = θ + θ_F (θ the model
// passed to Sample, never changed), one update (one step of Sample) first
// maximises the joint probability under θ⁻ by alternating
//
//	h = 1[vᵀW⁻ + c⁻ > 0],  v = 1[W⁻h + b⁻ > 0]
//
// from the chain's current state until a fixed point or K alternations
// (a tie x = 0 gives 0), then moves the fast parameters
//
//	θ_F ← α·θ_F + ε·(R − S(v, h)),  S = (mean v hᵀ, mean v, mean h),
//
// means over the chains, R the rates (NewRates; nil: zero). ε = 1, α = 1
// is Welling's herding (the weights themselves move with step 1:
// W ← W + R_W − v hᵀ, …); other values give rates-herding with a step
// size and decay. The samples are the rows of c.V after each update;
// c.PH and c.PV hold σ of the inputs of the last alternation.
type Herding struct {
	rates *Rates
	step  float64
	decay float64
	k     int

	fast, neg *rbm.Binary
	stats     *mat.Dense
}

// NewHerding returns a (rates-)herding sampler with rates r (nil: zero),
// step ε = step ≥ 0, decay α in [0, 1], and at most k alternations of the
// maximisation per update (k ≤ 0 means 10).
func NewHerding(r *Rates, step, decay float64, k int) (*Herding, error) {
	if !(step >= 0) || math.IsInf(step, 0) {
		return nil, fmt.Errorf("mcmc: NewHerding: step must be finite and non-negative, got %v", step)
	}
	if !(decay >= 0 && decay <= 1) {
		return nil, fmt.Errorf("mcmc: NewHerding: decay must be in [0, 1], got %v", decay)
	}
	if r != nil && (r.W == nil || len(r.B) != r.W.RawMatrix().Rows || len(r.C) != r.W.RawMatrix().Cols) {
		return nil, errors.New("mcmc: NewHerding: rates have inconsistent shapes (make them with NewRates)")
	}
	if k <= 0 {
		k = 10
	}
	return &Herding{rates: r, step: step, decay: decay, k: k}, nil
}

// Fast returns the current fast parameters θ_F (nil before the first
// Sample), aliasing the sampler's.
func (s *Herding) Fast() *rbm.Binary { return s.fast }

// Reset sets the fast parameters back to 0.
func (s *Herding) Reset() {
	if s.fast != nil {
		zeroModel(s.fast)
	}
}

// Sample runs steps herding updates of c under m (see Herding).
func (s *Herding) Sample(m *rbm.Binary, c *Chains, steps int) error {
	if s == nil || s.k == 0 {
		return errors.New("mcmc: Herding.Sample: sampler not made with NewHerding")
	}
	if err := checkFastSample("Herding", s.rates, m, c, steps); err != nil {
		return err
	}
	nv, nh := m.Visible(), m.Hidden()
	s.fast, s.neg, s.stats = fastBuffers(s.fast, s.neg, s.stats, nv, nh)
	for t := 0; t < steps; t++ {
		addModel(s.neg, m, s.fast)
		w := s.neg.W.RawMatrix()
		for it := 0; it < s.k; it++ {
			ph := c.PH.RawMatrix()
			blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, c.V.RawMatrix(), w, 0, ph)
			changed := threshold(ph, c.H.RawMatrix(), s.neg.C)
			pv := c.PV.RawMatrix()
			blas64.Gemm(blas.NoTrans, blas.Trans, 1, c.H.RawMatrix(), w, 0, pv)
			changed = threshold(pv, c.V.RawMatrix(), s.neg.B) || changed
			if !changed {
				break
			}
		}
		fastUpdate(s.fast, s.rates, c.V, c.H, s.stats, s.step, s.decay)
	}
	return nil
}

// threshold sets each state s = 1[x > 0] with x = p + bias, replaces p by
// σ(x), and reports whether any state changed.
func threshold(p, s blas64.General, bias []float64) bool {
	var changed bool
	for i := 0; i < p.Rows; i++ {
		row := p.Data[i*p.Stride : i*p.Stride+p.Cols]
		out := s.Data[i*s.Stride : i*s.Stride+len(row)]
		for k, x := range row {
			x += bias[k]
			row[k] = 1 / (1 + math.Exp(-x))
			var y float64
			if x > 0 {
				y = 1
			}
			if out[k] != y {
				out[k] = y
				changed = true
			}
		}
	}
	return changed
}

var _ Sampler = (*Herding)(nil)
