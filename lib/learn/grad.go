package learn

import (
	"errors"
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/internal/params32"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// Grad is a gradient (or any update direction) of a model's parameters:
// Parts[k] has the length of m.Params()[k], in the same order (weights
// first, then the biases).
type Grad struct {
	Parts [][]float64
}

// NewGrad returns a zero gradient with the shapes of m.Params().
func NewGrad(m rbm.Model) *Grad {
	p := m.Params()
	g := &Grad{Parts: make([][]float64, len(p))}
	for k := range p {
		g.Parts[k] = make([]float64, len(p[k]))
	}
	return g
}

// Fits returns an error if g does not have the shapes of m.Params().
func (g *Grad) Fits(m rbm.Model) error {
	if g == nil {
		return errors.New("nil gradient")
	}
	return g.fits(m.Params())
}

// fits is Fits on the parameter slices p.
func (g *Grad) fits(p [][]float64) error {
	if len(p) != len(g.Parts) {
		return fmt.Errorf("gradient has %d parts, model has %d parameter slices", len(g.Parts), len(p))
	}
	for k := range p {
		if len(p[k]) != len(g.Parts[k]) {
			return fmt.Errorf("gradient part %d has length %d, parameter slice %d has %d", k, len(g.Parts[k]), k, len(p[k]))
		}
	}
	return nil
}

// Zero sets every element of g to 0.
func (g *Grad) Zero() {
	for _, p := range g.Parts {
		clear(p)
	}
}

// Norm returns the Euclidean norm of g over all parts, sqrt(Σ_k Σ_i g_ki²).
func (g *Grad) Norm() float64 {
	var s float64
	for _, p := range g.Parts {
		for _, x := range p {
			s += x * x
		}
	}
	return math.Sqrt(s)
}

// Optimizer applies an ascent step along a gradient to a model's
// parameters (Model.Params), in place. Train sets the learning rate of its
// SGD before every update; a learner's Update may be given any [Optimizer],
// one written outside this package included.
//
// Step reads g and must neither modify it nor keep it after it returns:
// the Grad is the learner's, which reads it again after Step (FPCD's fast
// parameters take their step θ_F ← Decay·θ_F + ε_F g from it, in the pass
// of the next update) and overwrites it at the next update. Step must
// fetch m.Params() at every call, as SGD does, rather than keep the
// slices: a model may replace its storage between steps.
type Optimizer interface {
	Step(m rbm.Model, g *Grad) error
}

// SGD is stochastic gradient ascent with momentum, weight decay and an L1
// penalty. For every parameter slice θ_k with gradient g_k it keeps a
// velocity Δ_k (starting at 0) and makes the step
//
//	Δ_k ← Momentum·Δ_k + Rate·(g_k − WeightDecay·θ_k),  θ_k ← θ_k + Δ_k,
//
// where the weight-decay term applies to the weights only (k = 0, the first
// slice of Params); biases are not decayed. With L1 = λ₁ > 0 each weight
// then takes the proximal step of the penalty λ₁|w| (soft thresholding),
//
//	w ← sign(w)·max(|w| − Rate·λ₁, 0),
//
// so that, away from 0, the step ascends the penalised objective
//
//	ℓ(θ) − λ₁ Σ_ij |W_ij| − (WeightDecay/2) Σ_ij W_ij²
//
// (the weights move by Rate·(g − WeightDecay·W − λ₁ sign(W)) without
// momentum), while a weight that the step would carry across 0 stops at
// exactly 0, and a weight at 0 stays there as long as its step is at most
// Rate·λ₁ in size (|g| ≤ λ₁ without momentum): weights become exactly
// sparse instead of oscillating around 0 as with the subgradient. The
// penalty acts on the weights, not on the velocity. The zero value is a
// plain step with rate 0; set Rate. Step does not allocate after its
// first call.
type SGD struct {
	// Rate is the learning rate ε.
	Rate float64
	// Momentum is the momentum coefficient in [0, 1); 0 gives plain SGD.
	Momentum float64
	// WeightDecay is the L2 penalty coefficient λ on the weights; 0 none.
	WeightDecay float64
	// L1 is the L1 penalty coefficient λ₁ on the weights, applied by soft
	// thresholding after each step; 0 none.
	L1 float64

	vel  [][]float64
	pbuf [][]float64
}

// Step applies one ascent step along g to m's parameters. For an
// *rbm.Binary of precision Float32 it also writes the model's float32 copy
// of its parameters, fl32 of each new value, in the same pass (see
// rbm.Precision), so that the next sampling call finds it current.
func (o *SGD) Step(m rbm.Model, g *Grad) error { return o.step(m, g, nil) }

// stepIn makes opt's step along g; w32, when not nil, is the weight
// gradient still in float32 (binaryGradIn with lazyW, only when opt is an
// *SGD), which SGD reads instead of g.Parts[0], unwritten.
func stepIn(opt Optimizer, m rbm.Model, g *Grad, w32 []float32) error {
	if w32 != nil {
		return opt.(*SGD).step(m, g, w32)
	}
	return opt.Step(m, g)
}

// step is Step, reading the weight gradient from w32 when it is not nil.
func (o *SGD) step(m rbm.Model, g *Grad, w32 []float32) error {
	if m == nil {
		return errors.New("learn: SGD.Step: nil model")
	}
	if g == nil {
		return errors.New("learn: SGD.Step: nil gradient")
	}
	o.pbuf = params(m, o.pbuf)
	p := o.pbuf
	if err := g.fits(p); err != nil {
		return fmt.Errorf("learn: SGD.Step: %w", err)
	}
	var p32 *params32.Params
	if b, ok := m.(*rbm.Binary); ok {
		p32 = params32.Of(b) // nil unless b is Float32
		if p32 != nil {
			defer params32.Wrote(b) // its transpose is stale once W is written
		}
	}
	if o.Momentum == 0 {
		o.vel = nil
	} else if len(o.vel) != len(p) {
		o.vel = make([][]float64, len(p))
	}
	for k, th := range p {
		var v []float64
		if o.Momentum != 0 {
			if len(o.vel[k]) != len(th) {
				o.vel[k] = make([]float64, len(th))
			}
			v = o.vel[k]
		}
		wd := 0.0
		if k == 0 {
			wd = o.WeightDecay
		}
		var t32 []float32
		if p32 != nil {
			t32 = [][]float32{p32.W.Data, p32.B, p32.C}[k][:len(th)]
		}
		if k == 0 && o.L1 != 0 {
			if w32 != nil {
				stepPart(o, th, v, w32, nil, wd)
			} else {
				stepPart(o, th, v, g.Parts[k], nil, wd)
			}
			softThreshold(th, o.Rate*o.L1)
			if t32 != nil {
				kern.Convert(t32, th)
			}
			continue
		}
		if k == 0 && w32 != nil {
			stepPart(o, th, v, w32, t32, wd)
			continue
		}
		stepPart(o, th, v, g.Parts[k], t32, wd)
	}
	return nil
}

// stepPart makes o's step of one parameter slice th with gradient gk (of
// either precision, the step in float64) and velocity v (nil: no
// momentum) and weight decay wd, writing t32_i = fl32(θ_i) of the new
// values when t32 is not nil.
func stepPart[G kern.Float](o *SGD, th, v []float64, gk []G, t32 []float32, wd float64) {
	gk = gk[:len(th)]
	rate, mom := o.Rate, o.Momentum
	switch {
	case v == nil && t32 == nil:
		for i := range th {
			th[i] += rate * (float64(gk[i]) - wd*th[i])
		}
	case v == nil:
		for i := range th {
			x := th[i] + rate*(float64(gk[i])-wd*th[i])
			th[i], t32[i] = x, float32(x)
		}
	default:
		// One fused pass (AVX2 where the processor has it): the
		// velocity, the parameters and their float32 copy.
		kern.Momentum(th, v, gk, t32, rate, mom, wd)
	}
}

// softThreshold replaces every x of th by sign(x)·max(|x| − t, 0), the
// proximal step of t|x|.
func softThreshold(th []float64, t float64) {
	for i, x := range th {
		switch {
		case x > t:
			th[i] = x - t
		case x < -t:
			th[i] = x + t
		default:
			th[i] = 0
		}
	}
}

// Reset forgets the velocity (e.g. before training another model).
func (o *SGD) Reset() { o.vel = nil }

// params returns m.Params(), without allocating for [*rbm.Binary] and
// [*rbm.Gaussian]: their slices are appended to buf[:0], in Params' order.
func params(m rbm.Model, buf [][]float64) [][]float64 {
	switch t := m.(type) {
	case *rbm.Binary:
		return append(buf[:0], t.W.RawMatrix().Data, t.B, t.C)
	case *rbm.Gaussian:
		return append(buf[:0], t.W.RawMatrix().Data, t.C, t.Mu, t.LogVar)
	}
	return m.Params()
}
