package learn_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// fourPatterns returns the data set of ExampleTrain: four 4-pixel patterns,
// whose best possible mean log-likelihood is −ln 4 ≈ −1.386.
func fourPatterns() *data.Set {
	return &data.Set{Name: "four", X: mat.NewDense(4, 4, []float64{
		1, 1, 0, 0,
		0, 0, 1, 1,
		1, 0, 1, 0,
		0, 1, 0, 1,
	})}
}

// Stop training early, as soon as the exact log-likelihood reaches a
// target: an observer returns its value with learn.ErrStop. The observation
// that triggered the stop is kept in the history, and Train returns no
// error.
func ExampleErrStop() {
	set := fourPatterns()
	ll := learn.ExactLogLikelihood(set)
	target := learn.Observer{Name: ll.Name, Func: func(ctx context.Context, m rbm.Model) (float64, error) {
		v, err := ll.Func(ctx, m)
		if err == nil && v > -2 {
			return v, learn.ErrStop
		}
		return v, err
	}}
	m, _ := rbm.NewBinary(4, 4, &rbm.Init{WeightStd: 0.01, Seed: 1})
	h, err := learn.Train(context.Background(), m, set, learn.NewCD(1, mcmc.NewGibbs(1)), &learn.Settings{
		Updates: 5000, Rate: 0.1, Every: 100, Observers: []learn.Observer{target},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("stopped by:", h.StoppedBy)
	fmt.Println("before the end:", h.Updates < 5000, "last point at the stop:", h.Series("loglik").X[len(h.Series("loglik").X)-1] == float64(h.Updates))
	fmt.Println("target reached:", h.Last("loglik") > -2)
	// Output:
	// stopped by: loglik
	// before the end: true last point at the stop: true
	// target reached: true
}

// Sample from a trained model: run block Gibbs chains from random states
// and look at where they end. A model that has learned the four patterns
// puts most of its mass on them.
func Example_sampling() {
	set := fourPatterns()
	m, _ := rbm.NewBinary(4, 4, &rbm.Init{WeightStd: 0.01, Seed: 1})
	if _, err := learn.Train(context.Background(), m, set, learn.NewPCD(1, 20, mcmc.NewGibbs(1)), &learn.Settings{
		Updates: 5000, Rate: 0.1, Schedule: learn.Cosine{End: 0.01},
	}); err != nil {
		fmt.Println(err)
		return
	}
	c, _ := mcmc.NewChains(m, 1000, rand.New(rand.NewPCG(2, 3)))
	if err := mcmc.NewGibbs(4).Sample(m, c, 100); err != nil {
		fmt.Println(err)
		return
	}
	p, _ := m.ExactVisibleDist() // p[k]: the probability of state k
	patterns := map[int]bool{}
	mass := 0.0
	for j := 0; j < 4; j++ {
		k, _ := rbm.StateIndex(set.X.RawRowView(j))
		patterns[k] = true
		mass += p[k]
	}
	onData := 0
	for i := 0; i < 1000; i++ {
		if k, _ := rbm.StateIndex(c.V.RawRowView(i)); patterns[k] {
			onData++
		}
	}
	// The fraction of chains on the data estimates the model's mass on
	// them, within a binomial standard error of at most √(¼/1000) ≈ 0.016.
	fmt.Println("model's mass on the patterns above 0.8:", mass > 0.8)
	fmt.Println("chains on the patterns within 4 standard errors:", math.Abs(float64(onData)/1000-mass) < 4*0.016)
	// Output:
	// model's mass on the patterns above 0.8: true
	// chains on the patterns within 4 standard errors: true
}

// Run several trainings at once, one goroutine each, as a hand-written
// sweep does: every run has its own model, learner and sampler (they keep
// state), and all share the data set and one list of observers (which
// keep none). The results are those of the same runs made one after the
// other.
func Example_concurrentRuns() {
	set := fourPatterns()
	obs := []learn.Observer{learn.ExactLogLikelihood(set), learn.ReconstructionError(set)}
	rates := []float64{0.03, 0.1, 0.3, 1}
	final := make([]float64, len(rates))
	errs := make([]error, len(rates))
	var wg sync.WaitGroup
	for i, rate := range rates {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, _ := rbm.NewBinary(4, 4, &rbm.Init{WeightStd: 0.01, Seed: 1})
			h, err := learn.Train(context.Background(), m, set, learn.NewCD(1, mcmc.NewGibbs(uint64(i))), &learn.Settings{
				Updates: 2000, Rate: rate, Every: 500, Observers: obs,
			})
			final[i], errs[i] = h.Last("loglik"), err
		}()
	}
	wg.Wait()
	for i, rate := range rates {
		if errs[i] != nil {
			fmt.Println(errs[i])
			return
		}
		fmt.Printf("rate %-4g final log-likelihood %.2f\n", rate, final[i])
	}
	// Output:
	// rate 0.03 final log-likelihood -2.73
	// rate 0.1  final log-likelihood -1.56
	// rate 0.3  final log-likelihood -1.51
	// rate 1    final log-likelihood -1.54
}
