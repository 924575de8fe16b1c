package learn

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// stepRate is a Schedule: base before update at, then after.
type stepRate struct {
	at    int
	after float64
}

func (s stepRate) Rate(base float64, t, total int) float64 {
	if t >= s.at {
		return s.after
	}
	return base
}

// liveTrain trains a copy of m for 60 updates with CD-1 over a Flip
// sampler of blend 0.5, observed every 10 updates. At the observation
// after 20 updates the observer hands change to another goroutine (a
// widget callback's place) and waits for it: the change falls between
// updates 20 and 21 with no sleep, and the race detector sees both
// goroutines touch what change touches.
func liveTrain(t *testing.T, m *rbm.Binary, f *mcmc.Flip, s *Settings, change func()) *rbm.Binary {
	t.Helper()
	return liveTrainWith(t, m, NewCD(1, f), s, change, false)
}

// liveTrainWith is liveTrain with the learner l; inline calls change on
// the observer's goroutine instead (the reference of a live change).
func liveTrainWith(t *testing.T, m *rbm.Binary, l Learner, s *Settings, change func(), inline bool) *rbm.Binary {
	t.Helper()
	m = m.Clone()
	req, done := make(chan struct{}), make(chan struct{})
	go func() {
		for range req {
			change()
			done <- struct{}{}
		}
	}()
	defer close(req)
	s.Updates, s.Every, s.BatchSize, s.Seed = 60, 10, 4, 7
	s.Observers = []Observer{{Name: "hook", Func: func(_ context.Context, _ rbm.Model) (float64, error) {
		return 0, nil
	}}}
	s.OnObserve = func(h *History) {
		switch {
		case h.Updates == 20 && inline:
			change()
		case h.Updates == 20:
			req <- struct{}{}
			<-done
		}
	}
	if _, err := Train(context.Background(), m, barsAndStripes(), l, s); err != nil {
		t.Fatal(err)
	}
	return m
}

func flip(t *testing.T) *mcmc.Flip {
	t.Helper()
	f, err := mcmc.NewFlip(0.5, 3)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestLiveRateWhileTraining changes a LiveRate from another goroutine at
// update 20 of a run: the model is bit for bit that of a run whose
// schedule switches to the new rate at update 20, and differs from a run
// that kept the first rate.
func TestLiveRateWhileTraining(t *testing.T) {
	m, err := rbm.NewBinary(9, 4, &rbm.Init{WeightStd: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	lr := &LiveRate{}
	live := liveTrain(t, m, flip(t), &Settings{Rate: 0.05, Schedule: lr}, func() {
		if err := lr.Set(0.3); err != nil {
			t.Error(err)
		}
	})
	if v, set := lr.Value(); v != 0.3 || !set {
		t.Errorf("Value() = %v, %t after Set(0.3)", v, set)
	}
	want := liveTrain(t, m, flip(t), &Settings{Rate: 0.05, Schedule: stepRate{20, 0.3}}, func() {})
	if !mat.Equal(live.W, want.W) {
		t.Error("a rate set at update 20 from another goroutine gave other weights than a schedule switching at update 20")
	}
	kept := liveTrain(t, m, flip(t), &Settings{Rate: 0.05}, func() {})
	if mat.Equal(live.W, kept.W) {
		t.Error("setting the rate mid-run changed nothing")
	}
}

// TestFlipBlendWhileTraining changes the blend of the learner's Flip
// sampler from another goroutine at update 20: the model is that of a run
// whose observer set the blend itself at update 20, and differs from a
// run that kept the blend.
func TestFlipBlendWhileTraining(t *testing.T) {
	m, err := rbm.NewBinary(9, 4, &rbm.Init{WeightStd: 0.5, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	f := flip(t)
	live := liveTrain(t, m, f, &Settings{Rate: 0.1}, func() {
		if err := f.SetAlpha(1); err != nil {
			t.Error(err)
		}
	})
	g := flip(t)
	want := liveTrain(t, m, g, &Settings{Rate: 0.1}, func() { _ = g.SetAlpha(1) })
	if !mat.Equal(live.W, want.W) {
		t.Error("the blend set from another goroutine gave other weights than setting it at update 20")
	}
	if mat.Equal(live.W, liveTrain(t, m, flip(t), &Settings{Rate: 0.1}, func() {}).W) {
		t.Error("changing the blend mid-run changed nothing")
	}
}

// TestPTLadderWhileTraining changes the inverse temperatures of a PT
// learner's sampler from another goroutine at update 20: the model is
// that of a run whose ladder was switched at update 20 on the observer's
// goroutine (so the change takes effect at update 21, neither earlier nor
// later), and differs from a run that kept the ladder.
func TestPTLadderWhileTraining(t *testing.T) {
	m, err := rbm.NewBinary(9, 4, &rbm.Init{WeightStd: 0.5, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	hot := []float64{1, 0.5, 0.1}
	pt := func() *PT {
		l, err := NewPT(1, []float64{1, 0.8, 0.6}, 10, 4, nil)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	l := pt()
	live := liveTrainWith(t, m, l, &Settings{Rate: 0.1}, func() {
		if err := l.Sampler().SetBetas(hot); err != nil {
			t.Error(err)
		}
	}, false)
	if fmt.Sprint(l.Betas()) != fmt.Sprint(hot) {
		t.Errorf("Betas() = %v after SetBetas(%v)", l.Betas(), hot)
	}
	l2 := pt()
	want := liveTrainWith(t, m, l2, &Settings{Rate: 0.1}, func() { _ = l2.Sampler().SetBetas(hot) }, true)
	if !mat.Equal(live.W, want.W) {
		t.Error("a ladder set from another goroutine at update 20 gave other weights than setting it in the observer")
	}
	if mat.Equal(live.W, liveTrainWith(t, m, pt(), &Settings{Rate: 0.1}, func() {}, true).W) {
		t.Error("changing the ladder mid-run changed nothing")
	}
}

func TestLiveRateErrors(t *testing.T) {
	var lr LiveRate
	if r := lr.Rate(0.02, 0, 10); r != 0.02 {
		t.Errorf("unset LiveRate gives %v, want the base 0.02", r)
	}
	if _, set := lr.Value(); set {
		t.Error("zero LiveRate reports a rate set")
	}
	for _, bad := range []float64{-1, math.NaN(), math.Inf(1)} {
		if err := lr.Set(bad); err == nil || !strings.Contains(err.Error(), "not finite and non-negative") {
			t.Errorf("Set(%v): %v", bad, err)
		}
		if _, err := NewLiveRate(bad); err == nil || !strings.Contains(err.Error(), "NewLiveRate") {
			t.Errorf("NewLiveRate(%v): %v", bad, err)
		}
	}
	if _, set := lr.Value(); set {
		t.Error("a refused Set set the rate")
	}
	l, err := NewLiveRate(0.1)
	if err != nil || l.Rate(0.5, 3, 10) != 0.1 {
		t.Errorf("NewLiveRate(0.1): %v, rate %v", err, l.Rate(0.5, 3, 10))
	}
}

// TestLiveRateCheckpoint: a run with a LiveRate saves a checkpoint that a
// run with another LiveRate, set to another rate, loads (the schedule's
// fingerprint holds no pointer and no rate), while another goroutine may
// still be setting the rate.
func TestLiveRateCheckpoint(t *testing.T) {
	m, err := rbm.NewBinary(9, 4, &rbm.Init{WeightStd: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	lr, _ := NewLiveRate(0.1)
	setting := make(chan struct{})
	go func() {
		defer close(setting)
		for i := 0; i < 100; i++ {
			_ = lr.Set(0.05 + float64(i)/1000)
		}
	}()
	r, err := NewRun(m, barsAndStripes(), NewCD(1, nil), &Settings{Updates: 40, Schedule: lr})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Continue(context.Background(), 20); err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/run.ckpt"
	if err := r.Save(path); err != nil {
		t.Fatal(err)
	}
	<-setting
	other, _ := NewLiveRate(0.5)
	r2, err := NewRun(m.Clone(), barsAndStripes(), NewCD(1, nil), &Settings{Updates: 40, Schedule: other})
	if err != nil {
		t.Fatal(err)
	}
	if err := r2.Load(path); err != nil {
		t.Fatalf("a run with another LiveRate cannot resume: %v", err)
	}
	if r2.Done() != 20 {
		t.Errorf("resumed at %d updates, want 20", r2.Done())
	}
	if s := fmt.Sprintf("%+v", lr); s != "LiveRate" {
		t.Errorf("%%+v of a LiveRate is %q", s)
	}
}
