package learn

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// barsAndStripes returns the 14 distinct 3×3 bars-and-stripes patterns.
func barsAndStripes() *data.Set {
	s, err := data.BarsAndStripes(3, false)
	if err != nil {
		panic(err)
	}
	return s
}

// maxDiff returns max_{k,i} |a_ki − b_ki|.
func maxDiff(a, b [][]float64) float64 {
	d := 0.0
	for k := range a {
		for i := range a[k] {
			d = max(d, math.Abs(a[k][i]-b[k][i]))
		}
	}
	return d
}

// TestCDGradientConverges checks that the CD-k gradient, averaged over many
// independent chains, approaches the exact gradient as k grows, on a 3×3 RBM
// and a batch of 4 patterns each repeated R times.
//
// Tolerance: the positive phase is exact, so the estimate's error is the
// negative phase's: each component is a mean over N = 4R independent chains
// of a quantity in [0, 1] (v_i p(h_j|v), v_i or p(h_j|v)), whose standard
// deviation is at most 1/(2√N). With 15 components, the largest of 15
// deviations exceeds 4.5 standard deviations with probability below
// 15·6.8e-6 ≈ 1e-4, so tol = 4.5/(2√N) (plus the CD-k bias, which at k = 100
// is below 1e-6 for this model: its Gibbs chain mixes in a few steps).
func TestCDGradientConverges(t *testing.T) {
	m, _ := rbm.NewBinary(3, 3, &rbm.Init{WeightStd: 2, Seed: 3})
	rng := rand.New(rand.NewPCG(4, 4))
	for i := range m.B {
		m.B[i] = rng.NormFloat64()
		m.C[i] = rng.NormFloat64()
	}
	pat := []float64{1, 1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1}
	const rep = 10000
	x := mat.NewDense(4*rep, 3, nil)
	for r := 0; r < 4*rep; r++ {
		x.SetRow(r, pat[3*(r%4):3*(r%4)+3])
	}
	exact, err := m.ExactGradient(x)
	if err != nil {
		t.Fatal(err)
	}
	tol := 4.5 / (2 * math.Sqrt(4*rep))
	errs := map[int]float64{}
	for _, k := range []int{1, 100} {
		g, err := NewCD(k, mcmc.NewGibbs(uint64(k))).Gradient(m, x)
		if err != nil {
			t.Fatal(err)
		}
		errs[k] = maxDiff(g.Parts, exact)
		t.Logf("CD-%d: max |grad − exact| = %.4f (tolerance %.4f)", k, errs[k], tol)
	}
	if errs[100] > tol {
		t.Errorf("CD-100 gradient differs from exact by %.4f > %.4f", errs[100], tol)
	}
	// CD-1 is biased on this strongly coupled model: more than the noise.
	if errs[1] < 2*tol {
		t.Errorf("CD-1 gradient error %.4f not above 2×tolerance %.4f: test has no power", errs[1], 2*tol)
	}
}

// TestTrainBarsAndStripes checks that CD-1 training on 3×3 Bars and Stripes
// raises the exact mean log-likelihood from its start (≈ −9 ln 2 ≈ −6.24
// with weights N(0, 0.01²) and zero biases) to above −3.5 (the optimum is
// −ln 14 ≈ −2.64; this run reaches about −3.0). Deterministic: fixed seeds.
func TestTrainBarsAndStripes(t *testing.T) {
	set := barsAndStripes()
	if set.Len() != 14 {
		t.Fatalf("built %d patterns, want 14", set.Len())
	}
	m, _ := rbm.NewBinary(9, 16, &rbm.Init{WeightStd: 0.01, Seed: 1})
	h, err := Train(context.Background(), m, set, NewCD(1, mcmc.NewGibbs(2)), &Settings{
		Updates:   4000,
		Rate:      0.1,
		Momentum:  0.5,
		Every:     500,
		Observers: []Observer{ExactLogLikelihood(set), ReconstructionError(set)},
	})
	if err != nil {
		t.Fatal(err)
	}
	ll := h.Series("loglik")
	first, last, best := ll.Y[0], h.Last("loglik"), h.Max("loglik")
	t.Logf("loglik: start %.3f, end %.3f, best %.3f (optimum %.3f); recon end %.3f", first, last, best, -math.Log(14), h.Last("recon"))
	if first > -6 {
		t.Errorf("start log-likelihood %.3f, want about −6.24", first)
	}
	if best < -3.5 {
		t.Errorf("best log-likelihood %.3f, want above −3.5", best)
	}
}

// TestTrainCancel checks that cancelling the context stops training before
// the next update and returns the partial history with the context error.
func TestTrainCancel(t *testing.T) {
	set := barsAndStripes()
	m, _ := rbm.NewBinary(9, 4, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	h, err := Train(ctx, m, set, NewCD(1, nil), &Settings{
		Updates:   1000,
		Every:     5,
		Observers: []Observer{ReconstructionError(set)},
		OnObserve: func(h *History) {
			if h.Updates == 10 {
				cancel()
			}
		},
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if h == nil || h.Updates != 10 || len(h.Series("recon").Y) != 3 {
		t.Fatalf("partial history: %+v", h)
	}
}

// TestObserveEvery checks that observers run before training, every N
// updates and after the last, and that Progress ends at total.
func TestObserveEvery(t *testing.T) {
	set := barsAndStripes()
	m, _ := rbm.NewBinary(9, 4, nil)
	calls := 0
	lastDone, lastTotal := 0, 0
	count := Observer{Name: "n", Func: func(context.Context, rbm.Model) (float64, error) { calls++; return float64(calls), nil }}
	h, err := Train(context.Background(), m, set, NewCD(1, nil), &Settings{
		Updates:   10,
		BatchSize: 5,
		Every:     3,
		Observers: []Observer{count},
		Progress:  func(done, total int, _ string) { lastDone, lastTotal = done, total },
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{0, 3, 6, 9, 10}
	if got := h.Series("n").X; !equal(got, want) {
		t.Errorf("observed at %v, want %v", got, want)
	}
	if lastDone != 10 || lastTotal != 10 {
		t.Errorf("last progress %d/%d, want 10/10", lastDone, lastTotal)
	}
	// Default: full batch (1 update per epoch) over 1000 updates observes
	// every 1000/100 = 10 updates: 101 observations with the initial one.
	h, err = Train(context.Background(), m, set, NewCD(1, nil), &Settings{Updates: 1000, Observers: []Observer{count}})
	if err != nil {
		t.Fatal(err)
	}
	if x := h.Series("n").X; len(x) != 101 || x[1] != 10 {
		t.Errorf("default Every: %d observations, second at %v; want 101, at 10", len(x), x[1])
	}
}

func equal(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// nanLearner writes NaN into the weights at its third update.
type nanLearner struct{ n int }

func (l *nanLearner) Steps() int { return 0 }
func (l *nanLearner) Update(m rbm.Model, _ *mat.Dense, _ Optimizer) error {
	l.n++
	if l.n == 3 {
		m.Params()[0][5] = math.NaN()
	}
	return nil
}

// TestTrainBadInput checks the errors for bad arguments and for NaN
// appearing in the parameters.
func TestTrainBadInput(t *testing.T) {
	set := barsAndStripes()
	m, _ := rbm.NewBinary(9, 4, nil)
	wrong, _ := rbm.NewBinary(8, 4, nil)
	nan := &data.Set{Name: "nan", X: mat.NewDense(2, 9, nil)}
	nan.X.Set(1, 2, math.NaN())
	ctx := context.Background()
	cases := []struct {
		name string
		m    rbm.Model
		set  *data.Set
		l    Learner
		s    *Settings
		want string
	}{
		{"shape", wrong, set, NewCD(1, nil), nil, "9 columns"},
		{"nan data", m, nan, NewCD(1, nil), nil, "row 1, column 2"},
		{"nil set", m, nil, NewCD(1, nil), nil, "empty"},
		{"nil learner", m, set, nil, nil, "nil learner"},
		{"negative epochs", m, set, NewCD(1, nil), &Settings{Epochs: -1}, "Epochs"},
		{"momentum", m, set, NewCD(1, nil), &Settings{Momentum: 1}, "momentum"},
		{"nil observer", m, set, NewCD(1, nil), &Settings{Observers: []Observer{{Name: "x"}}}, "nil Func"},
		{"nan params", m, set, &nanLearner{}, &Settings{Updates: 5}, "update 3"},
	}
	for _, c := range cases {
		_, err := Train(ctx, c.m, c.set, c.l, c.s)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want mention of %q", c.name, err, c.want)
		}
	}
}

// TestSGD checks one momentum step with weight decay on weights only.
func TestSGD(t *testing.T) {
	m, _ := rbm.NewBinary(1, 1, nil)
	m.W.Set(0, 0, 2)
	m.B[0], m.C[0] = 1, 1
	g := &Grad{Parts: [][]float64{{1}, {1}, {1}}}
	o := &SGD{Rate: 0.1, Momentum: 0.5, WeightDecay: 0.5}
	for i := 0; i < 2; i++ {
		if err := o.Step(m, g); err != nil {
			t.Fatal(err)
		}
	}
	// w: Δ1 = 0.1(1 − 0.5·2) = 0, w = 2; Δ2 = 0 → 2.
	// b: Δ1 = 0.1, b = 1.1; Δ2 = 0.05 + 0.1 = 0.15, b = 1.25.
	if w, b := m.W.At(0, 0), m.B[0]; math.Abs(w-2) > 1e-15 || math.Abs(b-1.25) > 1e-15 {
		t.Errorf("after two steps w = %v (want 2), b = %v (want 1.25)", w, b)
	}
	if err := o.Step(m, &Grad{Parts: [][]float64{{1}}}); err == nil {
		t.Error("no error for gradient of the wrong shape")
	}
	if a := testing.AllocsPerRun(10, func() { _ = o.Step(m, g) }); a != 0 {
		t.Errorf("SGD.Step allocates %v times", a)
	}
}

// TestCosine checks the cosine schedule at its ends and middle.
func TestCosine(t *testing.T) {
	c := Cosine{End: 0.01}
	for _, tc := range []struct {
		t    int
		want float64
	}{{0, 0.1}, {50, 0.055}, {100, 0.01}} {
		if got := c.Rate(0.1, tc.t, 100); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("Cosine.Rate(0.1, %d, 100) = %v, want %v", tc.t, got, tc.want)
		}
	}
	if got := (Constant{}).Rate(0.3, 7, 10); got != 0.3 {
		t.Errorf("Constant.Rate = %v", got)
	}
}

// TestHistory checks the accessors and the CSV.
func TestHistory(t *testing.T) {
	var h History
	h.Add("a", 0, 0, 1)
	h.Add("b", 0, 0, 5)
	h.Add("a", 10, 0.5, 3)
	h.Add("a", 20, 1, 2)
	if h.Last("a") != 2 || h.Max("a") != 3 || !math.IsNaN(h.Last("c")) {
		t.Errorf("Last %v Max %v Last(c) %v", h.Last("a"), h.Max("a"), h.Last("c"))
	}
	if n := h.Names(); len(n) != 2 || n[0] != "a" {
		t.Errorf("Names = %v", n)
	}
	var buf bytes.Buffer
	if err := h.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	want := "series,update,seconds,value\na,0,0,1\na,10,0.5,3\na,20,1,2\nb,0,0,5\n"
	if buf.String() != want {
		t.Errorf("CSV:\n%s\nwant\n%s", buf.String(), want)
	}
}

// TestExactLogLikelihood checks the observer: a model with zero weights and
// biases gives ln p(v) = −m ln 2 for every v, and a GRBM-like foreign model
// gives an error.
func TestExactLogLikelihood(t *testing.T) {
	set := barsAndStripes()
	m, _ := rbm.NewBinary(9, 4, nil)
	ll, err := ExactLogLikelihood(set).Func(context.Background(), m)
	if err != nil || math.Abs(ll+9*math.Ln2) > 1e-12 {
		t.Errorf("zero model: loglik %v, %v; want %v", ll, err, -9*math.Ln2)
	}
	if _, err := ExactLogLikelihood(set).Func(context.Background(), otherModel{}); err == nil {
		t.Error("no error for a model that is not *rbm.Binary")
	}
}

// TestLearnerAllocs checks that CD-1 and PCD-1 updates do not allocate in
// steady state, in both precisions (float32: with the model's float32
// copy of its parameters written by SGD, and the float32 weight gradient
// handed to it).
func TestLearnerAllocs(t *testing.T) {
	for _, p := range []rbm.Precision{rbm.Float64, rbm.Float32} {
		m, _ := rbm.NewBinary(20, 10, &rbm.Init{WeightStd: 0.1})
		m.Precision = p
		x := mat.NewDense(8, 20, nil)
		for _, l := range []Learner{NewCD(1, nil), NewPCD(1, 5, nil)} {
			o := &SGD{Rate: 0.01, Momentum: 0.9}
			if err := l.Update(m, x, o); err != nil {
				t.Fatal(err)
			}
			if a := testing.AllocsPerRun(10, func() {
				if err := l.Update(m, x, o); err != nil {
					t.Fatal(err)
				}
			}); a != 0 {
				t.Errorf("%v %T.Update allocates %v times", p, l, a)
			}
		}
	}
}

// otherModel is a model that is not a binary RBM.
type otherModel struct{}

func (otherModel) Visible() int        { return 9 }
func (otherModel) Hidden() int         { return 1 }
func (otherModel) Params() [][]float64 { return [][]float64{{0}} }

// TestProgressThrottled checks that Progress is called at most about 200
// times without observers, ending at (total, total).
func TestProgressThrottled(t *testing.T) {
	set := barsAndStripes()
	m, _ := rbm.NewBinary(9, 2, nil)
	calls, last, status := 0, 0, ""
	_, err := Train(context.Background(), m, set, NewCD(1, nil), &Settings{
		Updates:  5000,
		Progress: func(done, total int, s string) { calls++; last, status = done, s },
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls > 201 || calls < 100 || last != 5000 {
		t.Errorf("%d progress calls, last at %d; want 100…201, last at 5000", calls, last)
	}
	if status != "update 5000/5000" {
		t.Errorf("last status %q", status)
	}
}
