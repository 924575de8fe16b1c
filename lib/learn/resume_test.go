package learn

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// resumeCase is a learner to test resuming with: make returns a fresh
// learner, the same one (settings and seeds) at every call, as a program
// that resumes a run makes it again.
type resumeCase struct {
	name string
	make func() Learner
}

func mustFlip(alpha float64, seed uint64) *mcmc.Flip {
	f, err := mcmc.NewFlip(alpha, seed)
	if err != nil {
		panic(err)
	}
	return f
}

// resumeCases are the learners of this package with state, with samplers
// that read the hidden states (Flip), keep replicas (Tempered) or keep
// fast parameters (Penalized, Herding).
func resumeCases() []resumeCase {
	return []resumeCase{
		{"CD-1 gibbs", func() Learner { return NewCD(1, mcmc.NewGibbs(3)) }},
		{"CD-2 flip", func() Learner { return NewCD(2, mustFlip(0.8, 3)) }},
		{"PCD-1", func() Learner { return NewPCD(1, 5, mcmc.NewGibbs(4)) }},
		{"PCD-1 flip", func() Learner { return NewPCD(1, 0, mustFlip(1, 4)) }},
		{"FPCD", func() Learner { return NewFPCD(1, 6, 0, mcmc.NewGibbs(5)) }},
		{"PT", func() Learner {
			l, err := NewPT(1, mustBetas(4), 3, 6, nil)
			if err != nil {
				panic(err)
			}
			return l
		}},
		{"PT flip", func() Learner {
			l, err := NewPT(2, mustBetas(3), 0, 6, mustFlip(0.5, 9))
			if err != nil {
				panic(err)
			}
			return l
		}},
		{"SDCP", func() Learner { return NewSDCP(2, 1, mcmc.NewGibbs(7)) }},
		{"CSDCP", func() Learner { return NewCSDCP(2, 1, mcmc.NewGibbs(8)) }},
		{"Centered", func() Learner { return NewCentered(1, mcmc.NewGibbs(9)) }},
		{"SSD PCD", func() Learner { return NewSSD(NewPCD(1, 0, mcmc.NewGibbs(10))) }},
		{"SSD CD", func() Learner { return NewSSD(NewCD(1, mcmc.NewGibbs(11))) }},
		{"PCD penalized", func() Learner {
			s, err := mcmc.NewPenalized(0.05, 0.9, 1, 12)
			if err != nil {
				panic(err)
			}
			return NewPCD(1, 0, s)
		}},
		{"Sparse PCD", func() Learner { return NewSparse(NewPCD(1, 5, mcmc.NewGibbs(13)), 0.1, 0.05) }},
		{"Sparse CD weights", func() Learner {
			l := NewSparse(NewCD(1, mcmc.NewGibbs(14)), 0.2, 0.1)
			l.Weights, l.Decay = true, 0.9
			return l
		}},
		{"FPCD herding", func() Learner {
			s, err := mcmc.NewHerding(nil, 0.05, 0.9, 3)
			if err != nil {
				panic(err)
			}
			return NewFPCD(1, 0, 0.05, s)
		}},
	}
}

// resumeSettings returns a run of 31 updates of batches of 4 of the 14
// bars-and-stripes patterns (so the last batch of every epoch is short, and
// the pieces below end inside epochs), with momentum, weight decay, a
// cosine schedule and two observers every 7 updates.
func resumeSettings(set *data.Set, lr float64) *Settings {
	return &Settings{
		Updates:     31,
		BatchSize:   4,
		Rate:        lr,
		Schedule:    Cosine{End: lr / 10},
		Momentum:    0.5,
		WeightDecay: 1e-3,
		L1:          1e-3,
		Seed:        42,
		Every:       7,
		Observers:   []Observer{ExactLogLikelihood(set), ReconstructionError(set)},
	}
}

func resumeModel() *rbm.Binary {
	m, err := rbm.NewBinary(9, 5, &rbm.Init{WeightStd: 0.1, Seed: 2})
	if err != nil {
		panic(err)
	}
	return m
}

// rateFor is a learning rate that moves the model visibly in 31 updates:
// SSD's directions scale with the gradient's norms, so it takes a much
// smaller rate.
func rateFor(c resumeCase) float64 {
	if strings.HasPrefix(c.name, "SSD") {
		return 0.005
	}
	return 0.1
}

// sameBits fails unless the runs left the same parameters and the same
// history (update counts, values, Updates and StoppedBy), compared as
// float64 bits. Seconds and Elapsed are wall time and not compared.
func sameBits(t *testing.T, what string, m1, m2 rbm.Model, h1, h2 *History) {
	t.Helper()
	p1, p2 := m1.Params(), m2.Params()
	for k := range p1 {
		for i := range p1[k] {
			if math.Float64bits(p1[k][i]) != math.Float64bits(p2[k][i]) {
				t.Fatalf("%s: parameter slice %d, element %d: %v, uninterrupted %v", what, k, i, p2[k][i], p1[k][i])
			}
		}
	}
	if h1.Updates != h2.Updates || h1.StoppedBy != h2.StoppedBy {
		t.Fatalf("%s: history updates %d stopped by %q, uninterrupted %d %q", what, h2.Updates, h2.StoppedBy, h1.Updates, h1.StoppedBy)
	}
	if fmt.Sprint(h1.Names()) != fmt.Sprint(h2.Names()) {
		t.Fatalf("%s: series %v, uninterrupted %v", what, h2.Names(), h1.Names())
	}
	for _, n := range h1.Names() {
		s1, s2 := h1.Series(n), h2.Series(n)
		if len(s1.X) != len(s2.X) || len(s1.Y) != len(s2.Y) {
			t.Fatalf("%s: series %s has %d points, uninterrupted %d", what, n, len(s2.X), len(s1.X))
		}
		for i := range s1.X {
			if math.Float64bits(s1.X[i]) != math.Float64bits(s2.X[i]) || math.Float64bits(s1.Y[i]) != math.Float64bits(s2.Y[i]) {
				t.Fatalf("%s: series %s point %d: (%v, %v), uninterrupted (%v, %v)", what, n, i, s2.X[i], s2.Y[i], s1.X[i], s1.Y[i])
			}
		}
	}
}

// uninterrupted trains c's learner in one Train call.
func uninterrupted(t *testing.T, c resumeCase, set *data.Set) (*rbm.Binary, *History) {
	t.Helper()
	m := resumeModel()
	h, err := Train(context.Background(), m, set, c.make(), resumeSettings(set, rateFor(c)))
	if err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
	if len(h.Series("loglik").Y) != 6 { // at 0, 7, 14, 21, 28 and 31
		t.Fatalf("%s: %d observations, want 6", c.name, len(h.Series("loglik").Y))
	}
	return m, h
}

// TestRunInPiecesBitIdentical checks that a run continued in pieces in
// memory (5, 11 and the rest of 31 updates, the pieces ending inside
// epochs and between observations) leaves the parameters and history of
// one uninterrupted Train, bit for bit, for every learner; and that the
// run is not trivially so: the parameters moved.
func TestRunInPiecesBitIdentical(t *testing.T) {
	set := barsAndStripes()
	for _, c := range resumeCases() {
		m1, h1 := uninterrupted(t, c, set)
		if m1.W.At(0, 0) == resumeModel().W.At(0, 0) {
			t.Fatalf("%s: the model did not move", c.name)
		}
		m2 := resumeModel()
		r, err := NewRun(m2, set, c.make(), resumeSettings(set, rateFor(c)))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{5, 11, 0} {
			if _, err := r.Continue(context.Background(), n); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		}
		if !r.Finished() || r.Done() != 31 {
			t.Fatalf("%s: finished %v after %d updates", c.name, r.Finished(), r.Done())
		}
		sameBits(t, c.name+" in memory", m1, m2, h1, r.History())
	}
}

// TestRunEpochPieces is the notebook's case: a run of 4 epochs made as 4
// Continue calls of one epoch each equals Train of 4 epochs, bit for bit
// (4 Train calls of 1 epoch do not: each starts the schedule, the momentum
// and the batch order afresh).
func TestRunEpochPieces(t *testing.T) {
	set := barsAndStripes()
	s := &Settings{Epochs: 4, BatchSize: 4, Rate: 0.1, Momentum: 0.9, Schedule: Cosine{}, Seed: 3,
		Observers: []Observer{ExactLogLikelihood(set)}}
	m1 := resumeModel()
	h1, err := Train(context.Background(), m1, set, NewPCD(1, 0, mcmc.NewGibbs(1)), s)
	if err != nil {
		t.Fatal(err)
	}
	m2 := resumeModel()
	r, err := NewRun(m2, set, NewPCD(1, 0, mcmc.NewGibbs(1)), s)
	if err != nil {
		t.Fatal(err)
	}
	for e := 0; e < 4; e++ {
		if _, err := r.Continue(context.Background(), 4); err != nil { // 4 batches per epoch
			t.Fatal(err)
		}
	}
	sameBits(t, "4 epochs in 4 pieces", m1, m2, h1, r.History())

	m3 := resumeModel()
	l := NewPCD(1, 0, mcmc.NewGibbs(1))
	one := *s
	one.Epochs = 1
	for e := 0; e < 4; e++ {
		if _, err := Train(context.Background(), m3, set, l, &one); err != nil {
			t.Fatal(err)
		}
	}
	if m3.W.At(0, 0) == m1.W.At(0, 0) {
		t.Errorf("4 Train calls of one epoch gave the weights of one run of 4 epochs: the test cannot tell them apart")
	}
}

// TestRunInterruptedObservation cancels a run inside an observation (the
// second observer of the observation after 14 updates) and continues it:
// the interrupted observation is taken again in full, and the run ends as
// an uninterrupted one, bit for bit.
func TestRunInterruptedObservation(t *testing.T) {
	set := barsAndStripes()
	c := resumeCases()[2] // PCD
	m1, h1 := uninterrupted(t, c, set)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := resumeSettings(set, rateFor(c))
	calls := 0
	recon := s.Observers[1]
	s.Observers[1] = Observer{Name: recon.Name, Func: func(ctx2 context.Context, m rbm.Model) (float64, error) {
		calls++
		if calls == 3 { // the observations at 0, 7, then 14
			cancel()
			return 0, ctx2.Err()
		}
		return recon.Func(ctx2, m)
	}}
	m2 := resumeModel()
	r, err := NewRun(m2, set, c.make(), s)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Continue(ctx, 0); !errors.Is(err, context.Canceled) {
		t.Fatalf("Continue after the cancel: %v, want context.Canceled", err)
	}
	if r.Done() != 14 || len(r.History().Series("loglik").Y) != 2 {
		t.Fatalf("stopped after %d updates with %d observations recorded, want 14 and 2 (0 and 7)", r.Done(), len(r.History().Series("loglik").Y))
	}
	if _, err := r.Continue(context.Background(), 0); err != nil {
		t.Fatal(err)
	}
	sameBits(t, "interrupted in an observation", m1, m2, h1, r.History())
}

// TestResumeCheckpoint saves every learner's run after 13 updates and
// resumes it from the file with a learner made afresh, in this process:
// bit for bit the uninterrupted run.
func TestResumeCheckpoint(t *testing.T) {
	set := barsAndStripes()
	dir := t.TempDir()
	for i, c := range resumeCases() {
		m1, h1 := uninterrupted(t, c, set)
		path := filepath.Join(dir, fmt.Sprintf("run%d.ckpt", i))
		saveAfter(t, c, set, 13, path)
		r, err := Resume(path, set, c.make(), resumeSettings(set, rateFor(c)))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if r.Done() != 13 {
			t.Fatalf("%s: resumed at %d updates, want 13", c.name, r.Done())
		}
		if _, err := r.Continue(context.Background(), 0); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		sameBits(t, c.name+" through a checkpoint", m1, r.Model(), h1, r.History())
	}
}

// saveAfter runs c for n updates and saves the run to path.
func saveAfter(t testing.TB, c resumeCase, set *data.Set, n int, path string) {
	t.Helper()
	r, err := NewRun(resumeModel(), set, c.make(), resumeSettings(set, rateFor(c)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Continue(context.Background(), n); err != nil {
		t.Fatal(err)
	}
	if err := r.Save(path); err != nil {
		t.Fatalf("%s: %v", c.name, err)
	}
}

// envResumeChild, when set to a folder, makes TestResumeChild the child
// process of TestResumeOtherProcess.
const envResumeChild = "RBM_LEARN_RESUME_CHILD"

// TestResumeOtherProcess saves every learner's run after 17 updates (inside
// the fifth epoch, after the observation at 14; ModifiedCD's with each
// sampler too), runs this test binary
// again as a child process (TestResumeChild) that resumes each checkpoint,
// finishes the run and saves it, then reads the finished runs back: bit for
// bit the uninterrupted runs of this process.
func TestResumeOtherProcess(t *testing.T) {
	set := barsAndStripes()
	dir := t.TempDir()
	for i, c := range resumeCases() {
		saveAfter(t, c, set, 17, filepath.Join(dir, fmt.Sprintf("run%d.ckpt", i)))
	}
	gset, gsettings, gmodel, samplers := gaussSetup(t)
	for name, s := range samplers {
		r, err := NewRun(gmodel(), gset, gaussLearner(s), gsettings)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Continue(context.Background(), 17); err != nil {
			t.Fatal(err)
		}
		if err := r.Save(filepath.Join(dir, name+".ckpt")); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestResumeChild$", "-test.v")
	cmd.Env = append(os.Environ(), envResumeChild+"="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestResumeChild") {
		t.Fatalf("child process: %v\n%s", err, out)
	}
	for i, c := range resumeCases() {
		m1, h1 := uninterrupted(t, c, set)
		r, err := Resume(filepath.Join(dir, fmt.Sprintf("run%d.done", i)), set, c.make(), resumeSettings(set, rateFor(c)))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !r.Finished() {
			t.Fatalf("%s: the child's run is not finished (%d updates)", c.name, r.Done())
		}
		sameBits(t, c.name+" resumed in another process", m1, r.Model(), h1, r.History())
	}
	for name, s := range samplers {
		m1 := gmodel()
		h1, err := Train(context.Background(), m1, gset, gaussLearner(s), gsettings)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Resume(filepath.Join(dir, name+".done"), gset, gaussLearner(s), gsettings)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !r.Finished() {
			t.Fatalf("%s: the child's run is not finished (%d updates)", name, r.Done())
		}
		sameBits(t, "ModifiedCD "+name+" resumed in another process", m1, r.Model(), h1, r.History())
	}
}

// TestResumeChild is the child process of TestResumeOtherProcess; run on
// its own, without the environment variable, it has nothing to do.
func TestResumeChild(t *testing.T) {
	dir := os.Getenv(envResumeChild)
	if dir == "" {
		t.Skip("the child process of TestResumeOtherProcess")
	}
	set := barsAndStripes()
	for i, c := range resumeCases() {
		r, err := Resume(filepath.Join(dir, fmt.Sprintf("run%d.ckpt", i)), set, c.make(), resumeSettings(set, rateFor(c)))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if _, err := r.Continue(context.Background(), 0); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if err := r.Save(filepath.Join(dir, fmt.Sprintf("run%d.done", i))); err != nil {
			t.Fatal(err)
		}
	}
	gset, gsettings, _, samplers := gaussSetup(t)
	for name, s := range samplers {
		r, err := Resume(filepath.Join(dir, name+".ckpt"), gset, gaussLearner(s), gsettings)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := r.Continue(context.Background(), 0); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := r.Save(filepath.Join(dir, name+".done")); err != nil {
			t.Fatal(err)
		}
	}
}

// TestRunFailedStaysFailed checks that a run whose update made a parameter
// NaN refuses to go on, at every later Continue, and cannot be saved,
// while a run stopped by an observer's ErrStop is finished and Continue
// returns at once.
func TestRunFailedStaysFailed(t *testing.T) {
	set := barsAndStripes()
	r, err := NewRun(resumeModel(), set, &nanLearner{}, &Settings{Updates: 10})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Continue(context.Background(), 0); err == nil || !strings.Contains(err.Error(), "update 3 made parameter") {
		t.Fatalf("first Continue: %v", err)
	}
	if _, err := r.Continue(context.Background(), 0); err == nil || !strings.Contains(err.Error(), "the run failed") || r.Done() != 3 {
		t.Fatalf("second Continue: %v after %d updates", err, r.Done())
	}
	if err := r.Save(filepath.Join(t.TempDir(), "x")); err == nil {
		t.Fatal("Save of a failed run succeeded")
	}

	stop := Observer{Name: "stop", Func: func(ctx context.Context, m rbm.Model) (float64, error) { return 1, ErrStop }}
	r, err = NewRun(resumeModel(), set, NewCD(1, nil), &Settings{Updates: 10, Every: 2, Observers: []Observer{stop}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Continue(context.Background(), 0); err != nil || !r.Finished() || r.Done() != 0 {
		t.Fatalf("stopped at the first observation: %v, finished %v after %d updates", err, r.Finished(), r.Done())
	}
	if h, err := r.Continue(context.Background(), 5); err != nil || r.Done() != 0 || len(h.Series("stop").Y) != 1 {
		t.Fatalf("Continue of a stopped run: %v after %d updates", err, r.Done())
	}
}

// TestRunString checks the summary line of a run in pieces.
func TestRunString(t *testing.T) {
	set := barsAndStripes()
	r, err := NewRun(resumeModel(), set, NewPCD(1, 0, nil), &Settings{Updates: 40, Every: 10,
		Observers: []Observer{ExactLogLikelihood(set)}, Checkpoint: Checkpoint{Path: filepath.Join(t.TempDir(), "run.ckpt")}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Continue(context.Background(), 15); err != nil {
		t.Fatal(err)
	}
	first := strings.SplitN(r.String(), "\n", 2)[0]
	if !strings.HasPrefix(first, "training run: 15 of 40 updates, learner *learn.PCD, model *rbm.Binary 9×5, checkpoint ") {
		t.Errorf("String: %q", first)
	}
	if !strings.Contains(r.String(), "training history: 15 updates") {
		t.Errorf("String without the history: %q", r.String())
	}
	r.Continue(context.Background(), 0)
	if first := strings.SplitN(r.String(), "\n", 2)[0]; !strings.Contains(first, "40 of 40 updates") || !strings.Contains(first, ", finished") {
		t.Errorf("String of the finished run: %q", first)
	}
	if h, rows := r.Table(); len(h) == 0 || len(rows) != 1 || r.Plot() == nil {
		t.Errorf("Table %v %v or Plot missing", h, rows)
	}
}
