package rbm

import (
	"fmt"
	"image"
	"math"

	"github.com/rbm-kernel/rbm-kernel/internal/show"
	"gonum.org/v1/gonum/mat"
)

// How a model shows itself: a one-line title, a table of its parameters'
// statistics and, when its visible layer is a square image, its filters.
// Notebooks show the three together (the kernel's display finds the
// methods String, Table and Image); programs print m or call them.

// maxFilters bounds the filters that Image draws.
const maxFilters = 100

// String returns a summary of m: its kind, layer sizes and number of
// parameters on a first line, then the mean, standard deviation, minimum
// and maximum of its weights and biases (Table), e.g. for
// NewBinary(784, 500, &Init{WeightStd: 0.01, Seed: 1}):
//
//	binary RBM, 784 visible × 500 hidden units: 393,284 parameters (float64)
//	parameter         shape        mean      std       min     max
//	weights W       784×500  -6.966e-06  0.01001  -0.04857  0.0447
//	visible bias b      784           0        0         0       0
//	hidden bias c       500           0        0         0       0
func (m *Binary) String() string {
	if m == nil || m.W == nil {
		return "binary RBM <nil>"
	}
	return m.title() + "\n" + show.Table(m.Table())
}

func (m *Binary) title() string {
	nv, nh := m.W.Dims()
	return fmt.Sprintf("binary RBM, %s visible × %s hidden units: %s parameters (float64)",
		show.Count(nv), show.Count(nh), show.Count(nv*nh+len(m.B)+len(m.C)))
}

// statsHeader is the header of a model's Table.
var statsHeader = []string{"parameter", "shape", "mean", "std", "min", "max"}

// Table returns the statistics of m's parameters as a table: a header row
// and one row per parameter (weights W, visible bias b, hidden bias c)
// with its shape and the mean, standard deviation, minimum and maximum of
// its finite values (a last cell counts the values that are not finite,
// if any).
func (m *Binary) Table() (header []string, rows [][]string) {
	if m == nil || m.W == nil {
		return nil, nil
	}
	return statsHeader, [][]string{
		paramRow("weights W", m.W),
		vecRow("visible bias b", m.B),
		vecRow("hidden bias c", m.C),
	}
}

// Image returns the filters of m's first hidden units (at most 100, ten
// per row): column j of W drawn as an image, each scaled to its own range
// from black to white, when the visible layer is a square image of k×k
// units, k ≥ 3 (784 = 28×28; 9 = 3×3); nil otherwise. For other shapes,
// draw W with viz.Filters.
func (m *Binary) Image() image.Image {
	if m == nil || m.W == nil {
		return nil
	}
	return filters(m.W)
}

// String returns a summary of g: its kind, layer sizes and number of
// parameters on a first line, then the statistics of its parameters
// (Table): weights, hidden bias, visible means μ and the visible standard
// deviations σ = exp(LogVar/2), e.g. for NewGaussian(2, 16, &Init{WeightStd:
// 0.01, Seed: 1}):
//
//	Gaussian-Bernoulli RBM, 2 visible × 16 hidden units: 52 parameters (float64)
//	parameter       shape        mean       std       min      max
//	weights W        2×16  -0.0001755  0.009672  -0.02337  0.01515
//	hidden bias c      16           0         0         0        0
//	visible mean μ      2           0         0         0        0
//	visible std σ       2           1         0         1        1
func (g *Gaussian) String() string {
	if g == nil || g.W == nil {
		return "Gaussian-Bernoulli RBM <nil>"
	}
	nv, nh := g.W.Dims()
	title := fmt.Sprintf("Gaussian-Bernoulli RBM, %s visible × %s hidden units: %s parameters (float64)",
		show.Count(nv), show.Count(nh), show.Count(nv*nh+len(g.C)+len(g.Mu)+len(g.LogVar)))
	return title + "\n" + show.Table(g.Table())
}

// Table returns the statistics of g's parameters as a table: a header row
// and one row per parameter (weights W, hidden bias c, visible mean μ,
// visible standard deviation σ = exp(LogVar/2)) with its shape and the
// mean, standard deviation, minimum and maximum of its finite values.
func (g *Gaussian) Table() (header []string, rows [][]string) {
	if g == nil || g.W == nil {
		return nil, nil
	}
	sigma := make([]float64, len(g.LogVar))
	for i, lv := range g.LogVar {
		sigma[i] = math.Exp(lv / 2)
	}
	return statsHeader, [][]string{
		paramRow("weights W", g.W),
		vecRow("hidden bias c", g.C),
		vecRow("visible mean μ", g.Mu),
		vecRow("visible std σ", sigma),
	}
}

// Image returns the filters of g's first hidden units as Binary.Image
// does, when the visible layer is a square image; nil otherwise.
func (g *Gaussian) Image() image.Image {
	if g == nil || g.W == nil {
		return nil
	}
	return filters(g.W)
}

// paramRow is a table row for the matrix w.
func paramRow(name string, w *mat.Dense) []string {
	r, c := w.Dims()
	var s show.Stats
	if raw := w.RawMatrix(); raw.Stride == c {
		s = show.Of(raw.Data[:r*c])
	} else {
		s = show.Of(mat.DenseCopyOf(w).RawMatrix().Data)
	}
	return append([]string{name, fmt.Sprintf("%d×%d", r, c)}, s.Row()...)
}

// vecRow is a table row for the vector x.
func vecRow(name string, x []float64) []string {
	return append([]string{name, fmt.Sprint(len(x))}, show.Of(x).Row()...)
}

// filters draws the columns of w (visible×hidden) of the first hidden
// units as square images, or returns nil when the visible layer is not
// square.
func filters(w *mat.Dense) image.Image {
	nv, nh := w.Dims()
	k, ok := show.SquareSide(nv)
	if !ok || nh == 0 {
		return nil
	}
	n := min(nh, maxFilters)
	raw := w.RawMatrix()
	return show.Grid(n, k, k, show.Scale(k, k), true, func(j int, dst []float64) {
		for i := range dst {
			dst[i] = raw.Data[i*raw.Stride+j]
		}
	})
}
