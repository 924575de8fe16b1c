package rbm_test

import (
	"context"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// AIS estimates log Z of a model too large to enumerate the same way it
// does a small one; here it is checked against ExactLogZ.
func ExampleBinary_AIS() {
	m, _ := rbm.NewBinary(10, 8, &rbm.Init{WeightStd: 0.5, Seed: 1})
	exact, _ := m.ExactLogZ()
	logZ, se, err := m.AIS(context.Background(), &rbm.AISSettings{Chains: 100, Steps: 1000, Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("exact %.1f, AIS %.1f, standard error below 0.05: %v\n", exact, logZ, se < 0.05)
	// Output:
	// exact 15.0, AIS 15.0, standard error below 0.05: true
}
