package mcmc_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/samplertest"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// These tests compose samplers written outside package mcmc
// (samplertest.Metropolis, single-site Metropolis, and
// samplertest.RandomScan, random-scan Gibbs: both read and write V and H
// only, as the Sampler contract allows) with the package's own, from
// outside it, and compare where the chains end with exact distributions
// computed by enumeration on a 3×2 RBM (32 joint states, 8 visible).

// transition returns the exact transition matrix of a sampler of
// samplertest.
func transition(t *testing.T, s mcmc.Sampler, m *rbm.Binary) *mat.Dense {
	t.Helper()
	k, ok := s.(interface {
		Transition(*rbm.Binary) (*mat.Dense, error)
	})
	if !ok {
		t.Fatalf("%T has no exact transition matrix", s)
	}
	p, err := k.Transition(m)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestUserSamplersStationary runs every composition of
// samplertest.Composites (the user's sampler alone; two steps of it then
// one of Gibbs, Flip or Tempered over Gibbs; Tempered over it) with each
// user sampler on n = 10000 independent chains from four starts, and
// checks the final states against the exact joint p(v, h) and marginal
// p(v) (rbm.Binary.ExactJointDist, enumeration):
//
//   - random: chains from NewChains with a random source (every unit
//     Bernoulli(½)), then Sample;
//   - from-data: SampleFrom(s, …) from the four samplertest.Patterns (hidden states 0),
//     which also returns p0 = p(h|v) of the samplertest.Patterns, checked against
//     rbm.Binary.HiddenProb to 1e-12;
//   - library-first: SampleFrom(lib, …, 1 step) from the samplertest.Patterns, then
//     Sample of s: the package's sampler first (the saving of SampleFrom),
//     the user's code next, the package's again after it;
//   - hiddenprob-first: SetVisible(samplertest.Patterns) and HiddenProb, which leave
//     PH = p(h|v) of the samplertest.Patterns as the old Chains.Clamp did, then Sample
//     of s: where issue 23's stale draw happened.
//
// Tolerance: the final states of independent chains are n independent
// draws, so the empirical distribution is within samplertest.TVBound of
// the chains' exact law μ (3.2·½Σ_s sqrt(μ_s(1−μ_s)/n): about 1e-4 to be
// exceeded); μ is within bias of p after the steps (bias ≤ 0.005 by the
// choice of steps: computed exactly as TV(μ, p) where the step's matrix is
// known, μ = μ₀P^steps, and bounded by contraction^steps otherwise), so
// TV(empirical, p) ≤ TVBound(p, n) + bias. Where μ is known the test also
// checks TV(empirical, μ) ≤ TVBound(μ, n), which sees the transient too.
func TestUserSamplersStationary(t *testing.T) {
	m := samplertest.Tiny(t)
	joint, err := m.ExactJointDist()
	if err != nil {
		t.Fatal(err)
	}
	pv := samplertest.Visible(joint, 3)
	const n = 10000
	data := samplertest.Batch(samplertest.Patterns, n)
	fromData, err := samplertest.DataStart(samplertest.Patterns, 2)
	if err != nil {
		t.Fatal(err)
	}
	var wantP0 mat.Dense
	m.HiddenProb(&wantP0, data)
	samplertest.EachComposite(t, m, func(name string, comp samplertest.Composite) {
		for _, start := range []string{"random", "from-data", "library-first", "hiddenprob-first"} {
			name := fmt.Sprintf("%s/%s", name, start)
			var c *mcmc.Chains
			var mu0 []float64 // law of the states s starts from; nil: unknown
			switch start {
			case "random":
				c, _ = mcmc.NewChains(m, n, rand.New(rand.NewPCG(21, 22)))
				mu0 = samplertest.Uniform(5)
				if err := comp.S.Sample(m, c, comp.Steps); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			case "from-data":
				c, _ = mcmc.NewChains(m, n, nil)
				mu0 = fromData
				var p0 mat.Dense
				if err := mcmc.SampleFrom(comp.S, m, c, data, comp.Steps, &p0); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if !mat.EqualApprox(&p0, &wantP0, 1e-12) {
					t.Errorf("%s: p0 is not p(h|v) of the data", name)
				}
			case "library-first":
				c, _ = mcmc.NewChains(m, n, nil)
				var p0 mat.Dense
				if err := mcmc.SampleFrom(comp.Lib, m, c, data, 1, &p0); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if !mat.EqualApprox(&p0, &wantP0, 1e-12) {
					t.Errorf("%s: p0 is not p(h|v) of the data", name)
				}
				if comp.LibStep != nil {
					mu0 = samplertest.Apply(fromData, comp.LibStep)
				}
				if err := comp.S.Sample(m, c, comp.Steps); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			case "hiddenprob-first":
				c, _ = mcmc.NewChains(m, n, nil)
				mu0 = fromData
				if err := c.SetVisible(data); err != nil {
					t.Fatal(err)
				}
				if err := c.HiddenProb(m); err != nil {
					t.Fatal(err)
				}
				if err := comp.S.Sample(m, c, comp.Steps); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
			emp, err := samplertest.Empirical(c)
			if err != nil {
				t.Fatal(err)
			}
			bias := comp.Bias(comp.Steps)
			if mu := comp.Law(mu0, comp.Steps); mu != nil && mu0 != nil {
				bias = samplertest.TV(mu, joint)
				if d, tol := samplertest.TV(emp, mu), samplertest.TVBound(mu, n); d > tol {
					t.Errorf("%s: TV to the exact law after %d steps %.4f > %.4f", name, comp.Steps, d, tol)
				}
			}
			if bias > 0.005 {
				t.Fatalf("%s: %d steps leave the chains up to %.4f from p: test set-up too weak", name, comp.Steps, bias)
			}
			dj, tj := samplertest.TV(emp, joint), samplertest.TVBound(joint, n)+bias
			dv, tv := samplertest.TV(samplertest.Visible(emp, 3), pv), samplertest.TVBound(pv, n)+bias
			if dj > tj || dv > tv {
				t.Errorf("%s: TV to p(v,h) %.4f (tolerance %.4f), to p(v) %.4f (tolerance %.4f)", name, dj, tj, dv, tv)
			}
		}
	})
}

// TestUserSamplerThenGibbsNotStale is issue 23's case in package mcmc:
// chains set to data with PH = p(h|v) of the data (HiddenProb; the old
// Chains.Clamp left the same PH and marked it for reuse), then k sweeps of
// a user's sampler, then one Gibbs step. The visible states must follow
// the exact law of that path, μ₀·P_u^k·P_G (not the stale μ₀·P_G, which
// ignores the user's sweeps: Gibbs drew h from the data's p(h|v)). The
// tolerance is samplertest.TVBound over n = 20000 independent chains; the
// test asserts that the stale law lies beyond it (power), by a factor of
// 2.
func TestUserSamplerThenGibbsNotStale(t *testing.T) {
	m := samplertest.Tiny(t)
	const n = 20000
	data := samplertest.Batch(samplertest.Patterns, n)
	mu0, err := samplertest.DataStart(samplertest.Patterns, 2)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := mcmc.TransitionMatrix(m, 0)
	if err != nil {
		t.Fatal(err)
	}
	for uname, mk := range samplertest.Users() {
		for _, k := range []int{1, 3} {
			u := mk(31)
			want := samplertest.Visible(samplertest.Apply(mu0, samplertest.Mul(samplertest.Power(transition(t, u, m), k), pg)), 3)
			stale := samplertest.Visible(samplertest.Apply(mu0, pg), 3)
			tol := samplertest.TVBound(want, n)
			if samplertest.TV(want, stale) < 2*tol {
				t.Fatalf("%s, k = %d: the stale law is only %.4f from the right one (tolerance %.4f): no power", uname, k, samplertest.TV(want, stale), tol)
			}
			c, _ := mcmc.NewChains(m, n, nil)
			if err := c.SetVisible(data); err != nil {
				t.Fatal(err)
			}
			if err := c.HiddenProb(m); err != nil {
				t.Fatal(err)
			}
			if err := u.Sample(m, c, k); err != nil {
				t.Fatal(err)
			}
			if err := mcmc.NewGibbs(32).Sample(m, c, 1); err != nil {
				t.Fatal(err)
			}
			emp, err := samplertest.Empirical(c)
			if err != nil {
				t.Fatal(err)
			}
			ev := samplertest.Visible(emp, 3)
			t.Logf("%s, k = %d: TV to the exact law %.4f, to the stale law %.4f (exact laws %.4f apart; tolerance %.4f)", uname, k, samplertest.TV(ev, want), samplertest.TV(ev, stale), samplertest.TV(want, stale), tol)
			if d := samplertest.TV(ev, want); d > tol {
				t.Errorf("%s, k = %d: TV to the exact law %.4f > %.4f (to the stale law: %.4f)", uname, k, d, tol, samplertest.TV(ev, stale))
			}
		}
	}
}
