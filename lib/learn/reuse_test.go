package learn

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// TestLearnerRefusesSecondModel checks the rule of the package doc: a
// learner that holds a model's state (chains, fast weights, offsets)
// refuses another model, even of the same shape, with an error that says
// to call Reset, and leaves that model unchanged; after Reset it trains
// the other model. (Before the rule, the second model silently got the
// first one's chains.)
func TestLearnerRefusesSecondModel(t *testing.T) {
	set := barsAndStripes()
	batch := mat.DenseCopyOf(set.X.Slice(0, 4, 0, 9))
	for _, c := range resumeCases() {
		l := c.make()
		a, b := resumeModel(), resumeModel()
		if err := l.Update(a, batch, &SGD{Rate: 0.1}); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if err := l.Update(a, batch, &SGD{Rate: 0.1}); err != nil {
			t.Fatalf("%s: second update of the same model: %v", c.name, err)
		}
		before := b.W.At(0, 0)
		err := l.Update(b, batch, &SGD{Rate: 0.1})
		if err == nil || !strings.Contains(err.Error(), "Reset") {
			t.Fatalf("%s: update of a second model: error %v, want one that says to call Reset", c.name, err)
		}
		if b.W.At(0, 0) != before {
			t.Fatalf("%s: the refused model changed", c.name)
		}
		l.(interface{ Reset() }).Reset()
		if err := l.Update(b, batch, &SGD{Rate: 0.1}); err != nil {
			t.Fatalf("%s: after Reset: %v", c.name, err)
		}
		if b.W.At(0, 0) == before {
			t.Fatalf("%s: after Reset the second model did not move", c.name)
		}
	}
}

// TestResetStartsAfresh checks that Reset forgets the state: a learner
// that trained one model and was Reset trains a second model exactly as
// a new learner would, bit for bit, except for the sampler's random
// streams, which run on; so the check uses CD with a sampler whose
// streams are restored by the state (a fresh learner given the used
// sampler's state).
func TestResetStartsAfresh(t *testing.T) {
	set := barsAndStripes()
	batch := mat.DenseCopyOf(set.X.Slice(0, 4, 0, 9))
	for _, c := range resumeCases() {
		used := c.make()
		if err := used.Update(resumeModel(), batch, &SGD{Rate: 0.1}); err != nil {
			t.Fatal(err)
		}
		used.(interface{ Reset() }).Reset()
		// A fresh learner with the used one's random streams: its state
		// after Reset (no chains, no offsets) plus the streams.
		state, err := used.(interface{ MarshalBinary() ([]byte, error) }).MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		fresh := c.make()
		if err := fresh.(interface{ UnmarshalBinary([]byte) error }).UnmarshalBinary(state); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		m1, m2 := resumeModel(), resumeModel()
		for i := 0; i < 3; i++ {
			if err := used.Update(m1, batch, &SGD{Rate: 0.1}); err != nil {
				t.Fatal(err)
			}
			if err := fresh.Update(m2, batch, &SGD{Rate: 0.1}); err != nil {
				t.Fatal(err)
			}
		}
		sameBits(t, c.name+" after Reset", m2, m1, &History{}, &History{})
	}
}

// TestCheckpointMismatch checks that loading a checkpoint into a run that
// differs from the one that wrote it fails with an error naming what
// differs, and that corrupt or truncated files are refused with a clear
// error, never a panic.
func TestCheckpointMismatch(t *testing.T) {
	set := barsAndStripes()
	c := resumeCases()[2] // PCD-1 on 5 chains
	path := filepath.Join(t.TempDir(), "run.ckpt")
	saveAfter(t, c, set, 9, path)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	load := func(l Learner, s *Settings, file []byte) error {
		r, err := NewRun(resumeModel(), set, l, s)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(t.TempDir(), "x.ckpt")
		if err := os.WriteFile(p, file, 0o644); err != nil {
			t.Fatal(err)
		}
		return r.Load(p)
	}
	s := func(edit func(*Settings)) *Settings {
		x := resumeSettings(set, rateFor(c))
		if edit != nil {
			edit(x)
		}
		return x
	}
	if err := load(c.make(), s(nil), good); err != nil {
		t.Fatalf("the matching run: %v", err)
	}
	flipped := append([]byte(nil), good...)
	flipped[len(flipped)/2] ^= 1
	cases := []struct {
		name string
		l    Learner
		s    *Settings
		file []byte
		want string
	}{
		{"batch size", c.make(), s(func(x *Settings) { x.BatchSize = 5 }), good, "batch size: the checkpoint has 4, this run has 5"},
		{"rate", c.make(), s(func(x *Settings) { x.Rate = 0.2 }), good, "learning rate: the checkpoint has 0.1"},
		{"seed", c.make(), s(func(x *Settings) { x.Seed = 1 }), good, "seed: the checkpoint has 42, this run has 1"},
		{"updates", c.make(), s(func(x *Settings) { x.Updates = 40 }), good, "total updates: the checkpoint has 31, this run has 40"},
		{"schedule", c.make(), s(func(x *Settings) { x.Schedule = Constant{} }), good, "schedule: the checkpoint has learn.Cosine"},
		{"observers", c.make(), s(func(x *Settings) { x.Observers = x.Observers[:1] }), good, "observer names: the checkpoint has [\"loglik\" \"recon\"]"},
		{"learner kind", NewCD(1, nil), s(nil), good, "the state of a learner *learn.PCD, this run's learner is a *learn.CD"},
		{"learner K", NewPCD(2, 5, nil), s(nil), good, "K (at byte 27): the saved state has 1, this one has 2"},
		{"chains N", NewPCD(1, 4, nil), s(nil), good, "N (at byte 35): the saved state has 5, this one has 4"},
		{"sampler seed", NewPCD(1, 5, nil), s(nil), good, "sampler *mcmc.Gibbs: mcmc: Gibbs.UnmarshalBinary: seed"},
		{"flipped bit", c.make(), s(nil), flipped, "checksum mismatch"},
		{"truncated", c.make(), s(nil), good[:len(good)-9], "checksum mismatch"},
		{"header only", c.make(), s(nil), good[:6], "truncated"},
		{"not a checkpoint", c.make(), s(nil), []byte("hello, world, this is text"), "bad magic"},
	}
	for _, k := range cases {
		err := load(k.l, k.s, k.file)
		if err == nil || !strings.Contains(err.Error(), k.want) {
			t.Errorf("%s: error %v, want one containing %q", k.name, err, k.want)
		}
	}
	// Another data set of the same shape.
	other := barsAndStripes()
	other.X.Set(0, 0, 1-other.X.At(0, 0))
	r, err := NewRun(resumeModel(), other, c.make(), s(nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Load(path); err == nil || !strings.Contains(err.Error(), "data set values") {
		t.Errorf("another data set: error %v", err)
	}
	if err := r.Load(filepath.Join(t.TempDir(), "missing")); err == nil || !os.IsNotExist(unwrapAll(err)) {
		t.Errorf("missing file: %v", err)
	}
}

func unwrapAll(err error) error {
	for {
		u, ok := err.(interface{ Unwrap() error })
		if !ok || u.Unwrap() == nil {
			return err
		}
		err = u.Unwrap()
	}
}

// TestSaveNeedsSaveableLearner checks that Save names a learner (or
// sampler) that cannot save its state, and that such a run still
// continues in memory.
func TestSaveNeedsSaveableLearner(t *testing.T) {
	set := barsAndStripes()
	r, err := NewRun(resumeModel(), set, &nanFree{cd: NewCD(1, nil)}, &Settings{Updates: 4})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Continue(context.Background(), 2); err != nil {
		t.Fatal(err)
	}
	err = r.Save(filepath.Join(t.TempDir(), "x"))
	if err == nil || !strings.Contains(err.Error(), "*learn.nanFree cannot save its state") {
		t.Errorf("Save of a user's learner: %v", err)
	}
	if _, err := r.Continue(context.Background(), 0); err != nil || r.Done() != 4 {
		t.Errorf("continue in memory: %v after %d updates", err, r.Done())
	}
	r2, err := NewRun(resumeModel(), set, NewCD(1, &userSampler{}), &Settings{Updates: 4})
	if err != nil {
		t.Fatal(err)
	}
	err = r2.Save(filepath.Join(t.TempDir(), "x"))
	if err == nil || !strings.Contains(err.Error(), "sampler *learn.userSampler cannot save its state") {
		t.Errorf("Save with a user's sampler: %v", err)
	}
}

// nanFree is a learner of a user's, wrapping CD, without MarshalBinary.
type nanFree struct{ cd *CD }

func (l *nanFree) Update(m rbm.Model, batch *mat.Dense, opt Optimizer) error {
	return l.cd.Update(m, batch, opt)
}
func (l *nanFree) Steps() int { return 1 }

// userSampler is a sampler of a user's (it leaves the chains as they are),
// without MarshalBinary.
type userSampler struct{}

func (userSampler) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error { return nil }

// TestCheckpointNeedsSaveableRun checks that NewRun (and so Train) with
// Settings.Checkpoint refuses at once a learner or sampler that cannot
// save its state, naming it, rather than failing at the first save.
func TestCheckpointNeedsSaveableRun(t *testing.T) {
	set := barsAndStripes()
	s := &Settings{Updates: 4, Checkpoint: Checkpoint{Path: filepath.Join(t.TempDir(), "x"), Every: 2}}
	for _, c := range []struct {
		l    Learner
		want string
	}{
		{&nanFree{cd: NewCD(1, nil)}, "learner *learn.nanFree cannot save its state"},
		{NewPCD(1, 0, &userSampler{}), "sampler *learn.userSampler cannot save its state"},
	} {
		_, err := NewRun(resumeModel(), set, c.l, s)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "Settings.Checkpoint") {
			t.Errorf("%T: error %v, want one containing %q", c.l, err, c.want)
		}
		if _, err := Train(context.Background(), resumeModel(), set, c.l, s); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Train with %T: error %v", c.l, err)
		}
	}
}
