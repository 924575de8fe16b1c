package kern

import (
	"runtime"
	"sync"

	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/blas/gonum"
)

// The library runs its own parallel work on goroutines, one per core
// (GOMAXPROCS), and OpenBLAS on one thread (internal/openblas sets it), so
// that there is one pool of workers and never two: OpenBLAS's threads spin
// while they wait for work, and two threaded products called at once
// queue on OpenBLAS's lock.
//
// Two ways of splitting work live here. Gemm splits a large product into
// one band of rows of c per core: a BLAS computes a row of a product by
// operations that depend on the size of the product (OpenBLAS's kernels
// for the edges of a matrix, gonum's blocking of the inner dimension), so
// Gemm's last bits depend on the number of cores, as a threaded BLAS's do;
// the learners use it. The samplers need results that do not depend on
// the number of cores, so they split their chains into a number of bands
// that depends on the chains alone (Bands), each band through its own
// single-threaded products (Gemm1), and spread the bands over the cores.

// minGemmParallel is the size m·n·k of a product below which Gemm runs it
// on the calling goroutine (a variable so that tests can force the bands
// on small products): about 0.1 ms of work, where a hand-over costs a few
// microseconds.
var minGemmParallel = 1 << 20

// minBandRows is the fewest rows of c that a band gets.
const minBandRows = 8

// Gemm computes c = α·op(a)·op(b) + β·c, op(x) = xᵀ when the matching
// trans flag is set, as Gemm1, with a large product split into bands of
// rows of c that run on up to GOMAXPROCS goroutines, if the BLAS in use
// is not gonum's own (which spreads its products itself). The last bits of
// its result depend on the number of cores (see above).
func Gemm[T Float](transA, transB bool, alpha T, a, b General[T], beta T, c General[T]) {
	m, n := c.Rows, c.Cols
	k := a.Cols
	if transA {
		k = a.Rows
	}
	parts := min(runtime.GOMAXPROCS(0), m/minBandRows)
	if parts < 2 || m*n*k < minGemmParallel || !banded() {
		Gemm1(transA, transB, alpha, a, b, beta, c)
		return
	}
	gemmPoolOnce.Do(startGemmPool)
	wg := waitGroups.Get().(*sync.WaitGroup)
	wg.Add(parts - 1)
	ch := gemmPoolOf[T]()
	for p := 1; p < parts; p++ {
		ch <- gemmBand(transA, transB, alpha, a, b, beta, c, p*m/parts, (p+1)*m/parts, wg)
	}
	j := gemmBand(transA, transB, alpha, a, b, beta, c, 0, m/parts, nil)
	j.run()
	wg.Wait()
	waitGroups.Put(wg)
}

// gemmJob is one band of a product: rows [lo, hi) of c.
type gemmJob[T Float] struct {
	transA, transB bool
	alpha, beta    T
	a, b, c        General[T]
	wg             *sync.WaitGroup
}

// gemmBand returns the job of rows [lo, hi) of c: those rows of op(a)
// (columns of a if transA is set) times op(b).
func gemmBand[T Float](transA, transB bool, alpha T, a, b General[T], beta T, c General[T], lo, hi int, wg *sync.WaitGroup) gemmJob[T] {
	if transA {
		a = General[T]{Rows: a.Rows, Cols: hi - lo, Stride: a.Stride, Data: a.Data[lo:]}
	} else {
		a = Rows(a, lo, hi)
	}
	return gemmJob[T]{transA: transA, transB: transB, alpha: alpha, beta: beta, a: a, b: b, c: Rows(c, lo, hi), wg: wg}
}

func (j *gemmJob[T]) run() { Gemm1(j.transA, j.transB, j.alpha, j.a, j.b, j.beta, j.c) }

// Rows returns the view of rows [lo, hi) of a.
func Rows[T Float](a General[T], lo, hi int) General[T] {
	if lo == hi {
		return General[T]{Cols: a.Cols, Stride: a.Stride}
	}
	return General[T]{Rows: hi - lo, Cols: a.Cols, Stride: a.Stride, Data: a.Data[lo*a.Stride : (hi-1)*a.Stride+a.Cols]}
}

var (
	gemmPoolOnce sync.Once
	gemmPool64   chan gemmJob[float64]
	gemmPool32   chan gemmJob[float32]
	waitGroups   = sync.Pool{New: func() any { return new(sync.WaitGroup) }}
)

// startGemmPool starts GOMAXPROCS goroutines (at the first parallel
// product) that run bands for the life of the process.
func startGemmPool() {
	procs := runtime.GOMAXPROCS(0)
	gemmPool64 = make(chan gemmJob[float64], 4*procs)
	gemmPool32 = make(chan gemmJob[float32], 4*procs)
	for range procs {
		go func() {
			for {
				select {
				case j := <-gemmPool64:
					j.run()
					j.wg.Done()
				case j := <-gemmPool32:
					j.run()
					j.wg.Done()
				}
			}
		}()
	}
}

// gemmPoolOf returns the pool's channel for bands of precision T.
func gemmPoolOf[T Float]() chan gemmJob[T] {
	if Is32[T]() {
		return any(gemmPool32).(chan gemmJob[T])
	}
	return any(gemmPool64).(chan gemmJob[T])
}

// Bands returns the number of bands that a sampler splits n chains of
// work elements each (units per step) into: the largest power of two b
// with n/b ≥ minBandChains chains and n·work/b ≥ minBandWork elements a
// band, at most maxBands, and at least 1. It depends on n and work only,
// never on the number of cores, so the bands' products, and the chains,
// are the same with any number of cores (on one kind of processor: OpenBLAS
// picks its kernels by processor). A band of fewer rows costs more per row:
// splitting 100 chains of a 784×500 RBM in two costs about 13% more in
// the products on one core (OpenBLAS packs the weights once per product).
func Bands(n, work int) int {
	b := 1
	for 2*b <= maxBands && n/(2*b) >= minBandChains && n*work/(2*b) >= minBandWork {
		b *= 2
	}
	return b
}

// The bounds of Bands: a band has at least minBandChains chains and
// minBandWork elements (chains × units), and there are at most maxBands.
const (
	minBandChains = 48
	minBandWork   = 1 << 14
	maxBands      = 64
)

// banded reports whether Gemm splits products into bands: whether the BLAS
// in use is not gonum's own (which spreads large products over the cores
// itself).
func banded() bool {
	_, g64 := blas64.Implementation().(gonum.Implementation)
	_, g32 := blas32.Implementation().(gonum.Implementation)
	return !g64 && !g32
}

// Gemm64 is Gemm on gonum's blas64 matrices.
func Gemm64(transA, transB bool, alpha float64, a, b blas64.General, beta float64, c blas64.General) {
	Gemm(transA, transB, alpha, from64(a), from64(b), beta, from64(c))
}

// from64 views a blas64.General as a General.
func from64(a blas64.General) General[float64] {
	return General[float64]{Rows: a.Rows, Cols: a.Cols, Stride: a.Stride, Data: a.Data}
}
