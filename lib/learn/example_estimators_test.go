package learn_test

import (
	"context"
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// trainBAS trains a 9-16 RBM, started at small random weights (σ = 0.01,
// zero biases), on 3×3 Bars and Stripes (14 patterns) with l for 2000
// full-batch updates (momentum 0.5) and returns the exact log-likelihood per example
// before and after. Near zero parameters the model is nearly uniform on
// the 2⁹ visible states: −9 ln 2 ≈ −6.238.
func trainBAS(l learn.Learner, rate float64) (before, after float64) {
	set, _ := data.BarsAndStripes(3, false)
	m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.01, Seed: 1})
	h, err := learn.Train(context.Background(), m, set, l, &learn.Settings{
		Updates: 2000, Rate: rate, Momentum: 0.5, Every: 2000,
		Observers: []learn.Observer{learn.ExactLogLikelihood(set)},
	})
	if err != nil {
		panic(err)
	}
	s := h.Series("loglik")
	return s.Y[0], s.Y[len(s.Y)-1]
}

// CD-1 from small weights: the exact log-likelihood starts at about the
// uniform model's −9 ln 2 and rises towards the data's own,
// −ln 14 ≈ −2.64.
func ExampleCD() {
	before, after := trainBAS(learn.NewCD(1, mcmc.NewGibbs(1)), 0.1)
	fmt.Printf("before: %.2f (−9 ln 2 = %.2f)\n", before, -9*math.Ln2)
	fmt.Println("after 2000 updates, above −4:", after > -4)
	// Output:
	// before: -6.24 (−9 ln 2 = -6.24)
	// after 2000 updates, above −4: true
}

// PCD keeps its chains from update to update: here 20 persistent chains
// (N = 20) although the batch has 14 rows, started at the rows of the
// first batch (chain k at row k mod 14). Persistent chains want a smaller
// rate than CD's (here 0.05): they must follow the model as it changes.
func ExamplePCD() {
	l := learn.NewPCD(1, 20, mcmc.NewGibbs(1))
	fmt.Println("chains before the first update:", l.Chains() == nil)
	before, after := trainBAS(l, 0.05)
	r, c := l.Chains().V.Dims()
	fmt.Printf("persistent chains: %d, of %d units\n", r, c)
	fmt.Println("log-likelihood rose above −4 from the uniform model's:", before < -6.2 && after > -4)
	// Output:
	// chains before the first update: true
	// persistent chains: 20, of 9 units
	// log-likelihood rose above −4 from the uniform model's: true
}

// FPCD's chains sample θ + θ_F; the fast weights θ_F decay by Decay every
// update and are pushed by the gradient with FastRate (here the learning
// rate, FastRate 0; Decay 0 means 19/20), so they stay small.
func ExampleFPCD() {
	l := learn.NewFPCD(1, 0, 0, mcmc.NewGibbs(1))
	_, after := trainBAS(l, 0.05)
	fast := mat.Norm(l.Fast().W, math.Inf(1))
	fmt.Printf("fast weights %d×%d, largest row sum of |θ_F| below 1: %v\n",
		l.Fast().W.RawMatrix().Rows, l.Fast().W.RawMatrix().Cols, fast < 1)
	fmt.Println("log-likelihood above −4:", after > -4)
	// Output:
	// fast weights 9×16, largest row sum of |θ_F| below 1: true
	// log-likelihood above −4: true
}

// PT keeps chains at 4 inverse temperatures 1, 2/3, 1/3, 0 and swaps
// neighbours after each sweep; one update costs k steps at each
// temperature, and Acceptance gives the fraction of accepted swaps of
// each of the 3 neighbour pairs.
func ExamplePT() {
	betas, _ := mcmc.UniformBetas(4)
	l, err := learn.NewPT(1, betas, 0, 1, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	_, after := trainBAS(l, 0.1)
	acc := l.Acceptance()
	ok := true
	for _, a := range acc {
		ok = ok && a > 0 && a <= 1
	}
	fmt.Printf("steps per update: %d; %d swap rates, all in (0, 1]: %v\n", l.Steps(), len(acc), ok)
	fmt.Println("log-likelihood above −4:", after > -4)
	// Output:
	// steps per update: 4; 3 swap rates, all in (0, 1]: true
	// log-likelihood above −4: true
}

// S-DCP with one inner step (D = 1) is CD-K' exactly: the same updates
// with the same sampler seed. With D = 2 inner steps of K' = 1 it costs
// what CD-2 costs.
func ExampleSDCP() {
	set, _ := data.BarsAndStripes(3, false)
	models := make([]*rbm.Binary, 2)
	for i, l := range []learn.Learner{learn.NewSDCP(1, 2, mcmc.NewGibbs(7)), learn.NewCD(2, mcmc.NewGibbs(7))} {
		models[i], _ = rbm.NewBinary(9, 4, &rbm.Init{WeightStd: 0.1, Seed: 1})
		if _, err := learn.Train(context.Background(), models[i], set, l, &learn.Settings{Updates: 50, Rate: 0.1}); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println("S-DCP with D = 1, K' = 2 equals CD-2:", mat.Equal(models[0].W, models[1].W))
	fmt.Println("steps per update with D = 2, K' = 1:", learn.NewSDCP(2, 1, nil).Steps())
	// Output:
	// S-DCP with D = 1, K' = 2 equals CD-2: true
	// steps per update with D = 2, K' = 1: 2
}

// SSD replaces the weight gradient G by ‖G‖_* U Vᵀ (G = U diag(s) Vᵀ):
// every non-zero singular value of the direction is the nuclear norm
// ‖G‖_* = Σ s_k of the gradient. Two CD-1 estimators with the same seed
// give the same G, one for SSD and one to compare with.
func ExampleSSD() {
	set, _ := data.BarsAndStripes(3, false)
	m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.1, Seed: 1})
	ssd := learn.NewSSD(learn.NewCD(1, mcmc.NewGibbs(3)))
	d, err := ssd.Direction(m, set.X)
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := learn.NewCD(1, mcmc.NewGibbs(3)).Gradient(m, set.X)
	if err != nil {
		fmt.Println(err)
		return
	}
	nuclear := 0.0
	for _, s := range singular(g.Parts[0], 9, 16) {
		nuclear += s
	}
	rank, equal := 0, true
	for _, s := range singular(d.Parts[0], 9, 16) {
		if s > 1e-9*nuclear {
			rank++
			equal = equal && math.Abs(s-nuclear) < 1e-9*nuclear
		}
	}
	fmt.Printf("direction's %d non-zero singular values all equal ‖G‖_*: %v\n", rank, equal)
	// Output:
	// direction's 9 non-zero singular values all equal ‖G‖_*: true
}

// singular returns the singular values of the r×c matrix with row-major
// entries w.
func singular(w []float64, r, c int) []float64 {
	var svd mat.SVD
	if !svd.Factorize(mat.NewDense(r, c, w), mat.SVDNone) {
		panic("SVD failed")
	}
	return svd.Values(nil)
}
