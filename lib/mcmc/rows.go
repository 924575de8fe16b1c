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

// spread runs every block of j, on the calling goroutine when the work is
// small (fewer than minParallel elements, one block, or GOMAXPROCS 1) and
// otherwise split into contiguous ranges of blocks over the pool, waiting
// on wg. Jobs travel by value, so the steady state does not allocate.
func spread[T kern.Float](wg *sync.WaitGroup, j job[T]) {
	nb := (j.p.Rows + blockRows - 1) / blockRows
	j.lo, j.hi = 0, nb
	procs := runtime.GOMAXPROCS(0)
	if procs == 1 || nb == 1 || j.p.Rows*j.p.Cols < minParallel {
		j.run()
		return
	}
	poolOnce.Do(startPool)
	parts := min(procs, poolSize, nb)
	wg.Add(parts - 1)
	j.wg = wg
	ch := poolOf[T]()
	for k := 1; k < parts; k++ {
		j.lo, j.hi = k*nb/parts, (k+1)*nb/parts
		ch <- j
	}
	j.lo, j.hi = 0, nb/parts
	j.run()
	wg.Wait()
}

// run does the job's blocks. Each block draws its uniforms from its own
// stream through kern.Uniforms (one PCG output per draw in float64, two in
// float32).
func (j *job[T]) run() {
	p, s := j.p, j.s
	for b := j.lo; b < j.hi; b++ {
		if j.kind == doFlip {
			j.flipBlock(b)
			continue
		}
		if j.kind == doTempered {
			j.temperedBlock(b)
			continue
		}
		var u kern.Uniforms[T]
		if j.kind != doSigmoid {
			u = kern.NewUniforms[T](&j.src[b])
		}
		for i := b * blockRows; i < min((b+1)*blockRows, p.Rows); i++ {
			row := p.Row(i)
			switch j.kind {
			case doSigmoid:
				kern.Sigmoid(row, j.bias)
			case doSigmoidSample:
				kern.SigmoidBernoulli(row, j.bias, s.Row(i), &u)
			case doSample:
				kern.Bernoulli(row, s.Row(i), &u)
			}
		}
	}
}

// temperedBlock does block b of a doTempered job: for every row (chain) i
// of the block, with x_k = p_ik + bias_k the unit's input at β = 1, it sets
// p_ik = σ(β·x_k), draws s_ik ~ Bernoulli(p_ik) (one uniform per unit, in
// order, as doSigmoidSample), and, if j.dot is set, writes
// dot_i = Σ_k s_ik·x_k, which for the visible half-step is vᵀWh + bᵀv of
// the new state. At β = 1 the probabilities and draws are bit for bit
// those of doSigmoidSample.
func (j *job[T]) temperedBlock(b int) {
	p, s, beta := j.p, j.s, j.beta
	u := kern.NewUniforms[T](&j.src[b])
	var buf, ub [256]T // x_k of a chunk of the row, while p holds σ(β·x_k); the chunk's uniforms
	for i := b * blockRows; i < min((b+1)*blockRows, p.Rows); i++ {
		row := p.Row(i)
		out := s.Row(i)
		var e float64
		for lo := 0; lo < len(row); lo += len(buf) {
			part := row[lo:min(lo+len(buf), len(row))]
			x, bias, o := buf[:len(part)], j.bias[lo:lo+len(part)], out[lo:lo+len(part)]
			for k := range part {
				x[k] = part[k] + bias[k]
				part[k] = beta * x[k]
			}
			kern.Sigmoid(part, nil)
			us := ub[:len(part)]
			u.Fill(us)
			for k, q := range part {
				if us[k] < q {
					o[k] = 1
					e += float64(x[k])
				} else {
					o[k] = 0
				}
			}
		}
		if j.dot != nil {
			j.dot[i] = e
		}
	}
}
