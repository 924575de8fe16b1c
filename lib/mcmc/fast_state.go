package mcmc

import (
	"encoding"
	"errors"
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// writeFast writes the settings and fast parameters shared by Herding and
// RatesFPCD.
func writeFast(w *statebin.Writer, rates *Rates, step, decay float64, k int, fast *rbm.Binary) {
	w.F64(step)
	w.F64(decay)
	w.Int(k)
	w.Bool(rates != nil)
	if rates != nil {
		w.Dense(rates.W)
		w.Floats(rates.B)
		w.Floats(rates.C)
	}
	w.Bool(fast != nil)
	if fast != nil {
		w.Dense(fast.W)
		w.Floats(fast.B)
		w.Floats(fast.C)
	}
}

// readFast reads what writeFast wrote, checking the settings against
// those of the sampler, and returns the fast parameters (nil if none).
func readFast(r *statebin.Reader, rates *Rates, step, decay float64, k int) *rbm.Binary {
	r.Check("step", r.F64("step"), step)
	r.Check("decay", r.F64("decay"), decay)
	r.Check("k", r.Int("k"), k)
	has := r.Bool("rates")
	r.Check("rates set", has, rates != nil)
	if has && r.Err() == nil {
		w, b, c := r.Dense("rates W"), r.Floats("rates B"), r.Floats("rates C")
		if r.Err() == nil && !sameRates(rates, w, b, c) {
			r.Fail("rates", "the saved state has other rates than this sampler")
		}
	}
	if !r.Bool("fast parameters") || r.Err() != nil {
		return nil
	}
	fast := &rbm.Binary{W: r.Dense("fast W"), B: r.Floats("fast B"), C: r.Floats("fast C")}
	if r.Err() != nil {
		return nil
	}
	if err := fast.Validate(); err != nil {
		r.Fail("fast parameters", "%v", err)
		return nil
	}
	return fast
}

// sameRates reports whether rates has exactly the values w, b, c.
func sameRates(rates *Rates, w *mat.Dense, b, c []float64) bool {
	if w == nil || len(b) != len(rates.B) || len(c) != len(rates.C) {
		return false
	}
	if r, k := w.Dims(); r != len(rates.B) || k != len(rates.C) {
		return false
	}
	same := func(x, y []float64) bool {
		for i := range x {
			if math.Float64bits(x[i]) != math.Float64bits(y[i]) {
				return false
			}
		}
		return true
	}
	for i := range rates.B {
		if !same(w.RawRowView(i), rates.W.RawRowView(i)) {
			return false
		}
	}
	return same(b, rates.B) && same(c, rates.C)
}

// MarshalBinary returns the sampler's state: its settings (rates, step,
// decay, steps) and the fast parameters θ_F.
func (s *Herding) MarshalBinary() ([]byte, error) {
	if s == nil || s.k == 0 {
		return nil, errors.New("mcmc: Herding.MarshalBinary: sampler not made with NewHerding")
	}
	var w statebin.Writer
	w.String("mcmc.Herding/1")
	writeFast(&w, s.rates, s.step, s.decay, s.k, s.fast)
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into s, which
// must have been made with NewHerding and the same settings.
func (s *Herding) UnmarshalBinary(b []byte) error {
	if s == nil || s.k == 0 {
		return errors.New("mcmc: Herding.UnmarshalBinary: sampler not made with NewHerding")
	}
	r := statebin.NewReader(b)
	r.Tag("mcmc.Herding/1")
	fast := readFast(r, s.rates, s.step, s.decay, s.k)
	if err := r.Done("Herding"); err != nil {
		return fmt.Errorf("mcmc: Herding.UnmarshalBinary: %w", err)
	}
	s.restore(fast)
	return nil
}

// MarshalBinary returns the sampler's state: its settings (rates, step,
// decay, steps), the fast parameters θ_F and the state of its Gibbs
// sampler.
func (s *RatesFPCD) MarshalBinary() ([]byte, error) {
	if s == nil || s.gibbs == nil {
		return nil, errors.New("mcmc: RatesFPCD.MarshalBinary: sampler not made with NewRatesFPCD")
	}
	g, err := s.gibbs.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("mcmc: RatesFPCD.MarshalBinary: %w", err)
	}
	var w statebin.Writer
	w.String("mcmc.RatesFPCD/1")
	writeFast(&w, s.rates, s.step, s.decay, s.k, s.fast)
	w.Blob(g)
	return w.Bytes(), nil
}

// UnmarshalBinary restores a state written by MarshalBinary into s, which
// must have been made with NewRatesFPCD (or NewPenalized) and the same
// settings and seed.
func (s *RatesFPCD) UnmarshalBinary(b []byte) error {
	if s == nil || s.gibbs == nil {
		return errors.New("mcmc: RatesFPCD.UnmarshalBinary: sampler not made with NewRatesFPCD")
	}
	r := statebin.NewReader(b)
	r.Tag("mcmc.RatesFPCD/1")
	fast := readFast(r, s.rates, s.step, s.decay, s.k)
	g := r.Blob("Gibbs sampler")
	if err := r.Done("RatesFPCD"); err != nil {
		return fmt.Errorf("mcmc: RatesFPCD.UnmarshalBinary: %w", err)
	}
	if err := s.gibbs.UnmarshalBinary(g); err != nil {
		return fmt.Errorf("mcmc: RatesFPCD.UnmarshalBinary: %w", err)
	}
	s.restore(fast)
	return nil
}

var (
	_ encoding.BinaryMarshaler   = (*Herding)(nil)
	_ encoding.BinaryUnmarshaler = (*Herding)(nil)
	_ encoding.BinaryMarshaler   = (*RatesFPCD)(nil)
	_ encoding.BinaryUnmarshaler = (*RatesFPCD)(nil)
)
