package mcmc

import (
	"errors"
	"fmt"
	"math"
	"sync/atomic"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// TemperedGibbs is block Gibbs sampling at a temperature T > 0: one
// transition draws
//
//	h ~ ∏_j Bernoulli(σ((vᵀW_{·j} + c_j)/T)),
//	v ~ ∏_i Bernoulli(σ((W_{i·}h + b_i)/T)),
//
// whose stationary distribution is the tempered joint
//
//	p_T(v, h) = e^{−E(v,h)/T}/Z_T,
//
// flatter than the model's for T > 1 (the chains cross between modes more
// easily) and sharper for T < 1. At T = 1 it is Gibbs: the same seed gives
// the same chains bit for bit. It is a tool to explore a model (a notebook
// slider moving T), not a sampler for the learners: for T ≠ 1 it does not
// leave the model's p(v, h) invariant, as Sampler asks; parallel tempering
// (Tempered) is the way to use temperatures for learning.
//
// T may be changed while the sampler runs (SetTemperature, from another
// goroutine: a widget's callback): each Sample call reads T once, when it
// starts, with one atomic load, and runs all its steps at that T. Sample
// itself is not safe for concurrent use on one TemperedGibbs. After a
// transition c.PH and c.PV hold the tempered conditionals of its last
// half-steps. Make it with NewTemperedGibbs; the zero value is not usable.
type TemperedGibbs struct {
	g    *Gibbs
	temp atomic.Uint64 // math.Float64bits of T
	e    []float64     // scratch: the energies that temperedSteps sums
}

// NewTemperedGibbs returns block Gibbs sampling at temperature t, whose
// draws come from the streams of NewGibbs(seed). It returns an error if t
// is not finite and positive.
func NewTemperedGibbs(t float64, seed uint64) (*TemperedGibbs, error) {
	if err := checkTemperature(t); err != nil {
		return nil, fmt.Errorf("mcmc: NewTemperedGibbs: %w", err)
	}
	s := &TemperedGibbs{g: NewGibbs(seed)}
	s.temp.Store(math.Float64bits(t))
	return s, nil
}

func checkTemperature(t float64) error {
	if !(t > 0) || math.IsInf(t, 0) {
		return fmt.Errorf("temperature must be finite and positive, got %v", t)
	}
	return nil
}

// Temperature returns the current temperature T.
func (s *TemperedGibbs) Temperature() float64 { return math.Float64frombits(s.temp.Load()) }

// SetTemperature changes the temperature to t; it may be called while
// another goroutine samples with s, and takes effect at the next Sample
// call. It returns an error, and keeps the old T, if t is not finite and
// positive or s was not made with NewTemperedGibbs.
func (s *TemperedGibbs) SetTemperature(t float64) error {
	if s == nil || s.g == nil {
		return errors.New("mcmc: TemperedGibbs.SetTemperature: sampler not made with NewTemperedGibbs")
	}
	if err := checkTemperature(t); err != nil {
		return fmt.Errorf("mcmc: TemperedGibbs.SetTemperature: %w", err)
	}
	s.temp.Store(math.Float64bits(t))
	return nil
}

// String describes s by its temperature, "TemperedGibbs(T=2)".
func (s *TemperedGibbs) String() string {
	return fmt.Sprintf("TemperedGibbs(T=%g)", s.Temperature())
}

// Sample advances every chain of c by steps transitions at the current
// temperature (read once for the whole call) under m.
func (s *TemperedGibbs) Sample(m *rbm.Binary, c *Chains, steps int) error {
	if s == nil || s.g == nil {
		return errors.New("mcmc: TemperedGibbs.Sample: sampler not made with NewTemperedGibbs")
	}
	if steps < 0 {
		return fmt.Errorf("mcmc: TemperedGibbs.Sample: negative number of steps %d", steps)
	}
	if err := checkModel(m, c); err != nil {
		return fmt.Errorf("mcmc: TemperedGibbs.Sample: %w", err)
	}
	if steps == 0 {
		return nil
	}
	beta := 1 / s.Temperature()
	src := streams(&s.g.srcs, s.g.seed, c.Len())
	if cap(s.e) < c.Len() {
		s.e = make([]float64, c.Len())
	}
	e := s.e[:c.Len()]
	if m.Precision == rbm.Float32 {
		l := c.load32(m, false, true)
		temperedSteps(c.waiter(), l, steps, beta, e, nil, src)
		c.store32(l)
		return nil
	}
	l := view64(m, c)
	temperedSteps(c.waiter(), &l, steps, beta, e, nil, src)
	return nil
}

var _ Sampler = (*TemperedGibbs)(nil)
