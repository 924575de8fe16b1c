package mcmc

import (
	"encoding"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
)

// The samplers and chains of this package save their state for a
// checkpoint (package learn's Run.Save) through encoding.BinaryMarshaler
// and restore it into a sampler made with the same settings through
// encoding.BinaryUnmarshaler. The state holds what the next transitions
// depend on: the random streams, the replicas of Tempered and its swap
// counts; a sampler restored from it continues bit for bit as the saved
// one would have. The settings it was made with (seed, α, inverse
// temperatures, steps) are stored beside the state and checked: restoring
// into a sampler made with other settings is an error naming the setting.

// MarshalBinary returns the chains' state: the shapes and elements of V,
// H, PV and PH.
func (c *Chains) MarshalBinary() ([]byte, error) {
	if c == nil || c.V == nil || c.H == nil {
		return nil, errors.New("mcmc: Chains.MarshalBinary: nil chains")
	}
	var w statebin.Writer
	w.String("mcmc.Chains/1")
	w.Dense(c.V)
	w.Dense(c.H)
	w.Dense(c.PV)
	w.Dense(c.PH)
	return w.Bytes(), nil
}

// UnmarshalBinary replaces c's matrices by those of a state written by
// MarshalBinary. It returns an error, leaving c unchanged, when the state
// is malformed or its matrices do not have matching shapes (V and PV n×m,
// H and PH n×n_h).
func (c *Chains) UnmarshalBinary(b []byte) error {
	r := statebin.NewReader(b)
	r.Tag("mcmc.Chains/1")
	v, h, pv, ph := r.Dense("V"), r.Dense("H"), r.Dense("PV"), r.Dense("PH")
	if err := r.Done("chains"); err != nil {
		return fmt.Errorf("mcmc: Chains.UnmarshalBinary: %w", err)
	}
	if v == nil || h == nil || pv == nil || ph == nil {
		return errors.New("mcmc: Chains.UnmarshalBinary: a matrix is missing")
	}
	n, nv := v.Dims()
	hn, nh := h.Dims()
	pr, pc := pv.Dims()
	qr, qc := ph.Dims()
	if hn != n || pr != n || pc != nv || qr != n || qc != nh {
		return fmt.Errorf("mcmc: Chains.UnmarshalBinary: shapes V %d×%d, H %d×%d, PV %d×%d, PH %d×%d do not match", n, nv, hn, nh, pr, pc, qr, qc)
	}
	c.V, c.H, c.PV, c.PH = v, h, pv, ph
	return nil
}

// writeStreams writes the block streams of Gibbs and Flip.
func writeStreams(w *statebin.Writer, srcs []rand.PCG) {
	w.Int(len(srcs))
	for i := range srcs {
		w.PCG(&srcs[i])
	}
}

// readStreams reads what writeStreams wrote.
func readStreams(r *statebin.Reader) []rand.PCG {
	n := r.Count("streams", 1<<24)
	srcs := make([]rand.PCG, 0, min(n, 1024))
	for i := 0; i < n && r.Err() == nil; i++ {
		var p rand.PCG
		r.PCG(fmt.Sprintf("stream %d", i), &p)
		srcs = append(srcs, p)
	}
	return srcs
}

// MarshalBinary returns the sampler's state: its seed and the states of
// its random streams.
func (g *Gibbs) MarshalBinary() ([]byte, error) {
	if g == nil || g.srcs == nil {
		return nil, errors.New("mcmc: Gibbs.MarshalBinary: sampler not made with NewGibbs")
	}
	var w statebin.Writer
	w.String("mcmc.Gibbs/1")
	w.U64(g.seed)
	writeStreams(&w, g.srcs)
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into g, which
// must have been made with NewGibbs and the same seed.
func (g *Gibbs) UnmarshalBinary(b []byte) error {
	if g == nil || g.srcs == nil {
		return errors.New("mcmc: Gibbs.UnmarshalBinary: sampler not made with NewGibbs")
	}
	r := statebin.NewReader(b)
	r.Tag("mcmc.Gibbs/1")
	r.Check("seed", r.U64("seed"), g.seed)
	srcs := readStreams(r)
	if err := r.Done("Gibbs"); err != nil {
		return fmt.Errorf("mcmc: Gibbs.UnmarshalBinary: %w", err)
	}
	g.srcs = srcs
	return nil
}

// MarshalBinary returns the sampler's state: α, its seed and the states
// of its random streams.
func (f *Flip) MarshalBinary() ([]byte, error) {
	if f == nil || f.srcs == nil {
		return nil, errors.New("mcmc: Flip.MarshalBinary: sampler not made with NewFlip")
	}
	var w statebin.Writer
	w.String("mcmc.Flip/1")
	w.F64(f.Alpha())
	w.U64(f.seed)
	writeStreams(&w, f.srcs)
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into f, which
// must have been made with NewFlip, the same seed and have the same α
// now (after any SetAlpha) as the sampler that wrote it.
func (f *Flip) UnmarshalBinary(b []byte) error {
	if f == nil || f.srcs == nil {
		return errors.New("mcmc: Flip.UnmarshalBinary: sampler not made with NewFlip")
	}
	r := statebin.NewReader(b)
	r.Tag("mcmc.Flip/1")
	r.Check("alpha", r.F64("alpha"), f.Alpha())
	r.Check("seed", r.U64("seed"), f.seed)
	srcs := readStreams(r)
	if err := r.Done("Flip"); err != nil {
		return fmt.Errorf("mcmc: Flip.UnmarshalBinary: %w", err)
	}
	f.srcs = srcs
	return nil
}

// MarshalBinary returns the sampler's state: its settings (the inverse
// temperatures set last, base steps), the state of its swap source, the swap
// counts, the replicas at β < 1 and the state of the base sampler, which
// must implement encoding.BinaryMarshaler (the samplers of this package
// do).
func (p *Tempered) MarshalBinary() ([]byte, error) {
	if p == nil || p.base == nil {
		return nil, errors.New("mcmc: Tempered.MarshalBinary: sampler not made with NewTempered")
	}
	bm, ok := p.base.(encoding.BinaryMarshaler)
	if !ok {
		return nil, fmt.Errorf("mcmc: Tempered.MarshalBinary: base sampler %T cannot save its state (it does not implement encoding.BinaryMarshaler)", p.base)
	}
	base, err := bm.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("mcmc: Tempered.MarshalBinary: base sampler: %w", err)
	}
	var w statebin.Writer
	w.String("mcmc.Tempered/1")
	w.Floats(p.Betas())
	w.Int(p.k)
	w.PCG(p.src)
	w.Ints(p.attempts)
	w.Ints(p.accepts)
	for i := 1; i < len(p.chains); i++ {
		if p.chains[i] == nil {
			w.Blob(nil)
			continue
		}
		b, err := p.chains[i].MarshalBinary()
		if err != nil {
			return nil, fmt.Errorf("mcmc: Tempered.MarshalBinary: replica %d: %w", i, err)
		}
		w.Blob(b)
	}
	w.Blob(base)
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into p, which
// must have been made with NewTempered, as many inverse temperatures, the
// same base steps, and a base sampler of the same kind and settings, which
// must implement encoding.BinaryUnmarshaler. The saved inverse
// temperatures (those set last, see SetBetas) replace p's.
func (p *Tempered) UnmarshalBinary(b []byte) error {
	if p == nil || p.base == nil {
		return errors.New("mcmc: Tempered.UnmarshalBinary: sampler not made with NewTempered")
	}
	bu, ok := p.base.(encoding.BinaryUnmarshaler)
	if !ok {
		return fmt.Errorf("mcmc: Tempered.UnmarshalBinary: base sampler %T cannot restore a state (it does not implement encoding.BinaryUnmarshaler)", p.base)
	}
	r := statebin.NewReader(b)
	r.Tag("mcmc.Tempered/1")
	betas := r.Floats("inverse temperatures")
	if r.Err() == nil && len(betas) != len(p.betas) {
		r.Fail("inverse temperatures", "the saved state has %v, this one has %v", betas, p.Betas())
	} else if r.Err() == nil {
		if err := checkBetas(betas); err != nil {
			r.Fail("inverse temperatures", "%v", err)
		}
	}
	r.Check("base steps", r.Int("base steps"), p.k)
	var src rand.PCG
	r.PCG("swap source", &src)
	attempts, accepts := r.Ints("proposed swaps"), r.Ints("accepted swaps")
	if r.Err() == nil && (len(attempts) != len(p.attempts) || len(accepts) != len(p.accepts)) {
		r.Fail("swap counts", "%d and %d pairs, want %d", len(attempts), len(accepts), len(p.attempts))
	}
	chains := make([]*Chains, len(p.chains))
	for i := 1; i < len(chains) && r.Err() == nil; i++ {
		blob := r.Blob(fmt.Sprintf("replica %d", i))
		if len(blob) == 0 {
			continue
		}
		c := new(Chains)
		if err := c.UnmarshalBinary(blob); err != nil {
			r.Fail(fmt.Sprintf("replica %d", i), "%v", err)
		}
		chains[i] = c
	}
	base := r.Blob("base sampler")
	if err := r.Done("Tempered"); err != nil {
		return fmt.Errorf("mcmc: Tempered.UnmarshalBinary: %w", err)
	}
	for i := 2; i < len(chains); i++ {
		if (chains[i] == nil) != (chains[1] == nil) || chains[i] != nil && chains[i].Len() != chains[1].Len() {
			return fmt.Errorf("mcmc: Tempered.UnmarshalBinary: replicas 1 and %d differ in size", i)
		}
	}
	if err := bu.UnmarshalBinary(base); err != nil {
		return fmt.Errorf("mcmc: Tempered.UnmarshalBinary: base sampler: %w", err)
	}
	*p.src = src
	copy(p.betas, betas)
	p.storeLadder(betas)
	copy(p.attempts, attempts)
	copy(p.accepts, accepts)
	p.chains = chains
	return nil
}

var (
	_ encoding.BinaryMarshaler   = (*Chains)(nil)
	_ encoding.BinaryUnmarshaler = (*Chains)(nil)
	_ encoding.BinaryMarshaler   = (*Gibbs)(nil)
	_ encoding.BinaryUnmarshaler = (*Gibbs)(nil)
	_ encoding.BinaryMarshaler   = (*Flip)(nil)
	_ encoding.BinaryUnmarshaler = (*Flip)(nil)
	_ encoding.BinaryMarshaler   = (*Tempered)(nil)
	_ encoding.BinaryUnmarshaler = (*Tempered)(nil)
)

// Reset forgets the replicas at β < 1 and the swap counts, e.g. before
// sampling another model: the next Sample starts the replicas afresh, as
// the first one did. The random sources run on.
func (p *Tempered) Reset() {
	for i := range p.chains {
		p.chains[i] = nil
	}
	clear(p.attempts)
	clear(p.accepts)
}
