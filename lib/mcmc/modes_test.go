package mcmc

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestClasses checks nearest-mode assignment, ties and thresholding.
func TestClasses(t *testing.T) {
	modes := mat.NewDense(2, 4, []float64{
		0, 0, 0, 0,
		1, 1, 1, 1,
	})
	samples := mat.NewDense(5, 4, []float64{
		0, 0, 0, 1, // d = 1, 3: class 0
		1, 1, 0, 1, // d = 3, 1: class 1
		1, 1, 0, 0, // d = 2, 2: tie
		0.9, 0.6, 0.4, 0.7, // thresholds to 1 1 0 1: class 1
		1, 1, 1, 1, // class 1
	})
	got, err := Classes(nil, samples, modes)
	if err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, Unassigned, 1, 1}; !slices.Equal(got, want) {
		t.Errorf("Classes = %v, want %v", got, want)
	}
	if _, err := Classes(nil, samples, mat.NewDense(1, 3, nil)); err == nil {
		t.Error("no error for different widths")
	}
	if _, err := Classes(nil, nil, modes); err == nil {
		t.Error("no error for nil samples")
	}
}

// TestClassChanges checks change counts and first-change times with
// unassigned samples in between.
func TestClassChanges(t *testing.T) {
	u := Unassigned
	for _, tc := range []struct {
		c              []int
		changes, first int
	}{
		{[]int{0, 0, 1, 1, 0}, 2, 2},
		{[]int{0, u, 0, u, 1}, 1, 4},
		{[]int{u, 2, 2, 2}, 0, -1},
		{[]int{u, u}, 0, -1},
		{[]int{1, u, 2, u, 1, 3}, 3, 2},
		{nil, 0, -1},
	} {
		if got := ClassChanges(tc.c); got != tc.changes {
			t.Errorf("ClassChanges(%v) = %d, want %d", tc.c, got, tc.changes)
		}
		if got := FirstChange(tc.c); got != tc.first {
			t.Errorf("FirstChange(%v) = %d, want %d", tc.c, got, tc.first)
		}
	}
}
