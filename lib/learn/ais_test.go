package learn

import (
	"context"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// TestAISLogLikelihood checks the AIS observer against the exact one on a
// 9×16 RBM (weights N(0, 1), biases N(0, 1)) and 3×3 Bars and Stripes.
// The two differ only through log Ẑ − log Z, whose standard error se the
// same AIS run reports (same settings and seed); the delta-method normal
// approximation puts it within 4 se + se² (the se² allows for the
// downward bias) except with probability below 1e-4.
func TestAISLogLikelihood(t *testing.T) {
	set := barsAndStripes()
	m := randomModel(9, 16, 4)
	s := &rbm.AISSettings{Chains: 100, Steps: 1000, Seed: 2, Data: set.X}
	exact, err := ExactLogLikelihood(set).Func(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	o := AISLogLikelihood(set, s)
	got, err := o.Func(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	_, se, _ := m.AIS(context.Background(), s)
	t.Logf("AIS log-likelihood %.4f, exact %.4f, se %.4f", got, exact, se)
	if d := math.Abs(got - exact); d > 4*se+se*se || se > 0.1 {
		t.Errorf("AIS log-likelihood %.4f, exact %.4f: |difference| %.4f, se %.4f", got, exact, d, se)
	}
	if o.Name != "ais-loglik" {
		t.Errorf("name %q", o.Name)
	}
	if _, err := AISLogLikelihood(nil, nil).Func(context.Background(), m); err == nil {
		t.Error("nil set accepted")
	}
}

// TestReverseAISLogLikelihood checks the reverse-AIS observer against the
// exact log-likelihood as TestAISLogLikelihood does the forward one
// (within 4 se + se², se from the same run), and that it lies at or below
// the forward observer's value within 3 standard errors of their
// difference, the two bracketing the exact value.
func TestReverseAISLogLikelihood(t *testing.T) {
	set := barsAndStripes()
	m := randomModel(9, 16, 4)
	s := &rbm.AISSettings{Chains: 100, Steps: 1000, Seed: 2, Data: set.X}
	exact, err := ExactLogLikelihood(set).Func(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	o := ReverseAISLogLikelihood(set, s)
	got, se, err := o.FuncSE(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	fwd, fse, err := AISLogLikelihood(set, s).FuncSE(context.Background(), m)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("reverse AIS log-likelihood %.4f ± %.4f, forward %.4f ± %.4f, exact %.4f", got, se, fwd, fse, exact)
	if d := math.Abs(got - exact); d > 4*se+se*se || se > 0.1 || !(se > 0) {
		t.Errorf("reverse AIS log-likelihood %.4f, exact %.4f: |difference| %.4f, se %.4f", got, exact, d, se)
	}
	if got > fwd+3*math.Hypot(se, fse) {
		t.Errorf("reverse %.4f above forward %.4f by more than 3 standard errors", got, fwd)
	}
	if v, err := o.Func(context.Background(), m); err != nil || v != got {
		t.Errorf("Func gives %v (error %v), FuncSE %v", v, err, got)
	}
	if _, rse, _ := m.ReverseAIS(context.Background(), s); rse != se || o.Name != "rais-loglik" {
		t.Errorf("name %q, se %v, ReverseAIS's %v", o.Name, se, rse)
	}
}

// TestObserverStandardErrors checks that Train records the standard
// errors of the AIS observers as the series "ais-loglik-se" and
// "rais-loglik-se", at the points of their values, and that the last one
// is the standard error that AIS and reverse AIS give for the final
// model with the same settings; and that an observer named like those
// series is refused.
func TestObserverStandardErrors(t *testing.T) {
	set := barsAndStripes()
	m := randomModel(9, 6, 1)
	s := &rbm.AISSettings{Chains: 20, Steps: 50, Seed: 2}
	h, err := Train(context.Background(), m, set, NewCD(1, nil), &Settings{Updates: 20, Every: 10, Rate: 0.1, Observers: []Observer{
		AISLogLikelihood(set, s), ReverseAISLogLikelihood(set, s), PseudoLogLikelihood(set),
	}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"ais-loglik", "ais-loglik-se", "rais-loglik", "rais-loglik-se", "pll"}
	if got := h.Names(); !reflect.DeepEqual(got, want) {
		t.Fatalf("series %v, want %v", got, want)
	}
	withData := *s
	withData.Data = set.X
	_, fse, _ := m.AIS(context.Background(), &withData)
	_, rse, _ := m.ReverseAIS(context.Background(), &withData)
	for name, se := range map[string]float64{"ais-loglik": fse, "rais-loglik": rse} {
		v, e := h.Series(name), h.Series(name+"-se")
		if !reflect.DeepEqual(v.X, e.X) || len(e.Y) != 3 {
			t.Errorf("%s at %v, its standard errors at %v", name, v.X, e.X)
		}
		if last := h.Last(name + "-se"); last != se || !(se > 0) {
			t.Errorf("%s: last standard error %v, want %v", name, last, se)
		}
	}
	pll, _ := m.PseudoLogLikelihood(context.Background(), set.X)
	if h.Last("pll") != pll {
		t.Errorf("pll %v, want %v", h.Last("pll"), pll)
	}
	clash := Observer{Name: "ais-loglik-se", Func: func(context.Context, rbm.Model) (float64, error) { return 0, nil }}
	for _, obs := range [][]Observer{{AISLogLikelihood(set, s), clash}, {clash, AISLogLikelihood(set, s)}} {
		if _, err := Train(context.Background(), randomModel(9, 6, 1), set, NewCD(1, nil), &Settings{Updates: 1, Observers: obs}); err == nil || !strings.Contains(err.Error(), "ais-loglik-se") {
			t.Errorf("observers %q and %q: err = %v, want one naming the clash", obs[0].Name, obs[1].Name, err)
		}
	}
}
