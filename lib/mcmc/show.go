package mcmc

import (
	"fmt"
	"image"

	"github.com/rbm-kernel/rbm-kernel/internal/show"
	"gonum.org/v1/gonum/mat"
)

// How chains show themselves: a title line, a table of the shapes and
// mean values of their states and probabilities and, when the visible
// layer is a square image, the visible states of the first chains.
// Notebooks show the three together (the kernel's display finds the
// methods String, Table and Image); programs print c or call them.

// maxChainImages bounds the chains that Image draws.
const maxChainImages = 30

// String returns a summary of c: the number of chains and the sizes of
// their layers on a first line, then the table of Table, e.g. for 100
// chains of a 784×500 model started at random:
//
//	100 chains of 784 visible and 500 hidden units
//	matrix                shape    mean
//	V (visible states)  100×784   0.501
//	H (hidden states)   100×500  0.5031
//	PV                  100×784       0
//	PH                  100×500       0
func (c *Chains) String() string {
	if c == nil || c.V == nil || c.H == nil {
		return "mcmc chains <nil>"
	}
	n, nv := c.V.Dims()
	_, nh := c.H.Dims()
	noun := "chains"
	if n == 1 {
		noun = "chain"
	}
	title := fmt.Sprintf("%s %s of %s visible and %s hidden units", show.Count(n), noun, show.Count(nv), show.Count(nh))
	return title + "\n" + show.Table(c.Table())
}

// Table returns, for each of V, H, PV and PH that is not nil, its shape
// and the mean of its finite values (for binary states, the fraction of
// units that are on).
func (c *Chains) Table() (header []string, rows [][]string) {
	if c == nil {
		return nil, nil
	}
	for _, m := range []struct {
		name string
		x    *mat.Dense
	}{{"V (visible states)", c.V}, {"H (hidden states)", c.H}, {"PV", c.PV}, {"PH", c.PH}} {
		if m.x == nil || m.x.IsEmpty() {
			continue
		}
		r, k := m.x.Dims()
		rows = append(rows, []string{m.name, fmt.Sprintf("%d×%d", r, k), show.Num(meanOf(m.x))})
	}
	return []string{"matrix", "shape", "mean"}, rows
}

// Image returns the visible states of the first chains (at most 30, ten
// per row) drawn as k×k images when the visible layer has k·k units,
// k ≥ 3; nil otherwise. States in [0, 1] are grey levels from black to
// white; other states (a Gaussian model's) are scaled per chain from its
// minimum to its maximum.
func (c *Chains) Image() image.Image {
	if c == nil || c.V == nil || c.V.IsEmpty() {
		return nil
	}
	n, nv := c.V.Dims()
	k, ok := show.SquareSide(nv)
	if !ok {
		return nil
	}
	n = min(n, maxChainImages)
	normalize := false
	for i := 0; i < n && !normalize; i++ {
		for _, v := range c.V.RawRowView(i) {
			if v < 0 || v > 1 {
				normalize = true
				break
			}
		}
	}
	return show.Grid(n, k, k, show.Scale(k, k), normalize, func(i int, dst []float64) {
		copy(dst, c.V.RawRowView(i))
	})
}

// meanOf returns the mean of the finite values of x.
func meanOf(x *mat.Dense) float64 {
	r, _ := x.Dims()
	var sum float64
	var n int
	for i := 0; i < r; i++ {
		s := show.Of(x.RawRowView(i))
		if s.N > 0 {
			sum += s.Mean * float64(s.N)
			n += s.N
		}
	}
	return sum / float64(n)
}
