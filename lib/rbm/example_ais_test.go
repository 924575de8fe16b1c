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

// AIS and reverse AIS with the same settings bracket log Z: AIS's
// estimate is biased low and reverse AIS's high, each by about its
// standard error or less once the schedule is long enough. Here the
// model is small enough to check the bracket against ExactLogZ; the
// reverse chains start from exact samples of the model.
func ExampleBinary_ReverseAIS() {
	m, _ := rbm.NewBinary(12, 10, &rbm.Init{WeightStd: 1, Seed: 1})
	exact, _ := m.ExactLogZ()
	s := &rbm.AISSettings{Chains: 100, Steps: 1000, Seed: 1}
	lo, seLo, err := m.AIS(context.Background(), s)
	if err != nil {
		fmt.Println(err)
		return
	}
	hi, seHi, err := m.ReverseAIS(context.Background(), s)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("exact %.1f, AIS %.1f, reverse AIS %.1f\n", exact, lo, hi)
	fmt.Println("AIS ≤ exact + 3 se:", lo <= exact+3*seLo)
	fmt.Println("reverse AIS ≥ exact − 3 se:", hi >= exact-3*seHi)
	// Output:
	// exact 28.3, AIS 28.3, reverse AIS 28.3
	// AIS ≤ exact + 3 se: true
	// reverse AIS ≥ exact − 3 se: true
}
