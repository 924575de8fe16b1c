// Descriptive statistics: mean, variance, standard deviation, median, percentiles, and z-scores.
package main

import (
	"fmt"
	"math"
	"slices"
	"sort"
)

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

// variance returns the sample variance (n-1 denominator).
func variance(xs []float64) float64 {
	m := mean(xs)
	ss := 0.0
	for _, x := range xs {
		d := x - m
		ss += d * d
	}
	return ss / float64(len(xs)-1)
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// percentile uses linear interpolation between closest ranks.
func percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 1 {
		return sorted[0]
	}
	pos := p / 100 * float64(len(sorted)-1)
	lo := int(math.Floor(pos))
	hi := int(math.Ceil(pos))
	frac := pos - float64(lo)
	return sorted[lo] + frac*(sorted[hi]-sorted[lo])
}

func main() {
	scores := []float64{72, 85, 90, 66, 85, 93, 78, 88, 59, 95, 81, 77}
	fmt.Println("n =", len(scores))
	fmt.Printf("mean     = %.4f\n", mean(scores))
	fmt.Printf("variance = %.4f\n", variance(scores))
	fmt.Printf("stddev   = %.4f\n", math.Sqrt(variance(scores)))
	fmt.Printf("median   = %g\n", median(scores))
	fmt.Println("input untouched:", scores[:4])

	sorted := slices.Clone(scores)
	slices.Sort(sorted)
	fmt.Println("min/max:", sorted[0], sorted[len(sorted)-1])
	for _, p := range []float64{0, 10, 25, 50, 75, 90, 100} {
		fmt.Printf("p%-3g = %.2f\n", p, percentile(sorted, p))
	}
	q1, q3 := percentile(sorted, 25), percentile(sorted, 75)
	iqr := q3 - q1
	fmt.Printf("IQR = %.2f, fences = [%.2f, %.2f]\n", iqr, q1-1.5*iqr, q3+1.5*iqr)

	m, sd := mean(scores), math.Sqrt(variance(scores))
	fmt.Print("z-scores:")
	for _, x := range scores[:6] {
		fmt.Printf(" %+.3f", (x-m)/sd)
	}
	fmt.Println()

	counts := map[float64]int{}
	for _, x := range scores {
		counts[x]++
	}
	keys := make([]float64, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Float64s(keys)
	mode, best := 0.0, 0
	for _, k := range keys {
		if counts[k] > best {
			mode, best = k, counts[k]
		}
	}
	fmt.Printf("mode = %v (x%d)\n", mode, best)

	even := []float64{3, 1, 4, 1, 5, 9}
	fmt.Printf("median of %v = %v\n", even, median(even))
	fmt.Printf("%e %E %g\n", variance(even), mean(even), 1e21+mean(even))
}

// Output:
// n = 12
// mean     = 80.7500
// variance = 119.6591
// stddev   = 10.9389
// median   = 83
// input untouched: [72 85 90 66]
// min/max: 59 95
// p0   = 59.00
// p10  = 66.60
// p25  = 75.75
// p50  = 83.00
// p75  = 88.50
// p90  = 92.70
// p100 = 95.00
// IQR = 12.75, fences = [56.62, 107.62]
// z-scores: -0.800 +0.389 +0.846 -1.348 +0.389 +1.120
// mode = 85 (x2)
// median of [3 1 4 1 5 9] = 3.5
// 8.966667e+00 3.833333E+00 1e+21
