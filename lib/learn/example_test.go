package learn_test

import (
	"context"
	"fmt"
	"math"
	"os"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Train an RBM with CD-1 on four 4-pixel patterns and watch the exact
// log-likelihood rise towards its optimum −ln 4.
func ExampleTrain() {
	set := &data.Set{Name: "four", X: mat.NewDense(4, 4, []float64{
		1, 1, 0, 0,
		0, 0, 1, 1,
		1, 0, 1, 0,
		0, 1, 0, 1,
	})}
	m, _ := rbm.NewBinary(4, 4, &rbm.Init{WeightStd: 0.01, Seed: 1})
	h, err := learn.Train(context.Background(), m, set, learn.NewCD(1, mcmc.NewGibbs(1)), &learn.Settings{
		Updates:   2000,
		Rate:      0.1,
		Schedule:  learn.Cosine{End: 0.01},
		Every:     500,
		Observers: []learn.Observer{learn.ExactLogLikelihood(set)},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	ll := h.Series("loglik")
	fmt.Println("observed after updates:", ll.X)
	fmt.Printf("start %.2f (= −4 ln 2)\n", ll.Y[0])
	fmt.Println("improved by more than 0.5 nat:", h.Max("loglik")-ll.Y[0] > 0.5, "optimum:", -math.Log(4) >= h.Max("loglik"))
	// Output:
	// observed after updates: [0 500 1000 1500 2000]
	// start -2.77 (= −4 ln 2)
	// improved by more than 0.5 nat: true optimum: true
}

// A user-defined observer: the Frobenius norm of the weights.
func ExampleObserver() {
	norm := learn.Observer{Name: "|W|", Func: func(_ context.Context, m rbm.Model) (float64, error) {
		var s float64
		for _, w := range m.Params()[0] {
			s += w * w
		}
		return math.Sqrt(s), nil
	}}
	m, _ := rbm.NewBinary(2, 2, nil)
	m.W.Set(0, 0, 3)
	m.W.Set(1, 1, 4)
	v, _ := norm.Func(context.Background(), m)
	fmt.Println(norm.Name, v)
	// Output:
	// |W| 5
}

// A history written as CSV, e.g. for a spreadsheet or pandas.
func ExampleHistory_WriteCSV() {
	var h learn.History
	h.Add("loglik", 0, 0, -6.24)
	h.Add("loglik", 100, 0.5, -3.1)
	fmt.Println(h.Max("loglik"))
	_ = h.WriteCSV(os.Stdout)
	// Output:
	// -3.1
	// series,update,seconds,value
	// loglik,0,0,-6.24
	// loglik,100,0.5,-3.1
}

// Cosine decay from 0.1 to 0.001 over 100 updates.
func ExampleCosine() {
	s := learn.Cosine{End: 0.001}
	for _, t := range []int{0, 50, 100} {
		fmt.Printf("%.4f ", s.Rate(0.1, t, 100))
	}
	fmt.Println()
	// Output:
	// 0.1000 0.0505 0.0010
}
