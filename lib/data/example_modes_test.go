package data_test

import (
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
)

func ExampleArtificialModesBasis() {
	b := data.ArtificialModesBasis()
	for m := 0; m < 4; m++ {
		fmt.Printf("mode %d: %v\n", m, b.RawRowView(m))
	}
	// Output:
	// mode 0: [0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0]
	// mode 1: [1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1]
	// mode 2: [0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1]
	// mode 3: [1 1 1 1 1 1 1 1 0 0 0 0 0 0 0 0]
}

func ExampleArtificialModes() {
	s, err := data.ArtificialModes(0.1, 10000, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	// Count the flipped pixels: about 10% of 160,000.
	basis := data.ArtificialModesBasis()
	flips := 0
	for k := 0; k < s.Len(); k++ {
		for i, x := range s.X.RawRowView(k) {
			if x != basis.At(s.Labels[k], i) {
				flips++
			}
		}
	}
	fmt.Println(s.Name, s.Len(), "examples of", s.Rows, "x", s.Cols)
	fmt.Println("labels:", s.Labels[:6])
	fmt.Printf("flipped: %.2f\n", float64(flips)/float64(16*s.Len()))
	// Output:
	// artificial-modes-0.1 10000 examples of 4 x 4
	// labels: [0 1 2 3 0 1]
	// flipped: 0.10
}
