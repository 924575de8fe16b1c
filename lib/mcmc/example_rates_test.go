package mcmc_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// ratesModel is a 3-2 binary RBM with weights of either sign and the four
// data rows that its rates are taken on.
func ratesModel() (*rbm.Binary, *mat.Dense) {
	m, _ := rbm.NewBinary(3, 2, nil)
	m.W = mat.NewDense(3, 2, []float64{1, -1, -0.5, 1, 0.5, 0.5})
	m.B = []float64{-0.2, 0.1, 0}
	m.C = []float64{0.3, -0.3}
	x := mat.NewDense(4, 3, []float64{1, 0, 1, 0, 1, 1, 1, 1, 0, 0, 0, 1})
	return m, x
}

// Herding (ε = 1, α = 1) is deterministic, and its fast parameters are the
// running sum of R − S: after T updates the mean visible state of one
// chain is R_b − θ_F,b/T exactly, and as θ_F stays bounded the mean
// approaches the rates R_b at the rate 1/T (moment matching).
func ExampleHerding() {
	m, x := ratesModel()
	r, _ := mcmc.NewRates(m, x)
	s, _ := mcmc.NewHerding(r, 1, 1, 10)
	c, _ := mcmc.NewChains(m, 1, nil)
	const T = 2000
	mean := make([]float64, 3)
	for u := 0; u < T; u++ {
		if err := s.Sample(m, c, 1); err != nil {
			fmt.Println(err)
			return
		}
		for i := range mean {
			mean[i] += c.V.At(0, i) / T
		}
	}
	exact, close := true, true
	for i := range mean {
		exact = exact && math.Abs(mean[i]-(r.B[i]-s.Fast().B[i]/T)) < 1e-12
		close = close && math.Abs(mean[i]-r.B[i]) < 0.01
	}
	fmt.Println("mean v = R_b − θ_F,b/T:", exact)
	fmt.Println("mean v within 0.01 of R_b after 2000 updates:", close)
	// Output:
	// mean v = R_b − θ_F,b/T: true
	// mean v within 0.01 of R_b after 2000 updates: true
}

// Rates-FPCD with a fast step ε_F = 0 is plain block Gibbs (K steps per
// update, the same seed, the same chains); with ε_F > 0 the fast
// parameters move toward the rates and away from the chains' statistics,
// and the chains leave the Gibbs path.
func ExampleRatesFPCD() {
	m, x := ratesModel()
	r, _ := mcmc.NewRates(m, x)
	run := func(s mcmc.Sampler) *mat.Dense {
		c, _ := mcmc.NewChainsFrom(m, x)
		for u := 0; u < 200; u++ {
			if err := s.Sample(m, c, 1); err != nil {
				panic(err)
			}
		}
		return c.V
	}
	still, _ := mcmc.NewRatesFPCD(r, 0, 1, 2, 5)
	gibbs := run(mcmc.Sampler(gibbsK{mcmc.NewGibbs(5), 2}))
	fmt.Println("ε_F = 0 gives block Gibbs's chains:", mat.Equal(run(still), gibbs))
	moving, _ := mcmc.NewRatesFPCD(r, 0.5, 1, 2, 5)
	fmt.Println("ε_F = 0.5 leaves them:", !mat.Equal(run(moving), gibbs))
	fmt.Println("fast weights:", moving.Fast().W.RawMatrix().Rows, "×", moving.Fast().W.RawMatrix().Cols)
	// Output:
	// ε_F = 0 gives block Gibbs's chains: true
	// ε_F = 0.5 leaves them: true
	// fast weights: 3 × 2
}

// gibbsK is block Gibbs with k steps per Sample step, the transition of
// one rates-FPCD update.
type gibbsK struct {
	g *mcmc.Gibbs
	k int
}

func (s gibbsK) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	return s.g.Sample(m, c, s.k*steps)
}

// A GRBM with W = 0 is a Gaussian N(μ, diag(σ²)) on the visible units
// whatever h is, so block Gibbs draws exact samples of it: over 2000
// chains the sample means and variances fall within 4 standard errors of
// μ and σ² (SE of the mean σ/√n, of the variance σ²√(2/(n−1))).
func ExampleGaussGibbs() {
	g, _ := rbm.NewGaussian(2, 3, nil)
	g.Mu = []float64{1, -2}
	g.LogVar = []float64{0, math.Log(4)} // σ² = 1 and 4
	const n = 2000
	c, _ := mcmc.NewGaussianChains(g, n, rand.New(rand.NewPCG(1, 2)))
	if err := mcmc.NewGaussGibbs(3).SampleGaussian(g, c, 5); err != nil {
		fmt.Println(err)
		return
	}
	for i := range g.Mu {
		col := mat.Col(nil, i, c.V)
		mean, vr := 0.0, 0.0
		for _, v := range col {
			mean += v / n
		}
		for _, v := range col {
			vr += (v - mean) * (v - mean) / (n - 1)
		}
		s2 := math.Exp(g.LogVar[i])
		fmt.Printf("unit %d: mean within 4 SE of %v: %v, variance within 4 SE of %v: %v\n", i, g.Mu[i],
			math.Abs(mean-g.Mu[i]) < 4*math.Sqrt(s2/n), s2, math.Abs(vr-s2) < 4*s2*math.Sqrt(2.0/(n-1)))
	}
	// Output:
	// unit 0: mean within 4 SE of 1: true, variance within 4 SE of 1: true
	// unit 1: mean within 4 SE of -2: true, variance within 4 SE of 4: true
}
