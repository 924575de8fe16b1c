package samplertest

import (
	"fmt"
	"math"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Composite is one way of composing a user's sampler with the samplers of
// package mcmc, with what is known exactly about it on a model: S is the
// sampler under test and Lib a sampler of package mcmc in it (used to
// start chains at data through mcmc.SampleFrom). Either Step, the exact
// transition matrix of one step of S (and LibStep of Lib), is known, or
// Contraction, a bound on the Dobrushin coefficient of one step of S from
// any start (parallel tempering, whose replicas make the state space too
// large to enumerate here). Steps is a number of steps after which the
// chains are within 0.005 of p(v, h) from any start.
type Composite struct {
	Name          string
	S, Lib        mcmc.Sampler
	Step, LibStep *mat.Dense
	Contraction   float64
	Steps         int
}

// Law returns the exact law after k steps of S from mu0, or nil if Step
// is not known.
func (c Composite) Law(mu0 []float64, k int) []float64 {
	if c.Step == nil {
		return nil
	}
	return Apply(mu0, Power(c.Step, k))
}

// Bias returns a bound on the distance to p(v, h) after k steps from any
// start: δ(P^k) computed exactly where Step is known, Contraction^k
// otherwise.
func (c Composite) Bias(k int) float64 {
	if c.Step != nil {
		return Dobrushin(Power(c.Step, k))
	}
	return math.Pow(c.Contraction, float64(k))
}

// Composites returns the compositions of a user's sampler (a fresh one
// from mk, seeded differently, for each) on m that the external tests
// run:
//
//   - "alone": the user's sampler by itself;
//   - "then-gibbs", "then-flip", "then-tempered": two steps of it, then one
//     step of mcmc.Gibbs, mcmc.Flip (α = 1) or mcmc.Tempered over Gibbs (3
//     base steps, β = 1, ½, 0);
//   - "tempered-over": mcmc.Tempered with the user's sampler as its base
//     (3 base steps, β = 1, ½).
//
// mk's samplers must have a method Transition(*rbm.Binary) (*mat.Dense,
// error), as Metropolis and RandomScan do. For Tempered the contraction
// bound is ProductDobrushin of the replicas' kernels: (P_u²·P_{G,1}³) ⊗
// P_{G,½}³ ⊗ P_{G,0}³ after two user steps, P_{u,1}³ ⊗ P_{u,½}³ over the
// user's sampler, each followed by the swaps (coefficient ≤ 1).
func Composites(m *rbm.Binary, mk func(seed uint64) mcmc.Sampler) ([]Composite, error) {
	trans := func(s mcmc.Sampler, m *rbm.Binary) (*mat.Dense, error) {
		k, ok := s.(interface {
			Transition(*rbm.Binary) (*mat.Dense, error)
		})
		if !ok {
			return nil, fmt.Errorf("samplertest: %T has no exact transition matrix", s)
		}
		return k.Transition(m)
	}
	pu, err := trans(mk(0), m)
	if err != nil {
		return nil, err
	}
	pg, err := mcmc.TransitionMatrix(m, 0)
	if err != nil {
		return nil, err
	}
	pf, err := mcmc.TransitionMatrix(m, 1)
	if err != nil {
		return nil, err
	}
	flip, err := mcmc.NewFlip(1, 11)
	if err != nil {
		return nil, err
	}
	ptg, err := mcmc.NewTempered(mcmc.NewGibbs(12), []float64{1, 0.5, 0}, 3, 13)
	if err != nil {
		return nil, err
	}
	ptu, err := mcmc.NewTempered(mk(14), []float64{1, 0.5}, 3, 15)
	if err != nil {
		return nil, err
	}
	pu2 := Power(pu, 2)
	gibbs3 := func(beta float64) (float64, error) {
		p, err := mcmc.TransitionMatrix(Scaled(m, beta), 0)
		if err != nil {
			return 0, err
		}
		return Dobrushin(Power(p, 3)), nil
	}
	user3 := func(beta float64) (float64, error) {
		p, err := trans(mk(0), Scaled(m, beta))
		if err != nil {
			return 0, err
		}
		return Dobrushin(Power(p, 3)), nil
	}
	g5, err := gibbs3(0.5)
	if err != nil {
		return nil, err
	}
	g0, err := gibbs3(0)
	if err != nil {
		return nil, err
	}
	u1, err := user3(1)
	if err != nil {
		return nil, err
	}
	u5, err := user3(0.5)
	if err != nil {
		return nil, err
	}
	g := mcmc.NewGibbs(10)
	cs := []Composite{
		{Name: "alone", S: mk(1), Lib: g, Step: pu, LibStep: pg},
		{Name: "then-gibbs", S: Then{First: mk(2), K: 2, Next: g}, Lib: g, Step: Mul(pu2, pg), LibStep: pg},
		{Name: "then-flip", S: Then{First: mk(3), K: 2, Next: flip}, Lib: flip, Step: Mul(pu2, pf), LibStep: pf},
		{Name: "then-tempered", S: Then{First: mk(4), K: 2, Next: ptg}, Lib: ptg,
			Contraction: ProductDobrushin(Dobrushin(Mul(pu2, Power(pg, 3))), g5, g0)},
		{Name: "tempered-over", S: ptu, Lib: ptu, Contraction: ProductDobrushin(u1, u5)},
	}
	for i := range cs {
		for cs[i].Steps = 1; cs[i].Bias(cs[i].Steps) > 0.005; cs[i].Steps++ {
			if cs[i].Steps == 200 {
				return nil, fmt.Errorf("samplertest: %s does not come within 0.005 of p(v, h) in 200 steps", cs[i].Name)
			}
		}
	}
	return cs, nil
}

// EachComposite calls f with every composition (Composites) of each user
// sampler (Users) on m, named "user/composition".
func EachComposite(t testing.TB, m *rbm.Binary, f func(name string, c Composite)) {
	t.Helper()
	for uname, mk := range Users() {
		comps, err := Composites(m, mk)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range comps {
			f(uname+"/"+c.Name, c)
		}
	}
}
