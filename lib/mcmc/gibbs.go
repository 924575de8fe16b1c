package mcmc

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Sampler advances every chain of c by steps transitions of its operator
// for the binary RBM m. Each transition updates the hidden layer given the
// current state, then the visible layer given the new hidden state, and
// leaves the probabilities it drew from in c.PH and c.PV.
//
// Sample returns an error, and leaves c unchanged, when m and c do not fit
// (shapes) or steps is negative; steps = 0 does nothing.
type Sampler interface {
	Sample(m *rbm.Binary, c *Chains, steps int) error
}

// Gibbs is the block Gibbs sampler: one transition draws
//
//	h ~ p(h | v) = ∏_j Bernoulli(σ(vᵀW_{·j} + c_j)),
//	v ~ p(v | h) = ∏_i Bernoulli(σ(W_{i·}h + b_i)).
//
// Its stationary distribution is the model's joint p(v, h). Make it with
// NewGibbs; the zero value is not usable.
type Gibbs struct {
	src *rand.PCG
}

// NewGibbs returns a block Gibbs sampler whose uniform draws come from a
// PCG source seeded with seed.
func NewGibbs(seed uint64) *Gibbs {
	return &Gibbs{src: rand.NewPCG(seed, 0x853c49e6748fea9b)}
}

// Sample advances every chain of c by steps block Gibbs transitions under
// m. If c was just clamped (Chains.Clamp), the first half-step reuses c.PH.
func (g *Gibbs) Sample(m *rbm.Binary, c *Chains, steps int) error {
	if g == nil || g.src == nil {
		return errors.New("mcmc: Gibbs.Sample: sampler not made with NewGibbs")
	}
	if steps < 0 {
		return fmt.Errorf("mcmc: Gibbs.Sample: negative number of steps %d", steps)
	}
	if err := checkModel(m, c); err != nil {
		return fmt.Errorf("mcmc: Gibbs.Sample: %w", err)
	}
	for s := 0; s < steps; s++ {
		if c.fresh {
			sampleFrom(c.PH, c.H, g.src)
			c.fresh = false
		} else {
			hidden(m, c.V, c.PH, c.H, g.src)
		}
		visible(m, c.H, c.PV, c.V, g.src)
	}
	return nil
}

// Run advances c by steps transitions of s in chunks of every steps (0: one
// chunk), calling observe (if non-nil) after each chunk with the number of
// steps done. It checks ctx between chunks and returns ctx.Err() wrapped
// when cancelled, or observe's error.
func Run(ctx context.Context, s Sampler, m *rbm.Binary, c *Chains, steps, every int, observe func(done int, c *Chains) error) error {
	if s == nil {
		return errors.New("mcmc: Run: nil sampler")
	}
	if steps < 0 {
		return fmt.Errorf("mcmc: Run: negative number of steps %d", steps)
	}
	if every <= 0 {
		every = max(steps, 1)
	}
	for done := 0; done < steps; {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("mcmc: Run: stopped after %d of %d steps: %w", done, steps, err)
		}
		k := min(every, steps-done)
		if err := s.Sample(m, c, k); err != nil {
			return fmt.Errorf("mcmc: Run: after %d steps: %w", done, err)
		}
		done += k
		if observe != nil {
			if err := observe(done, c); err != nil {
				return fmt.Errorf("mcmc: Run: observer after %d steps: %w", done, err)
			}
		}
	}
	return nil
}

// hidden writes p = σ(v·W + 1·cᵀ) and, if h is non-nil, h ~ Bernoulli(p).
func hidden(m *rbm.Binary, v, p, h *mat.Dense, src *rand.PCG) {
	w := m.W.RawMatrix()
	pr := p.RawMatrix()
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, v.RawMatrix(), w, 0, pr)
	if h == nil {
		sigmoidBias(pr, m.C)
		return
	}
	sigmoidBiasSample(pr, m.C, h.RawMatrix(), src)
}

// visible writes p = σ(h·Wᵀ + 1·bᵀ) and v ~ Bernoulli(p).
func visible(m *rbm.Binary, h, p, v *mat.Dense, src *rand.PCG) {
	w := m.W.RawMatrix()
	pr := p.RawMatrix()
	blas64.Gemm(blas.NoTrans, blas.Trans, 1, h.RawMatrix(), w, 0, pr)
	sigmoidBiasSample(pr, m.B, v.RawMatrix(), src)
}

// uniform returns a float64 uniform in [0, 1) from the top 53 bits of src.
func uniform(src *rand.PCG) float64 {
	return float64(src.Uint64()>>11) * 0x1p-53
}

// sigmoidBias replaces every p[i,j] by σ(p[i,j] + bias[j]).
func sigmoidBias(p blas64.General, bias []float64) {
	for i := 0; i < p.Rows; i++ {
		row := p.Data[i*p.Stride : i*p.Stride+p.Cols]
		bias := bias[:len(row)]
		for j, x := range row {
			row[j] = 1 / (1 + math.Exp(-(x + bias[j])))
		}
	}
}

// sigmoidBiasSample replaces every p[i,j] by σ(p[i,j] + bias[j]) and draws
// s[i,j] ~ Bernoulli(p[i,j]).
func sigmoidBiasSample(p blas64.General, bias []float64, s blas64.General, src *rand.PCG) {
	for i := 0; i < p.Rows; i++ {
		row := p.Data[i*p.Stride : i*p.Stride+p.Cols]
		out := s.Data[i*s.Stride : i*s.Stride+len(row)]
		bias := bias[:len(row)]
		for j, x := range row {
			// σ(x) = 1/(1+e^{-x}): e^{-x} overflows to +Inf for x < −709,
			// giving exactly 0, and underflows to 0 for large x, giving 1.
			q := 1 / (1 + math.Exp(-(x + bias[j])))
			row[j] = q
			if uniform(src) < q {
				out[j] = 1
			} else {
				out[j] = 0
			}
		}
	}
}

// sampleFrom draws s[i,j] ~ Bernoulli(p[i,j]).
func sampleFrom(p, s *mat.Dense, src *rand.PCG) {
	pr, sr := p.RawMatrix(), s.RawMatrix()
	for i := 0; i < pr.Rows; i++ {
		row := pr.Data[i*pr.Stride : i*pr.Stride+pr.Cols]
		out := sr.Data[i*sr.Stride : i*sr.Stride+sr.Cols]
		for j, q := range row {
			if uniform(src) < q {
				out[j] = 1
			} else {
				out[j] = 0
			}
		}
	}
}
