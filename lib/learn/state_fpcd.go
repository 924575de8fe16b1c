package learn

import (
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// MarshalBinary returns the learner's state: its settings, the persistent
// chains, the fast parameters θ_F with the fast step still to be made
// (the last gradient, rate and decay), and the sampler's state.
func (l *FPCD) MarshalBinary() ([]byte, error) {
	var w statebin.Writer
	w.String("learn.FPCD/1")
	w.Int(l.K)
	w.Int(l.N)
	w.F64(l.FastRate)
	w.F64(l.Decay)
	if err := writeChains(&w, l.chains); err != nil {
		return nil, fmt.Errorf("learn: FPCD: %w", err)
	}
	w.Bool(l.fast != nil)
	if l.fast != nil {
		w.Dense(l.fast.W)
		w.Floats(l.fast.B)
		w.Floats(l.fast.C)
		w.Bool(l.pending)
		w.F64(l.decay)
		w.F64(l.rate)
		for _, p := range l.grad.Parts {
			w.Floats(p)
		}
	}
	if err := writeSampler(&w, l.Sampler, "FPCD"); err != nil {
		return nil, err
	}
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into l, which
// must have the same K, N and Decay, the same FastRate or 0 (then it takes
// the saved one), and a sampler of the same kind and settings.
func (l *FPCD) UnmarshalBinary(b []byte) error {
	r := statebin.NewReader(b)
	r.Tag("learn.FPCD/1")
	r.Check("K", r.Int("K"), l.K)
	r.Check("N", r.Int("N"), l.N)
	fr := r.F64("FastRate")
	if l.FastRate != 0 {
		r.Check("FastRate", fr, l.FastRate)
	}
	r.Check("Decay", r.F64("Decay"), l.Decay)
	c := readChains(r, "chains")
	var fast *rbm.Binary
	var grad *Grad
	var pending bool
	var decay, rate float64
	if r.Bool("fast parameters") {
		w := r.Dense("fast W")
		fast = &rbm.Binary{W: w, B: r.Floats("fast B"), C: r.Floats("fast C")}
		pending, decay, rate = r.Bool("pending"), r.F64("decay"), r.F64("rate")
		grad = &Grad{Parts: [][]float64{r.Floats("gradient W"), r.Floats("gradient B"), r.Floats("gradient C")}}
		if r.Err() == nil {
			if err := fast.Validate(); err != nil {
				r.Fail("fast parameters", "%v", err)
			} else if c == nil {
				r.Fail("chains", "fast parameters without chains")
			} else if nv, nh := chainShape(c); fast.Visible() != nv || fast.Hidden() != nh {
				r.Fail("fast parameters", "%d×%d, chains %d×%d", fast.Visible(), fast.Hidden(), nv, nh)
			} else if grad.fits(fast.Params()) != nil {
				r.Fail("gradient", "%v", grad.fits(fast.Params()))
			}
		}
	} else if r.Err() == nil && c != nil {
		r.Fail("fast parameters", "chains without fast parameters")
	}
	s := r.Blob("sampler")
	if err := r.Done("FPCD"); err != nil {
		return fmt.Errorf("learn: FPCD: %w", err)
	}
	if err := readSampler(l.Sampler, s, "FPCD"); err != nil {
		return err
	}
	l.Reset()
	l.FastRate = fr
	if fast != nil {
		nv, nh := fast.Visible(), fast.Hidden()
		l.chains, l.fast, l.grad = c, fast, grad
		l.sum = &rbm.Binary{W: mat.NewDense(nv, nh, nil), B: make([]float64, nv), C: make([]float64, nh)}
		l.pending, l.decay, l.rate = pending, decay, rate
	}
	return nil
}
