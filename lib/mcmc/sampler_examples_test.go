package mcmc_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Sample with flip-the-state (α = 1) from a model whose visible units
// prefer to be on, and compare the mean visible state with σ(3).
func ExampleFlip() {
	m, _ := rbm.NewBinary(4, 2, nil)
	for i := range m.B {
		m.B[i] = 3
	}
	c, _ := mcmc.NewChains(m, 1000, rand.New(rand.NewPCG(1, 2)))
	f, err := mcmc.NewFlip(1, 7)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := f.Sample(m, c, 20); err != nil {
		fmt.Println(err)
		return
	}
	frac := mat.Sum(c.V) / 4000
	fmt.Println("within 0.02 of σ(3) = 0.953:", math.Abs(frac-rbm.Sigmoid(3)) < 0.02)
	// Output:
	// within 0.02 of σ(3) = 0.953: true
}

// Compare the second largest eigenvalue modulus of block Gibbs (α = 0) and
// flip-the-state (α = 1) on a 2×2 RBM with strong weights: the smaller
// SLEM mixes faster.
func ExampleSLEM() {
	m, _ := rbm.NewBinary(2, 2, nil)
	m.W = mat.NewDense(2, 2, []float64{4, -3, -2, 5})
	for _, alpha := range []float64{0, 1} {
		p, err := mcmc.TransitionMatrix(m, alpha)
		if err != nil {
			fmt.Println(err)
			return
		}
		s, err := mcmc.SLEM(p)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("alpha %v: SLEM %.3f\n", alpha, s)
	}
	// Output:
	// alpha 0: SLEM 0.820
	// alpha 1: SLEM 0.769
}

// Parallel tempering over block Gibbs with 5 uniformly spaced inverse
// temperatures; the β = 1 chains are the ones passed in.
func ExampleTempered() {
	m, _ := rbm.NewBinary(4, 4, &rbm.Init{WeightStd: 2, Seed: 1})
	betas, _ := mcmc.UniformBetas(5)
	pt, err := mcmc.NewTempered(mcmc.NewGibbs(1), betas, 1, 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	c, _ := mcmc.NewChains(m, 100, rand.New(rand.NewPCG(3, 4)))
	if err := pt.Sample(m, c, 50); err != nil {
		fmt.Println(err)
		return
	}
	proposed, _ := pt.Swaps()
	fmt.Println("betas:", pt.Betas())
	fmt.Println("swaps proposed per pair:", proposed)
	// Output:
	// betas: [1 0.75 0.5 0.25 0]
	// swaps proposed per pair: [5000 5000 5000 5000]
}

// Estimate the integrated autocorrelation time of an AR(1) trace with
// coefficient ½, whose true value is (1+½)/(1−½) = 3.
func ExampleFitAR() {
	rng := rand.New(rand.NewPCG(1, 1))
	x := make([]float64, 50000)
	for t := 1; t < len(x); t++ {
		x[t] = 0.5*x[t-1] + rng.NormFloat64()
	}
	fit, err := mcmc.FitAR(x, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	tau, _, err := mcmc.WindowTau(x, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("AR order:", fit.Order)
	fmt.Println("AR τ within 0.2 of 3:", math.Abs(fit.Tau-3) < 0.2)
	fmt.Println("windowed τ within 0.3 of 3:", math.Abs(tau-3) < 0.3)
	// Output:
	// AR order: 1
	// AR τ within 0.2 of 3: true
	// windowed τ within 0.3 of 3: true
}

// Assign samples to the nearest of two modes, count class changes along
// the sequence and the time of the first change; the tied sample (equally
// far from both modes) is discarded.
func ExampleClasses() {
	modes := mat.NewDense(2, 4, []float64{0, 0, 0, 0, 1, 1, 1, 1})
	seq := mat.NewDense(5, 4, []float64{
		0, 0, 0, 1,
		0, 0, 1, 1, // tie
		1, 1, 1, 0,
		1, 1, 1, 1,
		0, 0, 0, 0,
	})
	classes, err := mcmc.Classes(nil, seq, modes)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("classes:", classes)
	fmt.Println("changes:", mcmc.ClassChanges(classes))
	fmt.Println("first change at:", mcmc.FirstChange(classes))
	// Output:
	// classes: [0 -1 1 1 0]
	// changes: 2
	// first change at: 2
}

// The indirect sampling likelihood of samples that cover the test set
// reaches the best mean log-likelihood of N distinct points, −log N.
func ExampleISL() {
	test := mat.NewDense(4, 6, []float64{
		1, 1, 1, 0, 0, 0,
		0, 0, 0, 1, 1, 1,
		1, 0, 1, 0, 1, 0,
		0, 1, 0, 1, 0, 1,
	})
	curve, err := mcmc.ISL(context.Background(), test, test, test, &mcmc.ISLSettings{Binary: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, n := range curve.Sizes {
		fmt.Printf("N = %d: ISL %.3f (β = %v)\n", n, curve.LogLik[i], curve.Width[i])
	}
	fmt.Printf("−log 4 = %.3f\n", -math.Log(4))
	// Output:
	// N = 1: ISL -4.189 (β = 0.55)
	// N = 2: ISL -3.388 (β = 0.85)
	// N = 4: ISL -1.392 (β = 0.999)
	// −log 4 = -1.386
}
