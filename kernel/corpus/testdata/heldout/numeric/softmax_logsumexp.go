// Numerically stable softmax, log-sum-exp, cross-entropy, and temperature scaling.
package main

import (
	"fmt"
	"math"
	"strings"
)

func logSumExp(xs []float64) float64 {
	m := math.Inf(-1)
	for _, x := range xs {
		m = max(m, x)
	}
	if math.IsInf(m, -1) {
		return m
	}
	s := 0.0
	for _, x := range xs {
		s += math.Exp(x - m)
	}
	return m + math.Log(s)
}

func softmax(xs []float64, temperature float64) []float64 {
	scaled := make([]float64, len(xs))
	for i, x := range xs {
		scaled[i] = x / temperature
	}
	lse := logSumExp(scaled)
	out := make([]float64, len(xs))
	for i, x := range scaled {
		out[i] = math.Exp(x - lse)
	}
	return out
}

func naiveSoftmax(xs []float64) []float64 {
	out := make([]float64, len(xs))
	sum := 0.0
	for i, x := range xs {
		out[i] = math.Exp(x)
		sum += out[i]
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}

func format(ps []float64) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = fmt.Sprintf("%.4f", p)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func argmax(xs []float64) int {
	best := 0
	for i, x := range xs {
		if x > xs[best] {
			best = i
		}
	}
	return best
}

func main() {
	logits := []float64{2.0, 1.0, 0.1, -1.5}
	p := softmax(logits, 1)
	fmt.Println("softmax:", format(p))
	sum := 0.0
	for _, v := range p {
		sum += v
	}
	fmt.Printf("sum = %.12f, argmax = %d\n", sum, argmax(p))

	for _, t := range []float64{0.1, 0.5, 2, 10} {
		fmt.Printf("T=%-4g %s\n", t, format(softmax(logits, t)))
	}

	fmt.Printf("logsumexp = %.6f\n", logSumExp(logits))
	big := []float64{1000, 1001, 1002}
	fmt.Printf("logsumexp(big) = %.6f\n", logSumExp(big))
	fmt.Println("naive on big:", naiveSoftmax(big))
	fmt.Println("stable on big:", format(softmax(big, 1)))
	fmt.Println("all -Inf:", logSumExp([]float64{math.Inf(-1), math.Inf(-1)}))
	fmt.Println("empty:", logSumExp(nil))

	// Cross-entropy loss for a batch of examples with integer labels.
	batch := [][]float64{{3.2, 1.3, 0.2}, {0.5, 2.5, 0.1}, {1.0, 1.0, 1.0}, {-2, 0, 4}}
	labels := []int{0, 1, 2, 0}
	total := 0.0
	for i, row := range batch {
		loss := logSumExp(row) - row[labels[i]]
		total += loss
		fmt.Printf("example %d: label=%d pred=%d loss=%.4f\n", i, labels[i], argmax(row), loss)
	}
	fmt.Printf("mean loss = %.4f (uniform baseline %.4f)\n", total/float64(len(batch)), math.Log(3))
	fmt.Printf("%g %v %.3e\n", math.Exp(-745.2), math.Exp(710), math.Exp(-700))
}

// Output:
// softmax: [0.6461 0.2377 0.0966 0.0195]
// sum = 1.000000000000, argmax = 0
// T=0.1  [1.0000 0.0000 0.0000 0.0000]
// T=0.5  [0.8631 0.1168 0.0193 0.0008]
// T=2    [0.4615 0.2799 0.1785 0.0802]
// T=10   [0.2910 0.2633 0.2406 0.2051]
// logsumexp = 2.436735
// logsumexp(big) = 1002.407606
// naive on big: [NaN NaN NaN]
// stable on big: [0.0900 0.2447 0.6652]
// all -Inf: -Inf
// empty: -Inf
// example 0: label=0 pred=0 loss=0.1818
// example 1: label=1 pred=1 loss=0.2038
// example 2: label=2 pred=0 loss=1.0986
// example 3: label=0 pred=2 loss=6.0206
// mean loss = 1.8762 (uniform baseline 1.0986)
// 0 +Inf 9.860e-305
