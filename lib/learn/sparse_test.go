package learn

import (
	"context"
	"math"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// fixedLearner hands its optimiser the same gradient at every update.
type fixedLearner struct{ g *Grad }

func (f fixedLearner) Update(m rbm.Model, _ *mat.Dense, opt Optimizer) error { return opt.Step(m, f.g) }
func (f fixedLearner) Steps() int                                            { return 1 }

// recordOpt keeps a copy of the last gradient it is given.
type recordOpt struct{ last [][]float64 }

func (r *recordOpt) Step(_ rbm.Model, g *Grad) error {
	r.last = r.last[:0]
	for _, p := range g.Parts {
		r.last = append(r.last, append([]float64(nil), p...))
	}
	return nil
}

// TestSparsePenalty checks the gradient that Sparse hands the optimiser on
// a 2×2 RBM, term by term against the formulas of its doc computed here:
// q after two batches (the first sets it, the second mixes in with decay
// 0.5), the hidden-bias term −Cost·(q_j − p), the weight term
// −Cost·(q_j − p)·v̄_i when Weights is set (none otherwise), the visible
// biases and the learner's own gradient untouched. Sums of a few terms of
// order 1: 1e-15.
func TestSparsePenalty(t *testing.T) {
	m, _ := rbm.NewBinary(2, 2, nil)
	copy(m.W.RawMatrix().Data, []float64{0.5, -1, 2, 0.3})
	copy(m.C, []float64{-0.2, 0.4})
	batches := []*mat.Dense{
		mat.NewDense(2, 2, []float64{1, 0, 1, 1}),
		mat.NewDense(3, 2, []float64{0, 1, 0, 0, 1, 1}),
	}
	// q by hand: p(h_j = 1 | v) = σ(c_j + Σ_i v_i W_ij).
	meanAct := func(b *mat.Dense) []float64 {
		n, _ := b.Dims()
		q := make([]float64, 2)
		for r := 0; r < n; r++ {
			for j := range q {
				q[j] += rbm.Sigmoid(m.C[j]+b.At(r, 0)*m.W.At(0, j)+b.At(r, 1)*m.W.At(1, j)) / float64(n)
			}
		}
		return q
	}
	q0, q1 := meanAct(batches[0]), meanAct(batches[1])
	q := []float64{0.5*q0[0] + 0.5*q1[0], 0.5*q0[1] + 0.5*q1[1]}
	vbar := []float64{1.0 / 3, 2.0 / 3}
	const p, cost = 0.1, 0.7
	for _, weights := range []bool{false, true} {
		g := &Grad{Parts: [][]float64{{1, 2, 3, 4}, {5, 6}, {7, 8}}}
		rec := &recordOpt{}
		s := &Sparse{Learner: fixedLearner{g}, Target: p, Cost: cost, Decay: 0.5, Weights: weights}
		for _, b := range batches {
			if err := s.Update(m, b, rec); err != nil {
				t.Fatal(err)
			}
		}
		want := [][]float64{{1, 2, 3, 4}, {5, 6}, {7 - cost*(q[0]-p), 8 - cost*(q[1]-p)}}
		if weights {
			for i := 0; i < 2; i++ {
				for j := 0; j < 2; j++ {
					want[0][i*2+j] -= cost * (q[j] - p) * vbar[i]
				}
			}
		}
		for k := range want {
			for i := range want[k] {
				if math.Abs(rec.last[k][i]-want[k][i]) > 1e-15 {
					t.Errorf("weights %v: part %d element %d is %.17g, want %.17g", weights, k, i, rec.last[k][i], want[k][i])
				}
			}
		}
		if g.Parts[2][0] != 7 || g.Parts[0][0] != 1 {
			t.Errorf("weights %v: the learner's gradient was changed: %v", weights, g.Parts)
		}
		if got := s.Q(); math.Abs(got[0]-q[0]) > 1e-15 || math.Abs(got[1]-q[1]) > 1e-15 {
			t.Errorf("q = %v, want %v", got, q)
		}
	}
	for _, bad := range []*Sparse{
		{Learner: fixedLearner{NewGrad(m)}, Target: 0, Cost: 1},
		{Learner: fixedLearner{NewGrad(m)}, Target: 0.1, Cost: -1},
		{Learner: fixedLearner{NewGrad(m)}, Target: 0.1, Cost: 1, Decay: 1},
		{Target: 0.1, Cost: 1},
	} {
		if err := bad.Update(m, batches[0], &recordOpt{}); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
	if err := NewSparse(NewCD(1, nil), 0.1, 1).Update(m, mat.NewDense(1, 3, nil), &SGD{}); err == nil {
		t.Error("batch of the wrong width: no error")
	}
	s := &Sparse{Learner: NewCD(1, nil), Target: 0.1, Cost: 1, Weights: true}
	opt := &SGD{Rate: 0.01}
	if err := s.Update(m, batches[1], opt); err != nil {
		t.Fatal(err)
	}
	if a := testing.AllocsPerRun(10, func() { _ = s.Update(m, batches[1], opt) }); a != 0 {
		t.Errorf("Sparse.Update with CD allocates %v times after the first update", a)
	}
}

// TestSparseTarget trains a 9×16 RBM on 3×3 Bars and Stripes with CD-1
// (full batches, rate 0.1, 5000 updates) with and without a sparsity
// target p = 0.05 at cost 3, and looks at the mean hidden activation over
// the data, (1/(N n_h)) Σ_n Σ_j p(h_j = 1 | v_n). Without the target it
// stays near ½ (measured 0.498): the test asks for more than 0.3. With
// it, penalising the hidden biases only or the weights too, it must lie
// within 0.02 of p (measured 0.064 and 0.050). The tolerance: where the
// hidden biases settle, the time-averaged update of c_j is 0, so
// Cost·(q_j − p) equals the time-averaged CD-1 gradient of c_j, the
// difference mean(P₀) − mean(P₁) of the hidden activations on the data and
// on the reconstructions; both are non-negative and about q ≈ p in size
// once the units are sparse, so |q_j − p| ≲ p/Cost ≈ 0.017 < 0.02.
func TestSparseTarget(t *testing.T) {
	set := barsAndStripes()
	for _, tc := range []struct {
		cost    float64
		weights bool
	}{{0, false}, {3, false}, {3, true}} {
		m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.01, Seed: 1})
		var l Learner = NewCD(1, nil)
		if tc.cost > 0 {
			l = &Sparse{Learner: l, Target: 0.05, Cost: tc.cost, Weights: tc.weights}
		}
		if _, err := Train(context.Background(), m, set, l, &Settings{Updates: 5000, Rate: 0.1}); err != nil {
			t.Fatal(err)
		}
		var ph mat.Dense
		m.HiddenProb(&ph, set.X)
		r, c := ph.Dims()
		act := mat.Sum(&ph) / float64(r*c)
		t.Logf("cost %v, weights %v: mean hidden activation %.4f", tc.cost, tc.weights, act)
		switch {
		case tc.cost == 0 && !(act > 0.3):
			t.Errorf("without a target: mean activation %.4f, want > 0.3", act)
		case tc.cost > 0 && math.Abs(act-0.05) > 0.02:
			t.Errorf("cost %v, weights %v: mean activation %.4f, want 0.05 ± 0.02", tc.cost, tc.weights, act)
		}
	}
}
