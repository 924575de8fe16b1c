package learn

import (
	"encoding"
	"fmt"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
)

// MarshalBinary returns the learner's state: its settings, the state of
// its noise source, the negative chains of the last update (which the
// next update draws afresh: they are kept for Negative), LastNorm and the
// sampler's state.
func (l *ModifiedCD) MarshalBinary() ([]byte, error) {
	if l.src == nil {
		return nil, fmt.Errorf("learn: ModifiedCD: not made with NewModifiedCD")
	}
	var w statebin.Writer
	w.String("learn.ModifiedCD/1")
	w.Int(l.K)
	w.F64(l.Step)
	w.Bool(l.Marginal)
	w.F64(l.Clip)
	w.Int(l.Chains)
	w.Bool(l.SamplePositive)
	w.F64(l.LastNorm)
	w.PCG(l.src)
	if err := writeChains(&w, l.chains); err != nil {
		return nil, fmt.Errorf("learn: ModifiedCD: %w", err)
	}
	if err := writeSampler(&w, l.Sampler, "ModifiedCD"); err != nil {
		return nil, err
	}
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into l, which
// must have been made with NewModifiedCD, have the same settings (K, Step,
// Marginal, Clip, Chains, SamplePositive) and a sampler of the same kind
// and settings.
func (l *ModifiedCD) UnmarshalBinary(b []byte) error {
	if l.src == nil {
		return fmt.Errorf("learn: ModifiedCD: not made with NewModifiedCD")
	}
	r := statebin.NewReader(b)
	r.Tag("learn.ModifiedCD/1")
	r.Check("K", r.Int("K"), l.K)
	r.Check("Step", r.F64("Step"), l.Step)
	r.Check("Marginal", r.Bool("Marginal"), l.Marginal)
	r.Check("Clip", r.F64("Clip"), l.Clip)
	r.Check("Chains", r.Int("Chains"), l.Chains)
	r.Check("SamplePositive", r.Bool("SamplePositive"), l.SamplePositive)
	norm := r.F64("LastNorm")
	var src rand.PCG
	r.PCG("source", &src)
	c := readChains(r, "chains")
	s := r.Blob("sampler")
	if err := r.Done("ModifiedCD"); err != nil {
		return fmt.Errorf("learn: ModifiedCD: %w", err)
	}
	if err := readSampler(l.Sampler, s, "ModifiedCD"); err != nil {
		return err
	}
	*l.src = src
	l.LastNorm, l.chains, l.grad, l.ph = norm, c, nil, nil
	return nil
}

var (
	_ encoding.BinaryMarshaler   = (*ModifiedCD)(nil)
	_ encoding.BinaryUnmarshaler = (*ModifiedCD)(nil)
)
