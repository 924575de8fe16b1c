package data_test

import (
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
)

func ExampleBarsAndStripes() {
	s, err := data.BarsAndStripes(3, false)
	if err != nil {
		fmt.Println(err)
		return
	}
	best, _ := data.BestLogLikelihood(s)
	fmt.Printf("%d patterns of %dx%d, best mean log-likelihood %.2f\n", s.Len(), s.Rows, s.Cols, best)
	fmt.Println(s.X.RawRowView(5)) // bars: columns 0 and 2 on
	// Output:
	// 14 patterns of 3x3, best mean log-likelihood -2.64
	// [1 0 1 1 0 1 1 0 1]
}

func ExampleShiftingBar() {
	s, _ := data.ShiftingBar(5, 2)
	for i := 0; i < s.Len(); i++ {
		fmt.Println(s.X.RawRowView(i))
	}
	// Output:
	// [1 1 0 0 0]
	// [0 1 1 0 0]
	// [0 0 1 1 0]
	// [0 0 0 1 1]
	// [1 0 0 0 1]
}

func ExampleNewBatcher() {
	s, _ := data.ShiftingBar(10, 1)
	b := data.NewBatcher(s, 4, 1)
	for i := 0; i < b.BatchesPerEpoch(); i++ {
		r, _ := b.Next().Dims()
		fmt.Print(r, " ")
	}
	fmt.Println("rows; epoch", b.Epoch())
	// Output:
	// 4 4 2 rows; epoch 0
}
