package learn_test

import (
	"context"
	"math"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/samplertest"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// These tests check, from outside the package, the interfaces of lib/learn
// and lib/mcmc that a user implements besides mcmc.Sampler: that nothing
// the library derives from a user's object, or keeps between calls, can
// go stale when the user's code keeps the documented contract.

// scribble is a Gaussian sampler of one's own: it runs mcmc's GaussGibbs
// and then uses PH as scratch, as mcmc.GaussianSampler allows, leaving it
// at ½.
type scribble struct{ s *mcmc.GaussGibbs }

func (u scribble) SampleGaussian(m *rbm.Gaussian, c *mcmc.Chains, steps int) error {
	if err := u.s.SampleGaussian(m, c, steps); err != nil {
		return err
	}
	raw := c.PH.RawMatrix()
	for i := range raw.Data {
		raw.Data[i] = 0.5
	}
	return nil
}

// TestModifiedCDMarginalUserSampler checks that the marginal modified-CD
// learner takes p(h=1|v⁻) of the final states for its negative
// statistics, whatever a sampler of one's own left in PH: with scribble
// (PH = ½) and with mcmc's GaussGibbs (PH = p(h|v) from the sampler), the
// unclipped gradient equals the one formed outside from the batch, the
// final states (Negative) and rbm.Gaussian.HiddenProb, to 1e-12 (the same
// products, summed in another order: rounding only; the old learner read
// PH and was off by O(1) with scribble).
func TestModifiedCDMarginalUserSampler(t *testing.T) {
	g, err := rbm.NewGaussian(2, 3, &rbm.Init{WeightStd: 0.8, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	batch := mat.NewDense(4, 2, []float64{0.1, -0.3, 1.2, 0.4, -0.7, 0.9, 0.3, 0.2})
	for name, s := range map[string]mcmc.GaussianSampler{
		"scribble":   scribble{mcmc.NewGaussGibbs(5)},
		"gaussgibbs": mcmc.NewGaussGibbs(5),
	} {
		l := learn.NewModifiedCD(3, s, 0, 7)
		l.Chains, l.Clip, l.Marginal = 50, -1, true
		got, err := l.Gradient(g, batch)
		if err != nil {
			t.Fatal(err)
		}
		want := learn.NewGrad(g)
		var pos, neg mat.Dense
		g.HiddenProb(&pos, batch)
		v := l.Negative().V
		g.HiddenProb(&neg, v)
		if err := g.EnergyGrad(want.Parts, batch, &pos, 1); err != nil {
			t.Fatal(err)
		}
		if err := g.EnergyGrad(want.Parts, v, &neg, -1); err != nil {
			t.Fatal(err)
		}
		if d := maxAbsDiff(got.Parts, want.Parts); d > 1e-12 {
			t.Errorf("%s: gradient differs by %g from the one with p(h|v⁻) of the final states", name, d)
		}
	}
}

// plainAscent is an optimiser of one's own that keeps the Optimizer
// contract: θ ← θ + rate·g, g only read, and keeps a copy of every g.
type plainAscent struct {
	rate  float64
	grads [][][]float64
}

func (o *plainAscent) Step(m rbm.Model, g *learn.Grad) error {
	c := make([][]float64, len(g.Parts))
	for k, p := range m.Params() {
		for i := range p {
			p[i] += o.rate * g.Parts[k][i]
		}
		c[k] = append([]float64(nil), g.Parts[k]...)
	}
	o.grads = append(o.grads, c)
	return nil
}

// TestFPCDUserOptimizer checks FPCD's fast parameters with an optimiser of
// one's own: after each update, Fast() equals θ_F from the recurrence
// θ_F ← Decay·θ_F + ε_F g over the gradients the optimiser was handed
// (θ_F = 0 at the start), and the chains of the next update sample θ + θ_F
// with θ the model as the optimiser left it: a sampler of one's own
// records the model it is given. Both to 1e-12 (the same sums in another
// order).
func TestFPCDUserOptimizer(t *testing.T) {
	m := samplertest.Tiny(t)
	batch := samplertest.Batch(samplertest.Patterns, 8)
	rec := &modelRecorder{s: mcmc.NewGibbs(3)}
	l := learn.NewFPCD(1, 8, 0.05, rec)
	l.Decay = 0.9
	opt := &plainAscent{rate: 0.1}
	fast := [][]float64{make([]float64, 6), make([]float64, 3), make([]float64, 2)}
	for u := 0; u < 4; u++ {
		before := m.Clone()
		if err := l.Update(m, batch, opt); err != nil {
			t.Fatal(err)
		}
		seen := rec.models[len(rec.models)-1]
		want := before.Clone()
		for k, p := range want.Params() {
			for i := range p {
				p[i] += fast[k][i]
			}
		}
		if d := maxAbsDiff(seen.Params(), want.Params()); d > 1e-12 {
			t.Errorf("update %d: the chains sampled a model %g from θ + θ_F", u, d)
		}
		for k := range fast {
			for i := range fast[k] {
				fast[k][i] = 0.9*fast[k][i] + 0.05*opt.grads[u][k][i]
			}
		}
		if d := maxAbsDiff(l.Fast().Params(), fast); d > 1e-12 {
			t.Errorf("update %d: Fast() is %g from the recurrence over the optimiser's gradients", u, d)
		}
	}
}

// modelRecorder is a sampler of one's own that runs another and keeps a
// copy of the model of every call.
type modelRecorder struct {
	s      mcmc.Sampler
	models []*rbm.Binary
}

func (r *modelRecorder) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	r.models = append(r.models, m.Clone())
	return r.s.Sample(m, c, steps)
}

// TestLearnersSampleTheEditedModel trains every binary learner with Train
// and an Observer that changes the model at every observation (halves W,
// shifts the biases, and replaces W's storage by a new matrix: what a
// user's constraint or re-initialisation does), and checks that the first
// sampler call of the next update sees exactly the edited model: no
// learner samples from a copy or a sum derived before the edit. FPCD's
// chains sample the edited model plus its fast parameters (Fast(), taken
// in the observer); PT's base sampler (a recorder of one's own) sees the
// edited model at β = 1 and β·θ at β = ½.
func TestLearnersSampleTheEditedModel(t *testing.T) {
	set := &data.Set{Name: "patterns", X: samplertest.Batch(samplertest.Patterns, 8)}
	type newLearner func(s mcmc.Sampler) (learn.Learner, error)
	learners := map[string]newLearner{
		"cd":       func(s mcmc.Sampler) (learn.Learner, error) { return learn.NewCD(1, s), nil },
		"pcd":      func(s mcmc.Sampler) (learn.Learner, error) { return learn.NewPCD(2, 0, s), nil },
		"fpcd":     func(s mcmc.Sampler) (learn.Learner, error) { return learn.NewFPCD(1, 0, 0.05, s), nil },
		"sdcp":     func(s mcmc.Sampler) (learn.Learner, error) { return learn.NewSDCP(2, 1, s), nil },
		"csdcp":    func(s mcmc.Sampler) (learn.Learner, error) { return learn.NewCSDCP(2, 1, s), nil },
		"centered": func(s mcmc.Sampler) (learn.Learner, error) { return learn.NewCentered(1, s), nil },
		"pt":       func(s mcmc.Sampler) (learn.Learner, error) { return learn.NewPT(1, []float64{1, 0.5}, 0, 3, s) },
	}
	for name, mk := range learners {
		m := samplertest.Tiny(t)
		rec := &modelRecorder{s: mcmc.NewGibbs(2)}
		l, err := mk(rec)
		if err != nil {
			t.Fatal(err)
		}
		var expect []*rbm.Binary // the model the next update must sample
		var firstCall []int      // index of that update's first sampler call
		edit := learn.Observer{Name: "edit", Func: func(_ context.Context, mm rbm.Model) (float64, error) {
			b := mm.(*rbm.Binary)
			w := mat.NewDense(3, 2, nil)
			w.Scale(0.5, b.W)
			b.W = w
			for i := range b.B {
				b.B[i] += 0.1
			}
			for j := range b.C {
				b.C[j] -= 0.1
			}
			e := b.Clone()
			if f, ok := l.(*learn.FPCD); ok && f.Fast() != nil {
				for k, p := range e.Params() {
					for i, x := range f.Fast().Params()[k] {
						p[i] += x
					}
				}
			}
			expect = append(expect, e)
			firstCall = append(firstCall, len(rec.models))
			return 0, nil
		}}
		s := &learn.Settings{Updates: 4, BatchSize: 4, Every: 1, Rate: 0.05, Seed: 1, Observers: []learn.Observer{edit}}
		if _, err := learn.Train(context.Background(), m, set, l, s); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for u := 0; u < 4; u++ {
			seen := rec.models[firstCall[u]]
			if d := maxAbsDiff(seen.Params(), expect[u].Params()); d > 1e-12 {
				t.Errorf("%s: update %d sampled a model %g from the edited one", name, u+1, d)
			}
			if name == "pt" {
				half := samplertest.Scaled(expect[u], 0.5)
				if d := maxAbsDiff(rec.models[firstCall[u]+1].Params(), half.Params()); d > 1e-12 {
					t.Errorf("pt: update %d sampled β = ½ at %g from ½·θ of the edited model", u+1, d)
				}
			}
		}
	}
}

// slicesModel is an rbm.Model of one's own whose parameters live in plain
// slices that it may replace.
type slicesModel struct{ w, b []float64 }

func (s *slicesModel) Visible() int        { return 2 }
func (s *slicesModel) Hidden() int         { return 1 }
func (s *slicesModel) Params() [][]float64 { return [][]float64{s.w, s.b} }

// replace moves the parameters to new storage.
func (s *slicesModel) replace() {
	s.w, s.b = append([]float64(nil), s.w...), append([]float64(nil), s.b...)
}

// TestSGDUserModel checks that SGD, with momentum, updates the storage a
// model of one's own returns from Params at each step, not slices kept
// from an earlier step: after the model replaces its storage, the second
// step lands in the new slices (the old ones keep the first step's
// values), with the velocity carried over, Δ₂ = μΔ₁ + εg.
func TestSGDUserModel(t *testing.T) {
	m := &slicesModel{w: []float64{1, 2}, b: []float64{3}}
	g := &learn.Grad{Parts: [][]float64{{1, -1}, {2}}}
	o := &learn.SGD{Rate: 0.5, Momentum: 0.5}
	if err := o.Step(m, g); err != nil {
		t.Fatal(err)
	}
	old := m.Params()
	after1 := [][]float64{{1.5, 1.5}, {4}} // θ + Δ₁, Δ₁ = 0.5·g
	m.replace()
	if err := o.Step(m, g); err != nil {
		t.Fatal(err)
	}
	// Δ₂ = 0.5·Δ₁ + 0.5·g = 0.75·g.
	want := [][]float64{{1.5 + 0.75, 1.5 - 0.75}, {4 + 1.5}}
	if d := maxAbsDiff(m.Params(), want); d != 0 {
		t.Errorf("after two steps the model is %v, want %v", m.Params(), want)
	}
	if d := maxAbsDiff(old, after1); d != 0 {
		t.Errorf("the replaced storage changed: %v, want %v", old, after1)
	}
}

// batchKeeper is a learner of one's own that keeps a copy of every batch,
// as the Learner contract says it must (Train reuses the storage).
type batchKeeper struct{ rows [][]float64 }

func (l *batchKeeper) Steps() int { return 0 }

func (l *batchKeeper) Update(m rbm.Model, batch *mat.Dense, opt learn.Optimizer) error {
	r, _ := batch.Dims()
	for i := 0; i < r; i++ {
		l.rows = append(l.rows, append([]float64(nil), batch.RawRowView(i)...))
	}
	return nil
}

// TestTrainUserLearner checks Train with a learner of one's own: over two
// epochs of mini-batches of 3 from a set of 8 distinct rows (a short
// last batch), the copies it keeps hold every row of the set exactly
// twice, and the set is as it was.
func TestTrainUserLearner(t *testing.T) {
	x := mat.NewDense(8, 3, nil)
	for r := 0; r < 8; r++ {
		rbm.FillState(x.RawRowView(r), r)
	}
	orig := mat.DenseCopyOf(x)
	set := &data.Set{Name: "all", X: x}
	m, _ := rbm.NewBinary(3, 2, nil)
	l := &batchKeeper{}
	if _, err := learn.Train(context.Background(), m, set, l, &learn.Settings{Epochs: 2, BatchSize: 3, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	count := make([]int, 8)
	for _, r := range l.rows {
		i, err := rbm.StateIndex(r)
		if err != nil {
			t.Fatal(err)
		}
		count[i]++
	}
	for i, c := range count {
		if c != 2 {
			t.Errorf("row %d was handed over %d times in two epochs, want 2", i, c)
		}
	}
	if !mat.Equal(x, orig) {
		t.Error("Train changed the data set")
	}
}

// wrapCD is an Estimator of one's own: it hands on the gradient of a CD
// learner, so that SSD cannot see the CD behind it.
type wrapCD struct{ cd *learn.CD }

func (w wrapCD) Gradient(m *rbm.Binary, batch *mat.Dense) (*learn.Grad, error) {
	return w.cd.Gradient(m, batch)
}
func (w wrapCD) Steps() int { return w.cd.Steps() }

// TestSSDUserEstimator checks that SSD over an Estimator of one's own
// (wrapCD: full SVD of the weight gradient) gives the direction SSD gives
// over the same CD learner directly (the factored low-rank path, which
// reads the CD's statistics of the same call) on a 20×30 RBM and a batch of
// 4 (rank ≤ 8 < 20), to 1e-9 relative to the direction's largest entry
// (two SVD algorithms on the same matrix; its non-zero singular values are
// well separated from 0).
func TestSSDUserEstimator(t *testing.T) {
	m, err := rbm.NewBinary(20, 30, &rbm.Init{WeightStd: 0.3, Seed: 8})
	if err != nil {
		t.Fatal(err)
	}
	batch := mat.NewDense(4, 20, nil)
	for r := 0; r < 4; r++ {
		for i := 0; i < 20; i++ {
			batch.Set(r, i, float64((r+i)%3%2))
		}
	}
	direct, err := learn.NewSSD(learn.NewCD(1, mcmc.NewGibbs(6))).Direction(m, batch)
	if err != nil {
		t.Fatal(err)
	}
	wrapped, err := learn.NewSSD(wrapCD{learn.NewCD(1, mcmc.NewGibbs(6))}).Direction(m, batch)
	if err != nil {
		t.Fatal(err)
	}
	var scale float64
	for _, p := range direct.Parts {
		for _, x := range p {
			scale = math.Max(scale, math.Abs(x))
		}
	}
	if d := maxAbsDiff(direct.Parts, wrapped.Parts); d > 1e-9*scale {
		t.Errorf("SSD over a wrapped CD differs from SSD over the CD by %g (scale %g)", d, scale)
	}
}
