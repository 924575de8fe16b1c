// Package data provides the data sets of the papers as matrices whose rows
// are examples: Bars and Stripes, Shifting Bar, Artificial Modes, the
// Gaussian mixtures (IsotropicMixture, AnisotropicMixture) and MNIST (read
// from IDX files, with LoadIDX and ReadIDX for any IDX file); binarisation
// (Threshold, Stochastic, MNISTOptions.Binarize) and standardisation;
// the Fréchet distance between sample sets; and mini-batch iteration
// (Batcher).
package data

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Set is a data set: X holds one example per row. Labels, if non-nil, has
// one label per row. Rows×Cols, if non-zero, is the image shape of an
// example (Rows*Cols == number of columns of X), used to draw it. Mean
// and Std, if non-nil, say that X is standardised (Standardize): the
// values in the data's own units are X_ij·Std_j + Mean_j (Unstandardize),
// e.g. the grey levels of standardised MNIST digits.
type Set struct {
	Name   string
	X      *mat.Dense
	Labels []int
	Rows   int
	Cols   int
	Mean   []float64
	Std    []float64
}

// Len returns the number of examples (0 for a nil set or matrix).
func (s *Set) Len() int {
	if s == nil || s.X == nil || s.X.IsEmpty() {
		return 0
	}
	r, _ := s.X.Dims()
	return r
}

// Dim returns the number of columns (units) of an example (0 for a nil set
// or matrix).
func (s *Set) Dim() int {
	if s == nil || s.X == nil || s.X.IsEmpty() {
		return 0
	}
	_, c := s.X.Dims()
	return c
}

// Validate reports the first problem with s: no rows, NaN or infinite
// values (with their row and column), labels or a standardisation (Mean,
// Std) of the wrong length, or an image shape that does not match the
// width.
func (s *Set) Validate() error {
	if s == nil || s.X == nil || s.X.IsEmpty() {
		return fmt.Errorf("data: set is empty")
	}
	r, c := s.X.Dims()
	if r == 0 || c == 0 {
		return fmt.Errorf("data: set %q has shape %dx%d", s.Name, r, c)
	}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			if x := s.X.At(i, j); math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("data: set %q has %v at row %d, column %d", s.Name, x, i, j)
			}
		}
	}
	if s.Labels != nil && len(s.Labels) != r {
		return fmt.Errorf("data: set %q has %d labels for %d rows", s.Name, len(s.Labels), r)
	}
	if (s.Mean != nil || s.Std != nil) && (len(s.Mean) != c || len(s.Std) != c) {
		return fmt.Errorf("data: set %q has %d columns, but its standardisation has %d means and %d deviations", s.Name, c, len(s.Mean), len(s.Std))
	}
	if (s.Rows != 0 || s.Cols != 0) && s.Rows*s.Cols != c {
		return fmt.Errorf("data: set %q has image shape %dx%d but %d columns", s.Name, s.Rows, s.Cols, c)
	}
	return nil
}

// Batcher iterates over a set in mini-batches of a fixed size, reshuffling
// the order at the start of every epoch with its own seeded source. The
// last batch of an epoch may be smaller. Size 0 or ≥ Len gives full-batch
// iteration (no shuffling needed, every batch is the whole set).
type Batcher struct {
	set   *Set
	size  int
	rng   *rand.Rand
	src   *rand.PCG // rng's source, for MarshalBinary
	perm  []int
	pos   int
	epoch int
	buf   *mat.Dense // size×Dim, allocated once
	short *mat.Dense // view of buf's first Len mod size rows, made once
}

// NewBatcher returns a batcher over s with the given batch size and seed.
// A nil or empty set gives a batcher whose Next returns nil.
func NewBatcher(s *Set, size int, seed uint64) *Batcher {
	n := 0
	if s != nil && s.X != nil && !s.X.IsEmpty() {
		n = s.Len()
	}
	if size <= 0 || size > n {
		size = n
	}
	src := rand.NewPCG(seed, 0xda3e39cb94b95bdb)
	b := &Batcher{set: s, size: size, rng: rand.New(src), src: src, perm: make([]int, n)}
	for i := range b.perm {
		b.perm[i] = i
	}
	b.pos = n // force a shuffle on the first call
	b.epoch = -1
	return b
}

// Next returns the next mini-batch. The returned matrix is reused by the
// next call (copy it to keep it). For full-batch iteration it is s.X itself.
// Next allocates nothing after its first call: the short last batch of an
// epoch is a view of the same buffer.
func (b *Batcher) Next() *mat.Dense {
	n := len(b.perm)
	if n == 0 {
		return nil
	}
	if b.size == n {
		if b.pos >= n {
			b.epoch++
			b.pos = 0
		}
		b.pos = n
		return b.set.X
	}
	if b.pos >= n {
		b.rng.Shuffle(n, func(i, j int) { b.perm[i], b.perm[j] = b.perm[j], b.perm[i] })
		b.pos = 0
		b.epoch++
	}
	if b.buf == nil {
		b.buf = mat.NewDense(b.size, b.set.Dim(), nil)
		if r := n % b.size; r != 0 {
			b.short = b.buf.Slice(0, r, 0, b.set.Dim()).(*mat.Dense)
		}
	}
	k := min(b.size, n-b.pos)
	for i := 0; i < k; i++ {
		copy(b.buf.RawRowView(i), b.set.X.RawRowView(b.perm[b.pos+i]))
	}
	b.pos += k
	if k < b.size {
		return b.short
	}
	return b.buf
}

// Epoch returns the number of completed passes before the current batch
// (0 during the first epoch).
func (b *Batcher) Epoch() int { return max(b.epoch, 0) }

// BatchesPerEpoch returns ⌈Len/size⌉ (0 for an empty set).
func (b *Batcher) BatchesPerEpoch() int {
	if b.size == 0 {
		return 0
	}
	return (len(b.perm) + b.size - 1) / b.size
}
