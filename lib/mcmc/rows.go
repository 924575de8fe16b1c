package mcmc

import (
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/internal/stream"
	"gonum.org/v1/gonum/mat"
)

// The element-wise work of a half-step (sigmoid and Bernoulli draws) is
// split into blocks of blockRows rows (chains). Every block has its own
// random stream, derived from the sampler's seed and the block's index, so
// the draws do not depend on how many goroutines run the blocks or in
// which order: the same seed gives the same chains with any GOMAXPROCS.
// Large half-steps run their blocks on a pool of GOMAXPROCS worker
// goroutines, started on first use and kept for the life of the process.
const blockRows = 16

// minParallel is the number of elements below which a half-step runs on
// the calling goroutine (a variable so that tests can force the parallel
// path on small models).
var minParallel = 1 << 14

// job kinds.
const (
	doSigmoid       = iota // p ← σ(p + bias)
	doSigmoidSample        // p ← σ(p + bias); s ~ Bernoulli(p)
	doSample               // s ~ Bernoulli(p)
	doFlip                 // p ← σ(p + bias); s moves by T_α (flip.go)
	doTempered             // p ← σ(β(p + bias)); s ~ Bernoulli(p); dot_i = Σ_k s_k (p_k + bias_k) if dot is set
	doGibbsBand            // steps block Gibbs steps of the chains of blocks [lo, hi) of l (inBands)
	doFlipBand             // steps flip-the-state steps of the chains of blocks [lo, hi) of l (inBands)
	doHiddenBand           // l.ph ← σ(l.v·W + c) of the chains of blocks [lo, hi) of l (inBands, steps 1)
)

// job is one contiguous range of blocks of one half-step, in precision T
// (float64 or float32; see docs/precision.md): the same code serves both.
type job[T kern.Float] struct {
	kind   int
	p, s   kern.General[T]
	bias   []T
	alpha  float64 // doFlip: the blend of T and G
	beta   T       // doTempered: the inverse temperature
	dot    []float64
	src    []rand.PCG
	lo, hi int // blocks [lo, hi)
	wg     *sync.WaitGroup

	// doGibbsBand and doFlipBand (where lo and hi count bands, not
	// blocks): the layers, the number of bands, the number of steps and
	// the first hidden probabilities' destination (no rows: none).
	l     *layers[T]
	bands int
	steps int
	p0    kern.General[float64]
}

var (
	poolOnce sync.Once
	pool64   chan job[float64]
	pool32   chan job[float32]
	poolSize int
)

func startPool() {
	poolSize = runtime.GOMAXPROCS(0)
	pool64 = make(chan job[float64], 4*poolSize)
	pool32 = make(chan job[float32], 4*poolSize)
	for i := 0; i < poolSize; i++ {
		go func() {
			for {
				select {
				case j := <-pool64:
					j.run()
					j.wg.Done()
				case j := <-pool32:
					j.run()
					j.wg.Done()
				}
			}
		}()
	}
}

// poolOf returns the pool's channel for jobs of precision T.
func poolOf[T kern.Float]() chan job[T] {
	if kern.Is32[T]() {
		return any(pool32).(chan job[T])
	}
	return any(pool64).(chan job[T])
}

// general views the raw matrix of d as a kern.General.
func general(d *mat.Dense) kern.General[float64] {
	r := d.RawMatrix()
	return kern.General[float64]{Rows: r.Rows, Cols: r.Cols, Stride: r.Stride, Data: r.Data}
}

// streams returns one source per block of the r rows, growing *srcs (and
// deriving new sources from seed) when r has more blocks than before.
// Block k's source starts at the state streamState(seed, k).
func streams(srcs *[]rand.PCG, seed uint64, r int) []rand.PCG {
	nb := (r + blockRows - 1) / blockRows
	for k := len(*srcs); k < nb; k++ {
		hi, lo := streamState(seed, uint64(k))
		*srcs = append(*srcs, *rand.NewPCG(hi, lo))
	}
	return (*srcs)[:nb]
}

// streamState returns the 128-bit PCG state of random stream k of seed,
// stream.State (see there: a bijection of (seed, k), so no two pairs
// share a stream).
func streamState(seed, k uint64) (hi, lo uint64) { return stream.State(seed, k) }

// splitmix is the SplitMix64 finaliser (stream.Splitmix).
func splitmix(x uint64) uint64 { return stream.Splitmix(x) }

// rowsDo runs a half-step's element-wise work of the given kind over the
// rows of p (and s), block by block, in parallel when it is large, waiting
// on wg (owned by the chains, so that the steady state does not allocate).
func rowsDo[T kern.Float](wg *sync.WaitGroup, kind int, p, s kern.General[T], bias []T, src []rand.PCG) {
	spread(wg, job[T]{kind: kind, p: p, s: s, bias: bias, src: src})
}

// spread runs every block of j, on the calling goroutine when wg is nil
// or the work is small (fewer than minParallel elements, one block, or
// GOMAXPROCS 1) and otherwise split into contiguous ranges of blocks over
// the pool, waiting on wg. Jobs travel by value, so the steady state does
// not allocate.
func spread[T kern.Float](wg *sync.WaitGroup, j job[T]) {
	nb := (j.p.Rows + blockRows - 1) / blockRows
	j.lo, j.hi = 0, nb
	procs := runtime.GOMAXPROCS(0)
	if wg == nil || procs == 1 || nb == 1 || j.p.Rows*j.p.Cols < minParallel {
		j.run()
		return
	}
	poolOnce.Do(startPool)
	share(wg, j, nb, min(procs, poolSize, nb))
}

// share runs j on [0, n) (blocks, or bands for inBands) in parts
// contiguous ranges [p·n/parts, (p+1)·n/parts): all but the first on the
// pool, which must be started when parts > 1, the first on the calling
// goroutine, and waits on wg.
func share[T kern.Float](wg *sync.WaitGroup, j job[T], n, parts int) {
	j.wg = wg
	wg.Add(parts - 1)
	ch := poolOf[T]()
	for p := 1; p < parts; p++ {
		j.lo, j.hi = p*n/parts, (p+1)*n/parts
		ch <- j
	}
	j.lo, j.hi = 0, n/parts
	j.run()
	wg.Wait()
}

// inBands runs j, a doGibbsBand, doFlipBand or doHiddenBand job on all the chains of
// j.l, split into kern.Bands bands of whole blocks: each band takes its
// chains through all j.steps steps, products (single-threaded) and
// element-wise work alike, without waiting for the others, since chains do
// not interact, and the bands are spread over up to GOMAXPROCS goroutines.
// The number of bands depends on the chains and the model only, and a
// block's draws come from its own stream, so the chains are the same bit
// for bit on any number of cores. It reports false, and does nothing, when
// wg is nil (already in a band), there are no steps, or the chains make
// one band.
func inBands[T kern.Float](wg *sync.WaitGroup, j job[T]) bool {
	n := j.l.v.Rows
	nb := (n + blockRows - 1) / blockRows
	bands := min(kern.Bands(n, j.l.v.Cols+j.l.h.Cols), nb)
	if wg == nil || j.steps == 0 || bands < 2 {
		return false
	}
	parts := min(runtime.GOMAXPROCS(0), bands)
	if parts > 1 {
		poolOnce.Do(startPool)
		parts = min(parts, poolSize)
	}
	// Band b holds the blocks [b·nb/bands, (b+1)·nb/bands) (job.band).
	j.bands = bands
	share(wg, j, bands, parts)
	return true
}

// band runs a doGibbsBand, doFlipBand or doHiddenBand job's bands
// [j.lo, j.hi), one after the other, on the calling goroutine.
func (j *job[T]) band() {
	n := j.l.v.Rows
	nb := (n + blockRows - 1) / blockRows
	for b := j.lo; b < j.hi; b++ {
		b0, b1 := b*nb/j.bands, (b+1)*nb/j.bands
		lo, hi := b0*blockRows, min(b1*blockRows, n)
		l := j.l.rows(lo, hi)
		var p0 kern.General[float64]
		if j.p0.Rows > 0 {
			p0 = kern.Rows(j.p0, lo, hi)
		}
		switch j.kind {
		case doGibbsBand:
			gibbsLoop(nil, &l, j.src[b0:b1], j.steps, p0)
		case doFlipBand:
			flipLoop(nil, &l, j.alpha, j.src[b0:b1], j.steps, p0)
		default:
			hiddenHalf(nil, &l, false, nil)
		}
	}
}

// run does the job's blocks. Each block draws its uniforms from its own
// stream through kern.Uniforms (one PCG output per draw in float64, two in
// float32), the block's rows in one call of a kern row kernel, which runs
// the rows of a small model as one vector.
func (j *job[T]) run() {
	if j.kind == doGibbsBand || j.kind == doFlipBand || j.kind == doHiddenBand {
		j.band()
		return
	}
	for b := j.lo; b < j.hi; b++ {
		lo, hi := b*blockRows, min((b+1)*blockRows, j.p.Rows)
		p := kern.Rows(j.p, lo, hi)
		if j.kind == doSigmoid {
			kern.SigmoidRows(p, j.bias)
			continue
		}
		s := kern.Rows(j.s, lo, hi)
		u := kern.NewUniforms[T](&j.src[b])
		switch j.kind {
		case doSigmoidSample:
			kern.SigmoidBernoulliRows(p, s, j.bias, &u)
		case doSample:
			kern.BernoulliRows(p, s, &u)
		case doFlip:
			kern.FlipRows(p, s, j.bias, j.alpha, &u)
		case doTempered:
			// For every row (chain) i of the block, with x_k = p_ik + bias_k
			// the unit's input at β = 1: p_ik = σ(β·x_k), s_ik ~
			// Bernoulli(p_ik) (one uniform per unit, in order, as
			// doSigmoidSample), and, if j.dot is set, dot_i = Σ_k s_ik·x_k,
			// which for the visible half-step is vᵀWh + bᵀv of the new state.
			// At β = 1 the probabilities and draws are bit for bit those of
			// doSigmoidSample.
			var dot []float64
			if j.dot != nil {
				dot = j.dot[lo:hi]
			}
			kern.TemperedRows(p, s, j.bias, j.beta, &u, dot)
		}
	}
}
