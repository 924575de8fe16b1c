package mcmc

import (
	"errors"
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Rates are the positive-phase sufficient statistics of a trained binary
// RBM θ on a data set (Breuleux, Bengio and Vincent 2011, Sect. 4): with
// μ(v) = E[h | v] = σ(vᵀW + c) under θ and the mean taken over the rows v
// of the data,
//
//	R_W = mean v μ(v)ᵀ,  R_b = mean v,  R_c = mean μ(v).
//
// Rates-FPCD and rates-herding use them as a constant positive phase, so
// that sampling no longer needs the data.
type Rates struct {
	// W is R_W (m×n); B is R_b (length m); C is R_c (length n).
	W *mat.Dense
	B []float64
	C []float64
}

// NewRates returns the rates of the model m on data (rows are examples,
// m.Visible() columns). It returns an error if m is not valid or data is
// empty, of the wrong width, or not finite.
func NewRates(m *rbm.Binary, data mat.Matrix) (*Rates, error) {
	if m == nil {
		return nil, errors.New("mcmc: NewRates: nil model")
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("mcmc: NewRates: %w", err)
	}
	if data == nil {
		return nil, errors.New("mcmc: NewRates: nil data")
	}
	r, c := data.Dims()
	if c != m.Visible() {
		return nil, fmt.Errorf("mcmc: NewRates: data has %d columns, model has %d visible units", c, m.Visible())
	}
	if r == 0 {
		return nil, errors.New("mcmc: NewRates: empty data")
	}
	if i, j, bad := nonFinite(data); bad {
		return nil, fmt.Errorf("mcmc: NewRates: data has %v at row %d, column %d", data.At(i, j), i, j)
	}
	var mu mat.Dense
	m.HiddenProb(&mu, data)
	rt := &Rates{W: mat.NewDense(m.Visible(), m.Hidden(), nil), B: make([]float64, m.Visible()), C: make([]float64, m.Hidden())}
	rt.W.Mul(data.T(), &mu)
	rt.W.Scale(1/float64(r), rt.W)
	for i := 0; i < r; i++ {
		for j := range rt.B {
			rt.B[j] += data.At(i, j) / float64(r)
		}
		for j := range rt.C {
			rt.C[j] += mu.At(i, j) / float64(r)
		}
	}
	return rt, nil
}

// RatesFPCD is the rates-FPCD sampler of Breuleux, Bengio and Vincent
// (2011, Algorithm 1), and with zero rates their sample penalisation (SP).
// It keeps fast parameters θ_F (starting at 0) and samples persistent
// chains with θ⁻ = θ + θ_F, θ the model passed to Sample, which is never
// changed. One update (one step of Sample) runs K block Gibbs steps of the
// chains under θ⁻, giving (v⁻, h⁻), and then moves the fast parameters
// toward the rates R and away from the chains' statistics:
//
//	θ_F ← α·θ_F + ε_F·(R − S(v⁻)),
//	S(v⁻) = (mean v⁻μ⁻ᵀ, mean v⁻, mean μ⁻),  μ⁻ = E[h | v⁻] under θ⁻,
//
// means over the chains. The samples are the rows of c.V after each
// update (c.PV holds E[v | h⁻] for grey-level images; c.PH holds μ⁻). The
// paper found α = 1 (no decay) best for rates-FPCD; SP needs α < 1, or the
// samples drift to the uniform distribution. With ε_F = 0, RatesFPCD is
// exactly K steps of Gibbs per update (same seed, same chains).
//
// The arithmetic has the model's precision: with m.Precision Float32 the
// chains are sampled under θ⁻ rounded to float32 (fl32(θ + θ_F), made
// afresh for each update), while θ_F is kept and updated in float64. An
// update costs K Gibbs steps of the chains, one more product for μ⁻, and
// two passes over the weights (θ⁻, then θ_F).
type RatesFPCD struct {
	rates *Rates
	step  float64
	decay float64
	k     int
	gibbs *Gibbs
	fastWeights
}

// NewRatesFPCD returns a rates-FPCD sampler with the rates r, fast step
// size ε_F = step ≥ 0, decay α = decay in [0, 1], k ≥ 1 Gibbs steps per
// update (k ≤ 0 means 1) and Gibbs draws seeded with seed. A nil r means
// zero rates: sample penalisation (NewPenalized).
func NewRatesFPCD(r *Rates, step, decay float64, k int, seed uint64) (*RatesFPCD, error) {
	if !(step >= 0) || math.IsInf(step, 0) {
		return nil, fmt.Errorf("mcmc: NewRatesFPCD: step must be finite and non-negative, got %v", step)
	}
	if !(decay >= 0 && decay <= 1) {
		return nil, fmt.Errorf("mcmc: NewRatesFPCD: decay must be in [0, 1], got %v", decay)
	}
	if r != nil && (r.W == nil || len(r.B) != r.W.RawMatrix().Rows || len(r.C) != r.W.RawMatrix().Cols) {
		return nil, errors.New("mcmc: NewRatesFPCD: rates have inconsistent shapes (make them with NewRates)")
	}
	if k <= 0 {
		k = 1
	}
	return &RatesFPCD{rates: r, step: step, decay: decay, k: k, gibbs: NewGibbs(seed)}, nil
}

// NewPenalized returns the sample penalisation sampler (SP): rates-FPCD
// with zero rates, which pushes the fast parameters away from every state
// visited. decay must be below 1.
func NewPenalized(step, decay float64, k int, seed uint64) (*RatesFPCD, error) {
	if !(decay < 1) {
		return nil, fmt.Errorf("mcmc: NewPenalized: decay must be below 1 (without decay the samples drift to uniform), got %v", decay)
	}
	s, err := NewRatesFPCD(nil, step, decay, k, seed)
	if err != nil {
		return nil, fmt.Errorf("mcmc: NewPenalized: %w", err)
	}
	return s, nil
}

// Fast returns the current fast parameters θ_F (nil before the first
// Sample), aliasing the sampler's.
func (s *RatesFPCD) Fast() *rbm.Binary { return s.fast }

// Reset sets the fast parameters back to 0.
func (s *RatesFPCD) Reset() { s.reset() }

// Sample runs steps rates-FPCD updates of c under m (see RatesFPCD). It
// returns an error if the rates' shape does not match m.
func (s *RatesFPCD) Sample(m *rbm.Binary, c *Chains, steps int) error {
	if s == nil || s.gibbs == nil {
		return errors.New("mcmc: RatesFPCD.Sample: sampler not made with NewRatesFPCD")
	}
	if err := checkFastSample("RatesFPCD", s.rates, m, c, steps); err != nil {
		return err
	}
	if steps == 0 {
		return nil
	}
	s.ensure(m.Visible(), m.Hidden())
	if m.Precision == rbm.Float32 {
		ratesFPCDSteps[float32](s, m, c, steps)
	} else {
		ratesFPCDSteps[float64](s, m, c, steps)
	}
	return nil
}

// ratesFPCDSteps runs steps updates of s in precision T.
func ratesFPCDSteps[T kern.Float](s *RatesFPCD, m *rbm.Binary, c *Chains, steps int) {
	src := streams(&s.gibbs.srcs, s.gibbs.seed, c.Len())
	wg := c.waiter()
	for t := 0; t < steps; t++ {
		l := negLayers(&s.fastWeights, neg[T](&s.fastWeights, m), c, false)
		gibbsSteps(wg, l, src, s.k, nil)
		hiddenHalf(wg, l, false, nil) // ph = μ⁻ = E[h | v⁻] under θ⁻
		storeLayers(c, l)
		s.update(s.rates, c.V, c.PH, s.step, s.decay)
	}
}

// checkFastSample returns the error of a call of name's Sample(m, c,
// steps), with rates (nil: zero), that cannot run: negative steps, chains
// that do not fit m, or rates of another shape than m.
func checkFastSample(name string, rates *Rates, m *rbm.Binary, c *Chains, steps int) error {
	if steps < 0 {
		return fmt.Errorf("mcmc: %s.Sample: negative number of steps %d", name, steps)
	}
	if err := checkModel(m, c); err != nil {
		return fmt.Errorf("mcmc: %s.Sample: %w", name, err)
	}
	if nv, nh := m.Visible(), m.Hidden(); rates != nil && (len(rates.B) != nv || len(rates.C) != nh) {
		return fmt.Errorf("mcmc: %s.Sample: rates are for %d×%d units, model has %d×%d", name, len(rates.B), len(rates.C), nv, nh)
	}
	return nil
}

// zeroModel sets every parameter of m to 0.
func zeroModel(m *rbm.Binary) {
	for _, p := range m.Params() {
		clear(p)
	}
}

var _ Sampler = (*RatesFPCD)(nil)
