package mcmc

import (
	"context"
	"errors"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// TestFirstClassChangesMatchesFirstChange checks FirstClassChanges and
// ClassChangesFrom against the class sequences of the same chains run by
// hand (SampleFrom, then one Sample per step, with a sampler of the same
// seed): chain k's result is FirstChange of the classes of v_0, v_1, …
// (−1 where it never changes), and ClassChangesFrom is ClassChanges of
// v_1, …, v_steps; for G and T on a 4×3 model with moderate weights, whose
// chains change class within a few steps, and two modes 4 pixels apart.
func TestFirstClassChangesMatchesFirstChange(t *testing.T) {
	m, err := rbm.NewBinary(4, 3, &rbm.Init{WeightStd: 1, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	modes := mat.NewDense(2, 4, []float64{0, 0, 0, 0, 1, 1, 1, 1})
	starts := mat.NewDense(6, 4, []float64{0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 0, 1, 1, 0, 0, 0, 1, 1, 1})
	const steps = 30
	for _, alpha := range []float64{0, 1} {
		mk := func() Sampler { f, _ := NewFlip(alpha, 9); return f }
		got, err := FirstClassChanges(context.Background(), mk(), m, starts, modes, steps)
		if err != nil {
			t.Fatal(err)
		}
		s := mk()
		c, _ := NewChains(m, 6, nil)
		var p0 mat.Dense
		seqs := make([][]int, 6)
		cls, _ := Classes(nil, starts, modes)
		for k := range seqs {
			seqs[k] = append(seqs[k], cls[k])
		}
		changed := 0
		for step := 1; step <= steps; step++ {
			if step == 1 {
				err = SampleFrom(s, m, c, starts, 1, &p0)
			} else {
				err = s.Sample(m, c, 1)
			}
			if err != nil {
				t.Fatal(err)
			}
			cls, _ = Classes(cls, c.V, modes)
			for k := range seqs {
				seqs[k] = append(seqs[k], cls[k])
			}
		}
		for k, seq := range seqs {
			if want := FirstChange(seq); got[k] != want {
				t.Errorf("α = %v, chain %d: FirstClassChanges %d, FirstChange of its classes %d", alpha, k, got[k], want)
			}
			if got[k] > 0 {
				changed++
			}
		}
		if changed == 0 {
			t.Errorf("α = %v: no chain changed class in %d steps; the test compares nothing", alpha, steps)
		}
		n, err := ClassChangesFrom(context.Background(), mk(), m, starts.RawRowView(0), modes, steps)
		if err != nil {
			t.Fatal(err)
		}
		// The same chain alone (the draws of chains in one block of 16 come
		// from one stream, so a chain alone draws other numbers).
		s, one := mk(), mat.DenseCopyOf(starts.Slice(0, 1, 0, 4))
		c, _ = NewChains(m, 1, nil)
		p0 = mat.Dense{}
		var seq []int
		for step := 1; step <= steps; step++ {
			if step == 1 {
				err = SampleFrom(s, m, c, one, 1, &p0)
			} else {
				err = s.Sample(m, c, 1)
			}
			if err != nil {
				t.Fatal(err)
			}
			cl, _ := Classes(nil, c.V, modes)
			seq = append(seq, cl[0])
		}
		if want := ClassChanges(seq); n != want || n == 0 {
			t.Errorf("α = %v: ClassChangesFrom %d, ClassChanges of the chain's classes %d (want equal and positive)", alpha, n, want)
		}
	}
}

// TestFirstClassChangesDeterministic checks the two ends on a model whose
// chains are deterministic: visible biases +30 and zero weights put every
// visible unit at 1 after one step, so a chain started in mode 0 (all off)
// changes class at t = 1, one started in mode 1 (all on) never (−1), and
// the chain from all off has no class change after its first step.
func TestFirstClassChangesDeterministic(t *testing.T) {
	m, _ := rbm.NewBinary(3, 2, nil)
	for i := range m.B {
		m.B[i] = 30
	}
	modes := mat.NewDense(2, 3, []float64{0, 0, 0, 1, 1, 1})
	got, err := FirstClassChanges(context.Background(), NewGibbs(1), m, modes, modes, 5)
	if err != nil {
		t.Fatal(err)
	}
	if got[0] != 1 || got[1] != -1 {
		t.Errorf("first changes %v, want [1 -1]", got)
	}
	if n, err := ClassChangesFrom(context.Background(), NewGibbs(1), m, []float64{0, 0, 0}, modes, 5); err != nil || n != 0 {
		t.Errorf("ClassChangesFrom = %d, %v; want 0", n, err)
	}
}

// TestFirstClassChangesErrors checks the refusals and the cancellation.
func TestFirstClassChangesErrors(t *testing.T) {
	m, _ := rbm.NewBinary(3, 2, nil)
	modes := mat.NewDense(2, 3, []float64{0, 0, 0, 1, 1, 1})
	bg := context.Background()
	if _, err := FirstClassChanges(bg, nil, m, modes, modes, 5); err == nil {
		t.Error("nil sampler accepted")
	}
	if _, err := FirstClassChanges(bg, NewGibbs(1), m, modes, modes, -1); err == nil {
		t.Error("negative steps accepted")
	}
	if _, err := FirstClassChanges(bg, NewGibbs(1), m, mat.NewDense(1, 4, nil), modes, 5); err == nil {
		t.Error("starts of the wrong width accepted")
	}
	if _, err := ClassChangesFrom(bg, NewGibbs(1), m, []float64{0, 0}, modes, 5); err == nil {
		t.Error("a start of the wrong length accepted")
	}
	ctx, cancel := context.WithCancel(bg)
	cancel()
	if _, err := FirstClassChanges(ctx, NewGibbs(1), m, modes, modes, 5); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled FirstClassChanges: %v", err)
	}
	if _, err := ClassChangesFrom(ctx, NewGibbs(1), m, []float64{0, 0, 0}, modes, 5); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled ClassChangesFrom: %v", err)
	}
}
