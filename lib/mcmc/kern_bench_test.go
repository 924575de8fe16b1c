package mcmc

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
)

// BenchmarkSigmoidSample measures the sigmoid and Bernoulli draw of a
// 100×500 layer (the non-BLAS part of one half-step), in each precision.
// Steady state does not allocate.
func BenchmarkSigmoidSample(b *testing.B) {
	b.Run("float64", benchSigmoidSample[float64])
	b.Run("float32", benchSigmoidSample[float32])
}

func benchSigmoidSample[T kern.Float](b *testing.B) {
	p := kern.General[T]{Rows: 100, Cols: 500, Stride: 500, Data: make([]T, 50000)}
	s := kern.General[T]{Rows: 100, Cols: 500, Stride: 500, Data: make([]T, 50000)}
	bias := make([]T, 500)
	var srcs []rand.PCG
	src := streams(&srcs, 1, 100)
	in := make([]T, 50000)
	for i := range in {
		in[i] = T(rand.NormFloat64())
	}
	var wg sync.WaitGroup
	b.ReportAllocs()
	for b.Loop() {
		copy(p.Data, in)
		rowsDo(&wg, doSigmoidSample, p, s, bias, src)
	}
}
