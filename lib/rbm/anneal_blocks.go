package rbm

import (
	"runtime"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
)

// AIS and ReverseAIS spread their runs over the cores. The chains are
// split into fixed blocks of annealBlock chains, each with its own random
// stream (stream k of the seed, internal/stream), and the blocks into
// kern.Bands bands, a number that depends on the chains and the model
// only. Each band goes through a whole transition on one goroutine: its
// rows of the two matrix products (single-threaded) and its blocks'
// element-wise work (the weights' softplus sums, the sigmoids and the
// Bernoulli draws); the bands are spread over up to GOMAXPROCS goroutines.
// With one band, the products run on the calling goroutine and the
// element-wise work of each half-step is spread block by block. A block's
// draws come from its stream in the order of its chains and units
// whichever goroutine runs it, and the products are the same whichever
// goroutine makes them, so the estimate is the same bit for bit with any
// number of cores.

// annealBlock is the number of chains of a block.
const annealBlock = 16

// minParallelAnneal is the number of elements of a transition (chains ×
// (visible + hidden units)) below which one band's element-wise work runs
// on the calling goroutine (a variable so that tests can force the
// parallel path on small models).
var minParallelAnneal = 1 << 14

// annealStep is the transition the bands make: from β = b0 to b1, with the
// chains weighed if weigh is set, in float32 if f32 is set.
type annealStep struct {
	weigh, f32 bool
	b0, b1     float64
}

// What a crew's goroutine does with a range [lo, hi): the whole transition
// of the bands lo to hi, or one half-step of the blocks lo to hi.
const (
	doBands = iota
	doHidden
	doVisible
)

// crew is a set of goroutines that run ranges of an annealer's
// transition (lo, hi and what to do: doBands, doHidden or doVisible), for
// the life of one AIS or ReverseAIS call.
type crew struct {
	work chan [3]int
	wg   sync.WaitGroup
	size int // goroutines besides the caller's
}

// spread makes the transition a.cur on every chain: in kern.Bands bands
// over the cores, or, with one band, the products on the calling goroutine
// and each half-step's element-wise work spread by blocks (on the calling
// goroutine alone when it is small: fewer than minParallelAnneal elements,
// one block, or GOMAXPROCS 1).
func (a *annealer) spread() {
	nb := len(a.srcs)
	procs := runtime.GOMAXPROCS(0)
	if a.bands > 1 {
		a.share(doBands, a.bands, procs)
		return
	}
	if procs == 1 || nb == 1 || a.chains*(a.nv+a.nh) < minParallelAnneal {
		a.run(doBands, 0, 1)
		return
	}
	a.product(0, nb, false)
	a.share(doHidden, nb, procs)
	a.product(0, nb, true)
	a.share(doVisible, nb, procs)
}

// share splits [0, n) into contiguous ranges, one per goroutine (up to
// procs), runs what on each, the crew's and the caller's, and waits.
func (a *annealer) share(what, n, procs int) {
	parts := min(procs, n)
	if parts == 1 {
		a.run(what, 0, n)
		return
	}
	if a.crew == nil {
		a.crew = &crew{work: make(chan [3]int), size: min(procs, len(a.srcs)) - 1}
		for range a.crew.size {
			go func(c *crew) {
				for r := range c.work {
					a.run(r[2], r[0], r[1])
					c.wg.Done()
				}
			}(a.crew)
		}
	}
	c := a.crew
	parts = min(parts, c.size+1)
	c.wg.Add(parts - 1)
	for p := 1; p < parts; p++ {
		c.work <- [3]int{p * n / parts, (p + 1) * n / parts, what}
	}
	a.run(what, 0, n/parts)
	c.wg.Wait()
}

// run does what on [lo, hi): the whole transition of the bands lo to hi
// (of bands: band b holds the blocks [b·nb/bands, (b+1)·nb/bands); a
// single band, [0, 1), holds them all), or one half-step of the blocks lo
// to hi.
func (a *annealer) run(what, lo, hi int) {
	if a.cur.f32 {
		runT(a, a.t32, what, lo, hi)
	} else {
		runT(a, &a.t64, what, lo, hi)
	}
}

// runT is run in precision T.
func runT[T kern.Float](a *annealer, t *annealT[T], what, lo, hi int) {
	switch what {
	case doHidden:
		halves(a, t, lo, hi, false)
	case doVisible:
		halves(a, t, lo, hi, true)
	default:
		nb := len(a.srcs)
		for b := lo; b < hi; b++ {
			b0, b1 := b*nb/a.bands, (b+1)*nb/a.bands
			product(a, t, b0, b1, false)
			halves(a, t, b0, b1, false)
			// v ~ σ((1 − β) b_A + β(Wh + b)).
			product(a, t, b0, b1, true)
			halves(a, t, b0, b1, true)
		}
	}
}

// product makes one product of the transition for the blocks [lo, hi)
// (the function product, in a's precision).
func (a *annealer) product(lo, hi int, visible bool) {
	if a.cur.f32 {
		product(a, a.t32, lo, hi, visible)
	} else {
		product(a, &a.t64, lo, hi, visible)
	}
}

// close stops a's goroutines, if it started any.
func (a *annealer) close() {
	if a.crew != nil {
		close(a.crew.work)
		a.crew = nil
	}
}
