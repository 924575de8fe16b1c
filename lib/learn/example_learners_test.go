package learn_test

import (
	"context"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Every learner takes any sampler and plugs into Train; here the centered
// gradient, S-DCP and PT on 3×3 Bars and Stripes, at equal sampling cost
// for the first two (Steps).
func ExampleCentered() {
	set, _ := data.BarsAndStripes(3, false)
	betas, _ := mcmc.UniformBetas(4)
	pt, _ := learn.NewPT(1, betas, 0, 1, nil)
	for _, l := range []learn.Learner{
		learn.NewCentered(2, mcmc.NewGibbs(1)),
		learn.NewSDCP(2, 1, mcmc.NewGibbs(1)),
		pt,
	} {
		m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.01, Seed: 1})
		h, err := learn.Train(context.Background(), m, set, l, &learn.Settings{
			Updates: 2000, Rate: 0.1, Momentum: 0.5,
			Observers: []learn.Observer{learn.ExactLogLikelihood(set)},
		})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%T, %d steps per update: log-likelihood above -4: %v\n", l, l.Steps(), h.Max("loglik") > -4)
	}
	// Output:
	// *learn.Centered, 2 steps per update: log-likelihood above -4: true
	// *learn.SDCP, 2 steps per update: log-likelihood above -4: true
	// *learn.PT, 4 steps per update: log-likelihood above -4: true
}

// The AIS observer estimates the test log-likelihood of models too large
// for the exact one.
func ExampleAISLogLikelihood() {
	set, _ := data.BarsAndStripes(3, false)
	m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.01, Seed: 1})
	ctx := context.Background()
	h, err := learn.Train(ctx, m, set, learn.NewCD(1, nil), &learn.Settings{
		Updates: 1000, Rate: 0.1, Every: 500,
		Observers: []learn.Observer{
			learn.AISLogLikelihood(set, &rbm.AISSettings{Chains: 50, Steps: 500, Seed: 1}),
			learn.ExactLogLikelihood(set),
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	d := h.Last("ais-loglik") - h.Last("loglik")
	fmt.Printf("observations: %d; AIS within 0.1 of exact: %v\n", len(h.Series("ais-loglik").X), d < 0.1 && d > -0.1)
	// Output:
	// observations: 3; AIS within 0.1 of exact: true
}

// Bracket the log-likelihood during training: AIS over-estimates it and
// reverse AIS under-estimates it (stochastically); both record their
// standard errors beside their values.
func ExampleReverseAISLogLikelihood() {
	set, _ := data.BarsAndStripes(3, false)
	m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.01, Seed: 1})
	s := &rbm.AISSettings{Chains: 100, Steps: 1000, Seed: 1}
	h, err := learn.Train(context.Background(), m, set, learn.NewCD(1, nil), &learn.Settings{
		Updates: 1000, Rate: 0.1, Every: 500,
		Observers: []learn.Observer{
			learn.AISLogLikelihood(set, s),
			learn.ReverseAISLogLikelihood(set, s),
			learn.ExactLogLikelihood(set),
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.Names())
	up, upSE := h.Last("ais-loglik"), h.Last("ais-loglik-se")
	lo, loSE := h.Last("rais-loglik"), h.Last("rais-loglik-se")
	exact := h.Last("loglik")
	fmt.Printf("AIS %.2f ± %.3f, reverse AIS %.2f ± %.3f, exact %.2f\n", up, upSE, lo, loSE, exact)
	fmt.Println("bracketed within 3 standard errors:", lo-3*loSE <= exact && exact <= up+3*upSE)
	// Output:
	// [ais-loglik ais-loglik-se rais-loglik rais-loglik-se loglik]
	// AIS -5.71 ± 0.004, reverse AIS -5.71 ± 0.004, exact -5.71
	// bracketed within 3 standard errors: true
}

// A sparsity target: the hidden units of a model trained with Sparse are
// on for about the target fraction of the data, instead of about half.
func ExampleSparse() {
	set, _ := data.BarsAndStripes(3, false)
	m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.01, Seed: 1})
	l := learn.NewSparse(learn.NewCD(1, nil), 0.05, 3)
	if _, err := learn.Train(context.Background(), m, set, l, &learn.Settings{Updates: 5000, Rate: 0.1}); err != nil {
		fmt.Println(err)
		return
	}
	var ph mat.Dense
	m.HiddenProb(&ph, set.X)
	r, c := ph.Dims()
	fmt.Printf("mean hidden activation %.2f\n", mat.Sum(&ph)/float64(r*c))
	// Output:
	// mean hidden activation 0.06
}
