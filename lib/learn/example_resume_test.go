package learn_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// Train in pieces and through a checkpoint: a Run continued 500 updates at
// a time, saved to a file, and resumed from the file (as a program started
// again would, with its learner made afresh) ends with the model of one
// uninterrupted Train, bit for bit.
func ExampleResume() {
	set := fourPatterns()
	settings := &learn.Settings{Updates: 2000, BatchSize: 2, Rate: 0.2, Momentum: 0.5, Schedule: learn.Cosine{}, Seed: 7,
		Observers: []learn.Observer{learn.ExactLogLikelihood(set)}}
	newLearner := func() learn.Learner { return learn.NewPCD(1, 4, mcmc.NewGibbs(1)) }

	whole, _ := rbm.NewBinary(4, 4, &rbm.Init{WeightStd: 0.01, Seed: 1})
	if _, err := learn.Train(context.Background(), whole, set, newLearner(), settings); err != nil {
		fmt.Println(err)
		return
	}

	m, _ := rbm.NewBinary(4, 4, &rbm.Init{WeightStd: 0.01, Seed: 1})
	run, err := learn.NewRun(m, set, newLearner(), settings)
	if err != nil {
		fmt.Println(err)
		return
	}
	run.Continue(context.Background(), 500)
	run.Continue(context.Background(), 500)
	dir, _ := os.MkdirTemp("", "resume")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "run.ckpt")
	if err := run.Save(path); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("saved after", run.Done(), "of", run.Total(), "updates")

	resumed, err := learn.Resume(path, set, newLearner(), settings)
	if err != nil {
		fmt.Println(err)
		return
	}
	h, err := resumed.Continue(context.Background(), 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	same := true
	w := resumed.Model().(*rbm.Binary).W
	for i := 0; i < 4; i++ {
		for j := 0; j < 4; j++ {
			same = same && w.At(i, j) == whole.W.At(i, j)
		}
	}
	fmt.Println("resumed and finished:", resumed.Finished(), h.Updates)
	fmt.Println("the weights of one uninterrupted run:", same)
	fmt.Printf("log-likelihood %.2f (best possible −ln 4 = −1.39)\n", h.Last("loglik"))
	// Output:
	// saved after 1000 of 2000 updates
	// resumed and finished: true 2000
	// the weights of one uninterrupted run: true
	// log-likelihood -1.66 (best possible −ln 4 = −1.39)
}
