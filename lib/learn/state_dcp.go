package learn

import (
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
)

// MarshalBinary returns the learner's state: its settings, the chains,
// the offsets μ and λ (centred learners) and the sampler's state.
func (l *dcp) MarshalBinary() ([]byte, error) {
	var w statebin.Writer
	w.String("learn." + l.name + "/1")
	w.Int(l.D)
	w.Int(l.K)
	w.F64(l.RateMu)
	w.F64(l.RateLambda)
	if err := writeChains(&w, l.chains); err != nil {
		return nil, fmt.Errorf("learn: %s: %w", l.name, err)
	}
	w.Bool(l.Mu != nil)
	w.Floats(l.Mu)
	w.Bool(l.Lambda != nil)
	w.Floats(l.Lambda)
	if err := writeSampler(&w, l.Sampler, l.name); err != nil {
		return nil, err
	}
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into l, which
// must have the same D, K, RateMu and RateLambda and a sampler of the same
// kind and settings. The offsets Mu and Lambda are replaced by the saved
// ones.
func (l *dcp) UnmarshalBinary(b []byte) error {
	r := statebin.NewReader(b)
	r.Tag("learn." + l.name + "/1")
	r.Check("D", r.Int("D"), l.D)
	r.Check("K", r.Int("K"), l.K)
	r.Check("RateMu", r.F64("RateMu"), l.RateMu)
	r.Check("RateLambda", r.F64("RateLambda"), l.RateLambda)
	c := readChains(r, "chains")
	hasMu := r.Bool("Mu set")
	mu := r.Floats("Mu")
	hasLam := r.Bool("Lambda set")
	lam := r.Floats("Lambda")
	if r.Err() == nil && (hasMu && mu == nil || hasLam && lam == nil) {
		r.Fail("offsets", "empty offsets")
	}
	s := r.Blob("sampler")
	if err := r.Done(l.name); err != nil {
		return fmt.Errorf("learn: %s: %w", l.name, err)
	}
	if err := readSampler(l.Sampler, s, l.name); err != nil {
		return err
	}
	l.Reset()
	if c != nil {
		l.chains = c
		l.alloc(chainShape(c))
	}
	l.Mu, l.Lambda = mu, lam
	return nil
}
