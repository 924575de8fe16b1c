package mcmc

import (
	"errors"
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// Unassigned is the class Classes gives a sample that is equally close to
// two or more modes.
const Unassigned = -1

// Classes assigns every row x of samples (k×D) the index of its nearest
// row of modes (M×D) in Hamming distance,
//
//	class(x) = argmin_c d(x, mode_c),  d(x, y) = #{j : x_j ≠ y_j},
//
// and Unassigned (−1) when the minimum is reached by more than one mode
// (the flip-the-state paper, Sect. 4.4, discards such samples). Values are
// compared after thresholding at ½ (x_j ≥ ½ counts as 1), so
// probabilities may be passed as well as binary states. The classes are
// written into dst if it has length k, else into a new slice. Classes
// returns an error for nil or empty inputs or different widths.
func Classes(dst []int, samples, modes mat.Matrix) ([]int, error) {
	if samples == nil || modes == nil {
		return nil, errors.New("mcmc: Classes: nil samples or modes")
	}
	k, d := samples.Dims()
	nm, dm := modes.Dims()
	if d != dm {
		return nil, fmt.Errorf("mcmc: Classes: samples have %d columns, modes %d", d, dm)
	}
	if k == 0 || nm == 0 {
		return nil, fmt.Errorf("mcmc: Classes: %d samples and %d modes, need at least one of each", k, nm)
	}
	if len(dst) != k {
		dst = make([]int, k)
	}
	mb := make([]bool, nm*d)
	for c := 0; c < nm; c++ {
		for j := 0; j < d; j++ {
			mb[c*d+j] = modes.At(c, j) >= 0.5
		}
	}
	xb := make([]bool, d)
	for i := 0; i < k; i++ {
		for j := range xb {
			xb[j] = samples.At(i, j) >= 0.5
		}
		best, bestD := Unassigned, d+1
		for c := 0; c < nm; c++ {
			var dist int
			for j, x := range xb {
				if x != mb[c*d+j] {
					dist++
				}
			}
			switch {
			case dist < bestD:
				best, bestD = c, dist
			case dist == bestD:
				best = Unassigned
			}
		}
		dst[i] = best
	}
	return dst, nil
}

// ClassChanges returns the number of class changes along a sequence of
// classes (from Classes, in sampling order), skipping Unassigned entries:
// the number of t with class(x_t) ≠ class(x_s), where s < t is the last
// assigned sample before t.
func ClassChanges(classes []int) int {
	var n int
	prev := Unassigned
	for _, c := range classes {
		if c == Unassigned {
			continue
		}
		if prev != Unassigned && c != prev {
			n++
		}
		prev = c
	}
	return n
}

// FirstChange returns the index t of the first assigned entry of classes
// whose class differs from the first assigned entry's: for a chain
// started at classes[0] (t = 0) it is the number of steps before its first
// class change. It returns −1 if the class never changes (or no entry is
// assigned).
func FirstChange(classes []int) int {
	first := Unassigned
	for t, c := range classes {
		if c == Unassigned {
			continue
		}
		if first == Unassigned {
			first = c
			continue
		}
		if c != first {
			return t
		}
	}
	return -1
}
