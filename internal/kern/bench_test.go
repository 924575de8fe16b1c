package kern_test

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/cputime"
	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/internal/openblas"
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
	mk := func(r, c int) kern.General[T] { return benchMatrix[T](r, c, rng.Float64) }
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

// BenchmarkSplitProducts measures the two products of a block Gibbs step
// of 100 chains of a 784×500 RBM (V·W, then H·Wᵀ, 157 MFLOP) split over
// two cores in three ways, beside the same products on one core, to find
// how far two cores can speed up the samplers' products on a machine
// (bench/scaling.sh runs it; bench/README.md, "sixth pass"):
//
//   - one: both products on the calling goroutine, 100 rows each;
//   - bands: the samplers' split (kern.Bands), rows 0–47 and 48–99 on two
//     goroutines, each through both products without waiting for the
//     other;
//   - tiles: columns of the result split in two (hidden units 0–255 and
//     256–499, then visible units 0–391 and 392–783), each goroutine
//     computing both bands of rows of its columns, with a hand-over between
//     the products;
//   - threads: each product in one call on OpenBLAS's own two threads.
//
// Run one with GOMAXPROCS=1 and the others with GOMAXPROCS=2 on two free
// cores; the speed-up of a split is one's time over its time.
func BenchmarkSplitProducts(b *testing.B) {
	b.Run("float64", benchSplitProducts[float64])
	b.Run("float32", benchSplitProducts[float32])
}

func benchSplitProducts[T kern.Float](b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	mk := func(r, c int) kern.General[T] { return benchMatrix[T](r, c, rng.NormFloat64) }
	w, v, h, pv := mk(784, 500), mk(100, 784), mk(100, 500), mk(100, 784)
	bands := [][2]int{{0, 48}, {48, 100}}
	hidden := [][2]int{{0, 256}, {256, 500}}
	visible := [][2]int{{0, 392}, {392, 784}}
	// step does both products for rows [lo, hi).
	step := func(lo, hi int) {
		kern.Gemm1(false, false, 1, kern.Rows(v, lo, hi), w, 0, kern.Rows(h, lo, hi))
		kern.Gemm1(false, true, 1, kern.Rows(h, lo, hi), w, 0, kern.Rows(pv, lo, hi))
	}
	// tile does columns c of the forward (or, if back, backward) product
	// for both bands of rows.
	tile := func(back bool, c int) {
		for _, r := range bands {
			if back {
				lo, hi := visible[c][0], visible[c][1]
				kern.Gemm1(false, true, 1, kern.Rows(h, r[0], r[1]), kern.Rows(w, lo, hi), 0, columns(kern.Rows(pv, r[0], r[1]), lo, hi))
			} else {
				lo, hi := hidden[c][0], hidden[c][1]
				kern.Gemm1(false, false, 1, kern.Rows(v, r[0], r[1]), columns(w, lo, hi), 0, columns(kern.Rows(h, r[0], r[1]), lo, hi))
			}
		}
	}
	// both runs f(0) here and f(1) on another goroutine, and waits.
	var wg sync.WaitGroup
	both := func(f func(int)) {
		wg.Add(1)
		go func() { f(1); wg.Done() }()
		f(0)
		wg.Wait()
	}
	run := func(name string, op func()) {
		b.Run(name, func(b *testing.B) {
			if name == "threads" {
				defer openblas.SetThreads(openblas.SetThreads(2))
			}
			cpu0 := cputime.Now()
			for b.Loop() {
				op()
			}
			b.ReportMetric(float64(cputime.Now()-cpu0)/float64(b.N), "cpu-ns/op")
		})
	}
	run("one", func() { step(0, 100) })
	run("bands", func() { both(func(i int) { step(bands[i][0], bands[i][1]) }) })
	run("tiles", func() {
		both(func(c int) { tile(false, c) })
		both(func(c int) { tile(true, c) })
	})
	if openblas.Enabled() {
		run("threads", func() { step(0, 100) })
	}
}

// benchMatrix returns an r×c matrix whose elements are draws of draw, in
// row order.
func benchMatrix[T kern.Float](r, c int, draw func() float64) kern.General[T] {
	g := kern.General[T]{Rows: r, Cols: c, Stride: c, Data: make([]T, r*c)}
	for i := range g.Data {
		g.Data[i] = T(draw())
	}
	return g
}

// columns returns the view of columns [lo, hi) of a.
func columns[T kern.Float](a kern.General[T], lo, hi int) kern.General[T] {
	return kern.General[T]{Rows: a.Rows, Cols: hi - lo, Stride: a.Stride, Data: a.Data[lo : (a.Rows-1)*a.Stride+hi]}
}
