package mcmc

import (
	"math/rand/v2"
	"sync"
	"testing"

	"gonum.org/v1/gonum/blas/blas64"
)

// BenchmarkSigmoidSample measures the sigmoid and Bernoulli draw of a
// 100×500 layer (the non-BLAS part of one half-step).
func BenchmarkSigmoidSample(b *testing.B) {
	p := blas64.General{Rows: 100, Cols: 500, Stride: 500, Data: make([]float64, 50000)}
	s := blas64.General{Rows: 100, Cols: 500, Stride: 500, Data: make([]float64, 50000)}
	bias := make([]float64, 500)
	var srcs []rand.PCG
	src := streams(&srcs, 1, 100)
	in := make([]float64, 50000)
	for i := range in {
		in[i] = rand.NormFloat64()
	}
	var wg sync.WaitGroup
	for b.Loop() {
		copy(p.Data, in)
		rowsDo(&wg, doSigmoidSample, p, s, bias, src)
	}
}
