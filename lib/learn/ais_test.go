package learn

import (
	"context"
	"math"
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
