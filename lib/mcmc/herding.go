package mcmc

import (
	"errors"
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
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
//
// The arithmetic has the model's precision, as for RatesFPCD: with
// m.Precision Float32 the maximisation runs under fl32(θ + θ_F), and θ_F
// stays float64.
type Herding struct {
	rates *Rates
	step  float64
	decay float64
	k     int
	fastWeights
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
func (s *Herding) Reset() { s.reset() }

// Sample runs steps herding updates of c under m (see Herding).
func (s *Herding) Sample(m *rbm.Binary, c *Chains, steps int) error {
	if s == nil || s.k == 0 {
		return errors.New("mcmc: Herding.Sample: sampler not made with NewHerding")
	}
	if err := checkFastSample("Herding", s.rates, m, c, steps); err != nil {
		return err
	}
	if steps == 0 {
		return nil
	}
	s.ensure(m.Visible(), m.Hidden())
	if m.Precision == rbm.Float32 {
		herdingSteps[float32](s, m, c, steps)
	} else {
		herdingSteps[float64](s, m, c, steps)
	}
	return nil
}

// herdingSteps runs steps updates of s in precision T. During the
// alternations l.ph and l.pv hold the inputs without their biases; σ of
// the inputs of the last alternation is taken once at the end.
func herdingSteps[T kern.Float](s *Herding, m *rbm.Binary, c *Chains, steps int) {
	for t := 0; t < steps; t++ {
		l := negLayers(&s.fastWeights, neg[T](&s.fastWeights, m), c, true)
		for it := 0; it < s.k; it++ {
			kern.Gemm1(false, false, 1, l.v, l.w, 0, l.ph)
			changed := threshold(l.ph, l.h, l.c)
			kern.Gemm1(false, true, 1, l.h, l.w, 0, l.pv)
			changed = threshold(l.pv, l.v, l.b) || changed
			if !changed {
				break
			}
		}
		for i := 0; i < l.ph.Rows; i++ {
			kern.Sigmoid(l.ph.Row(i), l.c)
			kern.Sigmoid(l.pv.Row(i), l.b)
		}
		storeLayers(c, l)
		s.update(s.rates, c.V, c.H, s.step, s.decay)
	}
}

// threshold sets each state s = 1[x > 0] with x = p + bias and reports
// whether any state changed.
func threshold[T kern.Float](p, s kern.General[T], bias []T) bool {
	var changed bool
	for i := 0; i < p.Rows; i++ {
		row := p.Row(i)
		out, bias := s.Row(i), bias[:len(row)]
		for k, x := range row {
			var y T
			if x+bias[k] > 0 {
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
