package mcmc

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// liveRun runs s for 4 chunks of 5 steps with mcmc.Run; after the chunk
// that ends at step 10 its observer hands control to another goroutine,
// which calls change (as a widget's callback would), and waits until that
// goroutine is done: the change then falls between two Sample calls
// without any sleep, and the race detector sees the two goroutines.
func liveRun(t *testing.T, s Sampler, m *rbm.Binary, change func()) *Chains {
	t.Helper()
	c, err := NewChains(m, 40, rand.New(rand.NewPCG(5, 6)))
	if err != nil {
		t.Fatal(err)
	}
	req, done := make(chan struct{}), make(chan struct{})
	go func() {
		for range req {
			change()
			done <- struct{}{}
		}
	}()
	defer close(req)
	err = Run(context.Background(), s, m, c, 20, 5, func(n int, _ *Chains) error {
		if n == 10 {
			req <- struct{}{}
			<-done
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// stepped runs s for 10 steps, calls change on this goroutine, and runs
// 10 more: what liveRun must give.
func stepped(t *testing.T, s Sampler, m *rbm.Binary, change func()) *Chains {
	t.Helper()
	c, err := NewChains(m, 40, rand.New(rand.NewPCG(5, 6)))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Sample(m, c, 10); err != nil {
		t.Fatal(err)
	}
	change()
	if err := s.Sample(m, c, 10); err != nil {
		t.Fatal(err)
	}
	return c
}

func equalChains(a, b *Chains) bool { return mat.Equal(a.V, b.V) && mat.Equal(a.H, b.H) }

// TestFlipSetAlphaWhileRunning changes α from another goroutine halfway
// through a run: the chains are bit for bit those of a run that switched
// α at that step, and differ from a run that kept the first α.
func TestFlipSetAlphaWhileRunning(t *testing.T) {
	m := uniformModel(t, 6, 5, 2, 1, rand.New(rand.NewPCG(1, 2)))
	mk := func() *Flip {
		f, err := NewFlip(0, 9)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	f := mk()
	live := liveRun(t, f, m, func() {
		if err := f.SetAlpha(1); err != nil {
			t.Error(err)
		}
	})
	if f.Alpha() != 1 || f.String() != "Flip(α=1)" {
		t.Errorf("Alpha() = %v, String() = %s after SetAlpha(1)", f.Alpha(), f)
	}
	g := mk()
	want := stepped(t, g, m, func() { _ = g.SetAlpha(1) })
	if !equalChains(live, want) {
		t.Error("changing α mid-run gave other chains than switching α after step 10")
	}
	h := mk()
	kept := stepped(t, h, m, func() {})
	if equalChains(live, kept) {
		t.Error("changing α mid-run changed nothing: the new α was not used")
	}
}

func TestFlipSetAlphaErrors(t *testing.T) {
	f, _ := NewFlip(0.3, 1)
	for _, a := range []float64{-0.1, 1.5, math.NaN()} {
		err := f.SetAlpha(a)
		if err == nil || !strings.Contains(err.Error(), "alpha must be in [0, 1]") {
			t.Errorf("SetAlpha(%v): %v", a, err)
		}
	}
	if f.Alpha() != 0.3 {
		t.Errorf("a refused SetAlpha changed α to %v", f.Alpha())
	}
	var z Flip
	if err := z.SetAlpha(0.5); err == nil || !strings.Contains(err.Error(), "NewFlip") {
		t.Errorf("zero Flip: %v", err)
	}
}

// TestTemperedGibbsAtOne: at T = 1 the chains are those of Gibbs with the
// same seed, bit for bit.
func TestTemperedGibbsAtOne(t *testing.T) {
	m := uniformModel(t, 6, 5, 2, 1, rand.New(rand.NewPCG(1, 2)))
	s, err := NewTemperedGibbs(1, 4)
	if err != nil {
		t.Fatal(err)
	}
	a := stepped(t, s, m, func() {})
	b := stepped(t, NewGibbs(4), m, func() {})
	if !equalChains(a, b) {
		t.Error("TemperedGibbs at T = 1 differs from Gibbs")
	}
}

// TestTemperedGibbsDistribution checks that 4000 chains of TemperedGibbs
// at T = 3 on a 2×2 RBM, after 60 steps, are distributed as the exact
// p_T(v, h) ∝ e^{−E/T}, the joint of the model with parameters θ/T (each
// of the 16 states within 5 standard errors).
func TestTemperedGibbsDistribution(t *testing.T) {
	m := uniformModel(t, 2, 2, 3, 1, rand.New(rand.NewPCG(1, 3)))
	const temp, n = 3.0, 4000
	want, err := scaled(m, 1/temp).ExactJointDist()
	if err != nil {
		t.Fatal(err)
	}
	s, _ := NewTemperedGibbs(temp, 11)
	c, err := NewChains(m, n, rand.New(rand.NewPCG(2, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Sample(m, c, 60); err != nil {
		t.Fatal(err)
	}
	got := make([]float64, 16)
	for r := 0; r < n; r++ {
		v, h := c.V.RawRowView(r), c.H.RawRowView(r)
		k := int(v[0]) | int(v[1])<<1 | int(h[0])<<2 | int(h[1])<<3
		got[k] += 1.0 / n
	}
	cold, _ := m.ExactJointDist()
	var far float64 // how far the model's own p is from p_T: the test can tell them apart
	for k := range want {
		se := math.Sqrt(want[k] * (1 - want[k]) / n)
		if d := math.Abs(got[k] - want[k]); d > 5*se+1e-3 {
			t.Errorf("state %d: frequency %.4f, p_T = %.4f (se %.4f)", k, got[k], want[k], se)
		}
		far = math.Max(far, math.Abs(cold[k]-want[k])/math.Max(se, 1e-3))
	}
	if far < 10 {
		t.Fatalf("the model's p and p_T are too close (%.1f se) for the test to tell them apart", far)
	}
}

// TestTemperedGibbsSetWhileRunning changes T from another goroutine
// halfway through a run, as TestFlipSetAlphaWhileRunning does α.
func TestTemperedGibbsSetWhileRunning(t *testing.T) {
	m := uniformModel(t, 6, 5, 2, 1, rand.New(rand.NewPCG(1, 2)))
	s, _ := NewTemperedGibbs(1, 3)
	live := liveRun(t, s, m, func() {
		if err := s.SetTemperature(4); err != nil {
			t.Error(err)
		}
	})
	g, _ := NewTemperedGibbs(1, 3)
	want := stepped(t, g, m, func() { _ = g.SetTemperature(4) })
	if !equalChains(live, want) {
		t.Error("changing T mid-run gave other chains than switching T after step 10")
	}
	h, _ := NewTemperedGibbs(1, 3)
	if equalChains(live, stepped(t, h, m, func() {})) {
		t.Error("changing T mid-run changed nothing")
	}
	for _, bad := range []float64{0, -1, math.Inf(1), math.NaN()} {
		if err := s.SetTemperature(bad); err == nil || !strings.Contains(err.Error(), "finite and positive") {
			t.Errorf("SetTemperature(%v): %v", bad, err)
		}
		if _, err := NewTemperedGibbs(bad, 1); err == nil {
			t.Errorf("NewTemperedGibbs(%v) accepted", bad)
		}
	}
	if s.Temperature() != 4 || s.String() != "TemperedGibbs(T=4)" {
		t.Errorf("Temperature() = %v, String() = %s", s.Temperature(), s)
	}
	var z TemperedGibbs
	if err := z.Sample(m, live, 1); err == nil {
		t.Error("zero TemperedGibbs sampled")
	}
}

// TestTemperedSetBetasWhileRunning changes the ladder of parallel
// tempering from another goroutine halfway through a run, over the Gibbs
// base (tempered inputs) and the Flip base (scaled copies of the model):
// the chains are bit for bit those of a run that switched the ladder at
// that step, and differ from a run that kept the first ladder.
func TestTemperedSetBetasWhileRunning(t *testing.T) {
	m := uniformModel(t, 6, 5, 2, 1, rand.New(rand.NewPCG(1, 2)))
	first, _ := UniformBetas(4)
	hot := []float64{1, 0.5, 0.2, 0.05}
	for _, base := range []func() Sampler{
		func() Sampler { return NewGibbs(8) },
		func() Sampler { return mustFlip(t, 1, 8) },
	} {
		mk := func() *Tempered { return mustTempered(t, base(), first, 1, 3) }
		p := mk()
		live := liveRun(t, p, m, func() {
			if err := p.SetBetas(hot); err != nil {
				t.Error(err)
			}
		})
		if got := p.Betas(); fmt.Sprint(got) != fmt.Sprint(hot) {
			t.Errorf("%T: Betas() = %v after SetBetas(%v)", p.base, got, hot)
		}
		q := mk()
		if want := stepped(t, q, m, func() { _ = q.SetBetas(hot) }); !equalChains(live, want) {
			t.Errorf("%T: a ladder set mid-run gave other chains than switching it after step 10", p.base)
		}
		if kept := stepped(t, mk(), m, func() {}); equalChains(live, kept) {
			t.Errorf("%T: setting the ladder mid-run changed nothing", p.base)
		}
	}
}

// TestTemperedAfterSetBetas: 4-temperature parallel tempering on 10000
// chains of the 3×3 test RBM with doubled parameters runs 50 transitions
// on a uniform ladder, then 100 on the ladder 1, 0.95, 0.9, 0.1; the
// β = 1 chains follow the exact joint and replica 2 the exact joint at
// its new β = 0.9 (it was 1/3), within tvTolerance (derivation in
// gibbs_test.go), as in TestTemperedJoint, whose burn-in argument the 100
// transitions after the change meet.
func TestTemperedAfterSetBetas(t *testing.T) {
	m := scaled(smallModel(t), 2)
	betas, _ := UniformBetas(4)
	next := []float64{1, 0.95, 0.9, 0.1}
	const n = 10000
	pt := mustTempered(t, NewGibbs(6), betas, 1, 19)
	c, _ := NewChains(m, n, rand.New(rand.NewPCG(4, 4)))
	if err := pt.Sample(m, c, 50); err != nil {
		t.Fatal(err)
	}
	if err := pt.SetBetas(next); err != nil {
		t.Fatal(err)
	}
	if err := pt.Sample(m, c, 100); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		i int
		c *Chains
	}{{0, c}, {2, pt.Replica(2)}} {
		checkJointAt(t, "after SetBetas", m, next[tc.i], tc.c)
	}
	// The replicas left the old β_3 = 1/3: replica 2 is far from it.
	old, _ := scaled(m, betas[2]).ExactJointDist()
	want, _ := scaled(m, next[2]).ExactJointDist()
	if d := tv(old, want); d < 4*tvTolerance(want, n) {
		t.Errorf("the test cannot tell β = 1/3 from β = 0.9: TV between their joints %.4f", d)
	}
}

// TestTemperedSetBetasErrors: a ladder of another length or out of order
// is refused naming what is wrong, and the old ladder kept; a state saved
// after SetBetas restores the new ladder.
func TestTemperedSetBetasErrors(t *testing.T) {
	betas, _ := UniformBetas(3)
	p := mustTempered(t, NewGibbs(1), betas, 1, 2)
	for _, tc := range []struct {
		betas []float64
		want  string
	}{
		{[]float64{1, 0.5}, "2 inverse temperatures, want 3"},
		{[]float64{0.9, 0.5, 0}, "the first inverse temperature must be 1"},
		{[]float64{1, 0.2, 0.5}, "β_3 = 0.5 after 0.2"},
		{[]float64{1, 0.5, -0.1}, "decrease strictly to at least 0"},
	} {
		if err := p.SetBetas(tc.betas); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("SetBetas(%v): %v, want an error containing %q", tc.betas, err, tc.want)
		}
	}
	if fmt.Sprint(p.Betas()) != fmt.Sprint(betas) {
		t.Errorf("a refused SetBetas changed the ladder to %v", p.Betas())
	}
	var z Tempered
	if err := z.SetBetas(betas); err == nil || !strings.Contains(err.Error(), "NewTempered") {
		t.Errorf("zero Tempered: %v", err)
	}
	next := []float64{1, 0.7, 0.3}
	if err := p.SetBetas(next); err != nil {
		t.Fatal(err)
	}
	state, err := p.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	q := mustTempered(t, NewGibbs(1), betas, 1, 2)
	if err := q.UnmarshalBinary(state); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(q.Betas()) != fmt.Sprint(next) {
		t.Errorf("restored ladder %v, want the saved %v", q.Betas(), next)
	}
}
