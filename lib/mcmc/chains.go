package mcmc

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Chains is a batch of persistent Markov chains of a binary RBM: row k of V
// (n×m) and row k of H (n×n_h) is the state (v, h) of chain k.
//
// V and H are the whole state: a sampler (see [Sampler]) reads them and
// writes the new state into them, and nothing else is carried from one
// transition or one Sample to the next. PV and PH are the samplers'
// scratch: the samplers of this package leave in them the conditional
// probabilities their last transition drew from (for Gibbs, PH[k,j] =
// p(h_j = 1 | v) for the visible state the last step started from and
// PV[k,i] = p(v_i = 1 | h) for the new hidden state), for inspection. Code
// that needs p(h|v) of the current V computes it (HiddenProb) rather than
// trusting PH, which another sampler may have left in any state.
//
// The fields may be read and written directly (e.g. to set V to data), as
// long as their shapes stay n×m and n×n_h.
type Chains struct {
	// V (n×m) and H (n×n_h) are the states, one chain per row.
	V, H *mat.Dense
	// PV (n×m) and PH (n×n_h) are the probabilities of the last transition
	// of a sampler of this package (scratch for any other).
	PV, PH *mat.Dense

	// wg waits for the parallel blocks of a half-step on these chains.
	wg *sync.WaitGroup
	// f32 holds float32 copies of the states and the model for samplers
	// running a model of precision Float32 (precision.go).
	f32 *chains32
	// l64 holds the float64 view of a model and these chains during a
	// Sample call (view64): bands of chains on other goroutines point to
	// it, so it lives here rather than on the stack, and the steady state
	// does not allocate.
	l64 *layers[float64]
}

// layers64 returns the chains' float64 layers of m (view64), in storage
// kept from call to call.
func (c *Chains) layers64(m *rbm.Binary) *layers[float64] {
	if c.l64 == nil {
		c.l64 = new(layers[float64])
	}
	*c.l64 = view64(m, c)
	return c.l64
}

// waiter returns the chains' wait group, making it on first use.
func (c *Chains) waiter() *sync.WaitGroup {
	if c.wg == nil {
		c.wg = new(sync.WaitGroup)
	}
	return c.wg
}

// MaxChainValues bounds the chains that NewChains makes: n·(visible +
// hidden) ≤ MaxChainValues = 2^27 states, so that the four matrices of
// Chains (states and probabilities of both layers) hold at most 2 GiB of
// float64. More is refused with an error naming the number of chains
// before anything is allocated (a typo such as a billion chains must not
// end the process with a fatal out-of-memory); the learners make their
// chains with NewChains, so their first update gives that error.
const MaxChainValues = 1 << 27

// CheckChainCount returns an error naming n when n chains of m would hold
// more than MaxChainValues states (n·(visible + hidden)), for code that
// allocates for the chains before NewChains does (the learners' starting
// states).
func CheckChainCount(m rbm.Model, n int) error {
	nv, nh := m.Visible(), m.Hidden()
	if nv+nh > 0 && int64(n) > MaxChainValues/int64(nv+nh) {
		return fmt.Errorf("number of chains %d is too large: %d chains of %d visible and %d hidden units hold %.3g states, above MaxChainValues = %d",
			n, n, nv, nh, float64(n)*float64(nv+nh), MaxChainValues)
	}
	return nil
}

// NewChains returns n chains for a model with m.Visible() visible and
// m.Hidden() hidden units. Each unit of V and H starts Bernoulli(½) drawn
// from rng; a nil rng starts every unit at 0. n·(visible + hidden) must be
// at most MaxChainValues.
func NewChains(m rbm.Model, n int, rng *rand.Rand) (*Chains, error) {
	if m == nil {
		return nil, errors.New("mcmc: NewChains: nil model")
	}
	if n <= 0 {
		return nil, fmt.Errorf("mcmc: NewChains: number of chains must be positive, got %d", n)
	}
	nv, nh := m.Visible(), m.Hidden()
	if nv <= 0 || nh <= 0 {
		return nil, fmt.Errorf("mcmc: NewChains: model has %d visible and %d hidden units", nv, nh)
	}
	if err := CheckChainCount(m, n); err != nil {
		return nil, fmt.Errorf("mcmc: NewChains: %w", err)
	}
	c := &Chains{
		V:  mat.NewDense(n, nv, nil),
		H:  mat.NewDense(n, nh, nil),
		PV: mat.NewDense(n, nv, nil),
		PH: mat.NewDense(n, nh, nil),
	}
	if rng != nil {
		for _, x := range [][]float64{c.V.RawMatrix().Data, c.H.RawMatrix().Data} {
			for i := range x {
				if rng.Uint64()&1 == 1 {
					x[i] = 1
				}
			}
		}
	}
	return c, nil
}

// NewChainsFrom returns one chain per row of v (a batch of visible states,
// typically data, with m.Visible() columns), with hidden states 0.
func NewChainsFrom(m rbm.Model, v mat.Matrix) (*Chains, error) {
	if m == nil || v == nil {
		return nil, errors.New("mcmc: NewChainsFrom: nil model or data")
	}
	r, _ := v.Dims()
	c, err := NewChains(m, r, nil)
	if err != nil {
		return nil, fmt.Errorf("mcmc: NewChainsFrom: %w", err)
	}
	if err := c.SetVisible(v); err != nil {
		return nil, fmt.Errorf("mcmc: NewChainsFrom: %w", err)
	}
	return c, nil
}

// Len returns the number of chains.
func (c *Chains) Len() int { r, _ := c.V.Dims(); return r }

// SetVisible copies v into V, resizing the chains to v's number of rows if
// it differs (buffers are reused when large enough). v must have as many
// columns as V, at least one row, and no NaN or infinite value; otherwise
// SetVisible returns an error and leaves c unchanged.
func (c *Chains) SetVisible(v mat.Matrix) error {
	if c == nil || c.V == nil {
		return errors.New("mcmc: SetVisible: nil chains")
	}
	if v == nil {
		return errors.New("mcmc: SetVisible: nil batch")
	}
	r, cols := v.Dims()
	_, nv := c.V.Dims()
	if cols != nv {
		return fmt.Errorf("mcmc: SetVisible: batch has %d columns, chains have %d visible units", cols, nv)
	}
	if r == 0 {
		return errors.New("mcmc: SetVisible: empty batch")
	}
	if i, j, bad := nonFinite(v); bad {
		return fmt.Errorf("mcmc: SetVisible: batch has %v at row %d, column %d", v.At(i, j), i, j)
	}
	c.resize(r)
	c.V.Copy(v)
	return nil
}

// nonFinite returns the position of the first NaN or infinite element.
func nonFinite(v mat.Matrix) (i, j int, bad bool) {
	r, cols := v.Dims()
	if d, ok := v.(*mat.Dense); ok {
		raw := d.RawMatrix()
		for i := 0; i < r; i++ {
			for j, x := range raw.Data[i*raw.Stride : i*raw.Stride+cols] {
				if x-x != 0 { // NaN or ±Inf (x − x is 0 for every finite x): one test per element
					return i, j, true
				}
			}
		}
		return 0, 0, false
	}
	for i := 0; i < r; i++ {
		for j := 0; j < cols; j++ {
			if x := v.At(i, j); math.IsNaN(x) || math.IsInf(x, 0) {
				return i, j, true
			}
		}
	}
	return 0, 0, false
}

// HiddenProb sets PH = p(h=1 | V) under m for the current V,
//
//	PH_kj = σ(V_{k·}W_{·j} + c_j),
//
// e.g. for a learner's negative statistics E[h|v]. To start chains at data
// and get p(h|v) of the data as well, use SampleFrom.
func (c *Chains) HiddenProb(m *rbm.Binary) error {
	if err := checkModel(m, c); err != nil {
		return fmt.Errorf("mcmc: HiddenProb: %w", err)
	}
	if m.Precision == rbm.Float32 {
		l := c.load32(m, false, false)
		hiddenProbs(c.waiter(), l)
		load(general(c.PH), l.ph)
		return nil
	}
	hiddenProbs(c.waiter(), c.layers64(m))
	return nil
}

// resize makes every matrix of c have r rows, reusing storage.
func (c *Chains) resize(r int) {
	if c.Len() == r {
		return
	}
	for _, d := range []*mat.Dense{c.V, c.H, c.PV, c.PH} {
		_, k := d.Dims()
		d.Reset()
		d.ReuseAs(r, k)
	}
}

// checkModel reports whether m and c fit together.
func checkModel(m *rbm.Binary, c *Chains) error {
	if m == nil || m.W == nil {
		return errors.New("nil model")
	}
	if c == nil || c.V == nil || c.H == nil {
		return errors.New("nil chains")
	}
	nv, nh := m.W.Dims()
	if raw := m.W.RawMatrix(); raw.Stride != nh {
		return fmt.Errorf("model weights are a non-contiguous view (stride %d, %d columns)", raw.Stride, nh)
	}
	if len(m.B) != nv || len(m.C) != nh {
		return fmt.Errorf("model has %d×%d weights but %d visible and %d hidden biases", nv, nh, len(m.B), len(m.C))
	}
	n, cv := c.V.Dims()
	hn, ch := c.H.Dims()
	if cv != nv || ch != nh || hn != n {
		return fmt.Errorf("chains have V %d×%d and H %d×%d, model has %d visible and %d hidden units", n, cv, hn, ch, nv, nh)
	}
	if c.PV == nil || c.PH == nil {
		return errors.New("chains lack PV or PH (make them with NewChains)")
	}
	if r, k := c.PV.Dims(); r != n || k != nv {
		return fmt.Errorf("chains have PV %d×%d, want %d×%d", r, k, n, nv)
	}
	if r, k := c.PH.Dims(); r != n || k != nh {
		return fmt.Errorf("chains have PH %d×%d, want %d×%d", r, k, n, nh)
	}
	return nil
}
