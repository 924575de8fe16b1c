package rbm

import (
	"runtime"
	"sync"
)

// AIS and ReverseAIS spread their runs over the cores: the chains are
// split into fixed blocks of annealBlock chains, each with its own random
// stream (stream k of the seed, internal/stream), and the element-wise
// work of every half-step (the weights' softplus sums, the sigmoids and
// the Bernoulli draws) runs block by block, on up to GOMAXPROCS
// goroutines. A block's draws come from its stream in the order of its
// chains and units whichever goroutine runs it, so the estimate is the
// same bit for bit with any number of cores. The two matrix products of a
// step run on the calling goroutine, through OpenBLAS's own threads.

// annealBlock is the number of chains of a block.
const annealBlock = 16

// minParallelAnneal is the number of elements of a half-step (chains ×
// units) below which its blocks run on the calling goroutine (a variable
// so that tests can force the parallel path on small models).
var minParallelAnneal = 1 << 14

// halfStep is what the blocks of a half-step do: the visible or the hidden
// half-step of a transition from β = b0 to b1, with the chains weighed if
// weigh is set, in float32 if f32 is set.
type halfStep struct {
	visible, weigh, f32 bool
	b0, b1              float64
}

// crew is a set of goroutines that run ranges of blocks [lo, hi) of an
// annealer's half-step, for the life of one AIS or ReverseAIS call.
type crew struct {
	work chan [2]int
	wg   sync.WaitGroup
	size int // goroutines besides the caller's
}

// spread does a.half on every block: on the calling goroutine when the
// work is small (fewer than minParallelAnneal elements of n units a chain,
// one block, or GOMAXPROCS 1), otherwise split into contiguous ranges of
// blocks run by the crew and the caller, waiting for all.
func (a *annealer) spread(n int) {
	nb := len(a.srcs)
	procs := runtime.GOMAXPROCS(0)
	if procs == 1 || nb == 1 || a.chains*n < minParallelAnneal {
		a.blocks(0, nb)
		return
	}
	if a.crew == nil {
		a.crew = &crew{work: make(chan [2]int), size: min(procs, nb) - 1}
		for range a.crew.size {
			go func(c *crew) {
				for r := range c.work {
					a.blocks(r[0], r[1])
					c.wg.Done()
				}
			}(a.crew)
		}
	}
	c := a.crew
	parts := c.size + 1
	c.wg.Add(parts - 1)
	for p := 1; p < parts; p++ {
		c.work <- [2]int{p * nb / parts, (p + 1) * nb / parts}
	}
	a.blocks(0, nb/parts)
	c.wg.Wait()
}

// blocks does a.half on the blocks [lo, hi).
func (a *annealer) blocks(lo, hi int) {
	for k := lo; k < hi; k++ {
		if a.half.f32 {
			halfBlock(a, a.t32, k)
		} else {
			halfBlock(a, &a.t64, k)
		}
	}
}

// close stops a's goroutines, if it started any.
func (a *annealer) close() {
	if a.crew != nil {
		close(a.crew.work)
		a.crew = nil
	}
}
