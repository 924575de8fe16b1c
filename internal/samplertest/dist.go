package samplertest

import (
	"fmt"
	"math"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Index returns the joint index of the state (v, h): Σ_i v_i 2^i +
// Σ_j h_j 2^{m+j}, with m = len(v).
func Index(v, h []float64) (int, error) {
	a, err := rbm.StateIndex(v)
	if err != nil {
		return 0, fmt.Errorf("samplertest: visible state: %w", err)
	}
	b, err := rbm.StateIndex(h)
	if err != nil {
		return 0, fmt.Errorf("samplertest: hidden state: %w", err)
	}
	return a | b<<len(v), nil
}

// Empirical returns the empirical joint distribution of the chains' states
// (V, H): the fraction of rows in each joint state.
func Empirical(c *mcmc.Chains) ([]float64, error) {
	_, nv := c.V.Dims()
	_, nh := c.H.Dims()
	p := make([]float64, 1<<(nv+nh))
	n := c.Len()
	for k := 0; k < n; k++ {
		s, err := Index(c.V.RawRowView(k), c.H.RawRowView(k))
		if err != nil {
			return nil, fmt.Errorf("samplertest: chain %d: %w", k, err)
		}
		p[s] += 1 / float64(n)
	}
	return p, nil
}

// Visible returns the visible marginal of the joint distribution p of a
// model with nv visible units: q(v) = Σ_h p(v, h).
func Visible(p []float64, nv int) []float64 {
	q := make([]float64, 1<<nv)
	for s, x := range p {
		q[s&(1<<nv-1)] += x
	}
	return q
}

// Point returns the distribution concentrated on the joint state (v, h).
func Point(v, h []float64) ([]float64, error) {
	s, err := Index(v, h)
	if err != nil {
		return nil, err
	}
	p := make([]float64, 1<<(len(v)+len(h)))
	p[s] = 1
	return p, nil
}

// Apply returns μP, the distribution after one transition P from μ.
func Apply(mu []float64, p *mat.Dense) []float64 {
	out := mat.NewVecDense(len(mu), nil)
	out.MulVec(p.T(), mat.NewVecDense(len(mu), append([]float64(nil), mu...)))
	return out.RawVector().Data
}

// TV returns the total variation distance ½ Σ_s |p_s − q_s|.
func TV(p, q []float64) float64 {
	var s float64
	for k := range p {
		s += math.Abs(p[k] - q[k])
	}
	return s / 2
}

// TVBound returns the tolerance on the total variation distance between p
// and the empirical distribution of n independent draws from p (or of n
// independent draws from distributions whose mean is p, e.g. chains
// started at several data points: the variance of each frequency is then
// at most that of n draws from p, Σ_r p_r(1−p_r) ≤ n·p̄(1−p̄) by
// concavity).
//
// Derivation: each empirical frequency p̂_s has standard deviation
// σ_s = sqrt(p_s(1−p_s)/n) and, by the central limit theorem,
// E|p̂_s − p_s| ≈ sqrt(2/π)σ_s, so E[TV] = ½Σ E|p̂_s − p_s| ≈ 0.80·½Σσ_s
// (and E[TV] ≤ ½Σσ_s exactly, by Jensen). Each |p̂_s − p_s| has standard
// deviation sqrt(1 − 2/π)σ_s ≈ 0.60σ_s, and the standard deviation of a
// sum is at most the sum of the standard deviations, so
// sd(TV) ≤ 0.60·½Σσ_s. E[TV] + 4·sd(TV) ≤ (0.80 + 2.41)·½Σσ_s: the bound
// 3.2·½Σσ_s, which a correct sampler exceeds with probability below about
// 1e-4 (the same rule as the tests of package mcmc, tvTolerance).
func TVBound(p []float64, n int) float64 {
	var s float64
	for _, q := range p {
		s += math.Sqrt(q * (1 - q) / float64(n))
	}
	return 3.2 * 0.5 * s
}

// Dobrushin returns the Dobrushin contraction coefficient of the
// transition matrix P, δ(P) = max_{s,t} TV(P_{s·}, P_{t·}): for any
// distributions μ, ν, TV(μP, νP) ≤ δ(P)·TV(μ, ν), so a chain with
// stationary π started anywhere is within δ(P)^k of π after k steps.
func Dobrushin(p *mat.Dense) float64 {
	n, _ := p.Dims()
	var d float64
	for s := 0; s < n; s++ {
		for t := s + 1; t < n; t++ {
			d = math.Max(d, TV(p.RawRowView(s), p.RawRowView(t)))
		}
	}
	return d
}

// ProductDobrushin returns 1 − ∏_i (1 − δ_i), a bound on the Dobrushin
// coefficient of the product kernel ⊗_i P_i of independent moves with
// coefficients δ_i: couple every coordinate maximally and independently;
// all of them meet with probability at least ∏_i (1 − δ_i). A further
// Markov move after it (the swaps of parallel tempering) has coefficient
// at most 1, so it bounds one transition of Tempered too.
func ProductDobrushin(ds ...float64) float64 {
	q := 1.0
	for _, d := range ds {
		q *= 1 - d
	}
	return 1 - q
}

// Moments returns, for the joint distribution mu of a model m, the mean
// and the variance under mu of the negative statistics of a binary-RBM
// gradient, f(v) = (v_i·p(h_j=1|v), v_i, p(h_j=1|v)), in the order and
// shapes of the model's parameters (learn.Grad's Parts: W row-major, then
// b, then c). Its means are E_mu[f], the negative phase that CD-k
// estimates when mu is the law of its chains after k steps.
func Moments(m *rbm.Binary, mu []float64) (mean, variance [][]float64) {
	nv, nh := m.Visible(), m.Hidden()
	mean = [][]float64{make([]float64, nv*nh), make([]float64, nv), make([]float64, nh)}
	sq := [][]float64{make([]float64, nv*nh), make([]float64, nv), make([]float64, nh)}
	v := make([]float64, nv)
	ph := mat.NewDense(1, nh, nil)
	f := [][]float64{make([]float64, nv*nh), v, ph.RawRowView(0)}
	for s, p := range mu {
		if p == 0 {
			continue
		}
		rbm.FillState(v, s&(1<<nv-1))
		m.HiddenProb(ph, mat.NewDense(1, nv, v))
		for i := 0; i < nv; i++ {
			for j := 0; j < nh; j++ {
				f[0][i*nh+j] = v[i] * f[2][j]
			}
		}
		for k := range f {
			for i, x := range f[k] {
				mean[k][i] += p * x
				sq[k][i] += p * x * x
			}
		}
	}
	variance = make([][]float64, 3)
	for k := range mean {
		variance[k] = make([]float64, len(mean[k]))
		for i, x := range mean[k] {
			variance[k][i] = math.Max(sq[k][i]-x*x, 0)
		}
	}
	return mean, variance
}

// Batch returns the n×m batch whose row r is patterns[r mod len(patterns)].
func Batch(patterns [][]float64, n int) *mat.Dense {
	b := mat.NewDense(n, len(patterns[0]), nil)
	for r := 0; r < n; r++ {
		b.SetRow(r, patterns[r%len(patterns)])
	}
	return b
}

// DataStart returns the joint law of chains started at the rows of
// Batch(patterns, n) for n a multiple of len(patterns), with hidden states
// 0 (as NewChains(m, n, nil) and NewChainsFrom leave them): the uniform
// mixture of the points (v_p, 0).
func DataStart(patterns [][]float64, nh int) ([]float64, error) {
	var mu []float64
	for _, v := range patterns {
		p, err := Point(v, make([]float64, nh))
		if err != nil {
			return nil, err
		}
		if mu == nil {
			mu = make([]float64, len(p))
		}
		for s, x := range p {
			mu[s] += x / float64(len(patterns))
		}
	}
	return mu, nil
}

// Uniform returns the uniform distribution on the 2^units states, the law
// of chains started by NewChains with a random source (every unit
// Bernoulli(½)).
func Uniform(units int) []float64 {
	p := make([]float64, 1<<units)
	for s := range p {
		p[s] = 1 / float64(len(p))
	}
	return p
}

// Patterns are the data of the external tests of mcmc and learn: a batch
// (Batch) has each of them n/4 times.
var Patterns = [][]float64{{1, 1, 0}, {0, 1, 1}, {1, 0, 1}, {0, 0, 0}}

// Tiny returns the 3×2 RBM of the external tests of mcmc and learn:
// weights N(0, 1.5²) and uneven biases, so that p(v, h) is far from
// uniform and one block Gibbs step from data is far from p(v) (the stale
// draw of issue 23 is at TV 0.16 from the correct one for Metropolis,
// 0.07 for random scan).
func Tiny(t testing.TB) *rbm.Binary {
	t.Helper()
	m, err := rbm.NewBinary(3, 2, &rbm.Init{WeightStd: 1.5, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	copy(m.B, []float64{0.5, -0.8, 0.3})
	copy(m.C, []float64{-0.4, 0.6})
	return m
}
