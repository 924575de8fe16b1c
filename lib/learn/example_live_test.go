package learn_test

import (
	"context"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// A LiveRate changed during a run: here by OnObserve after 20 updates,
// in a notebook by a slider's callback. The observer "rate" records the
// rate that the next updates use.
func ExampleLiveRate() {
	set := &data.Set{Name: "four", X: mat.NewDense(4, 4, []float64{
		1, 1, 0, 0,
		0, 0, 1, 1,
		1, 0, 1, 0,
		0, 1, 0, 1,
	})}
	m, _ := rbm.NewBinary(4, 3, &rbm.Init{WeightStd: 0.01, Seed: 1})
	lr, _ := learn.NewLiveRate(0.1)
	rate := learn.Observer{Name: "rate", Func: func(context.Context, rbm.Model) (float64, error) {
		r, _ := lr.Value()
		return r, nil
	}}
	h, err := learn.Train(context.Background(), m, set, learn.NewCD(1, nil), &learn.Settings{
		Updates: 40, Every: 10, Schedule: lr, Observers: []learn.Observer{rate},
		OnObserve: func(h *learn.History) {
			if h.Updates == 20 {
				_ = lr.Set(0.01)
			}
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := h.Series("rate")
	fmt.Println(s.X, s.Y)
	// Output:
	// [0 10 20 30 40] [0.1 0.1 0.1 0.01 0.01]
}
