package kern_test

import (
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/cputime"
	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	_ "github.com/rbm-kernel/rbm-kernel/internal/openblas"
)

// BenchmarkGemmCD1 measures the five matrix products of one CD-1 update of
// a 784×500 RBM on a batch of 100 (V·W, H·Wᵀ, V·W, and the two Vᵀ·P of the
// gradient, 392 MFLOP), alone: the floor under BenchmarkCD1MNIST
// (lib/learn) in each precision. bench/compare.sh times the same products
// in numpy beside it. It reports cpu-ns/op besides the wall time.
func BenchmarkGemmCD1(b *testing.B) {
	b.Run("float64", benchGemmCD1[float64])
	b.Run("float32", benchGemmCD1[float32])
}

func benchGemmCD1[T kern.Float](b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	mk := func(r, c int) kern.General[T] {
		g := kern.General[T]{Rows: r, Cols: c, Stride: c, Data: make([]T, r*c)}
		for i := range g.Data {
			g.Data[i] = T(rng.Float64())
		}
		return g
	}
	w, gw := mk(784, 500), mk(784, 500)
	v, v1, pv := mk(100, 784), mk(100, 784), mk(100, 784)
	h, ph := mk(100, 500), mk(100, 500)
	b.ReportAllocs()
	cpu0 := cputime.Now()
	for b.Loop() {
		kern.Gemm(false, false, 1, v, w, 0, ph)
		kern.Gemm(false, true, 1, h, w, 0, pv)
		kern.Gemm(false, false, 1, v1, w, 0, ph)
		kern.Gemm(true, false, 0.01, v, h, 0, gw)
		kern.Gemm(true, false, -0.01, v1, ph, 1, gw)
	}
	b.ReportMetric(float64(cputime.Now()-cpu0)/float64(b.N), "cpu-ns/op")
}

// BenchmarkUniformsFill measures the uniforms of the samplers' Bernoulli
// draws, 256 per call of Fill (a kernel's chunk), in each precision
// (float32 takes two from each output of the PCG source, float64 one).
func BenchmarkUniformsFill(b *testing.B) {
	b.Run("float64", benchFill[float64])
	b.Run("float32", benchFill[float32])
}

func benchFill[T kern.Float](b *testing.B) {
	u := kern.NewUniforms[T](rand.NewPCG(1, 2))
	buf := make([]T, 256)
	b.ReportAllocs()
	for b.Loop() {
		u.Fill(buf)
	}
}
