package rbm

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"sync/atomic"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// pllModel returns a 6×4 RBM with weights N(0, 1.5²) and biases N(0, 1),
// and 20 random binary rows.
func pllModel(t *testing.T) (*Binary, *mat.Dense) {
	t.Helper()
	m, err := NewBinary(6, 4, &Init{WeightStd: 1.5, Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range m.B {
		m.B[i] = rng.NormFloat64()
	}
	for j := range m.C {
		m.C[j] = rng.NormFloat64()
	}
	d := mat.NewDense(20, 6, nil)
	for i, raw := 0, d.RawMatrix().Data; i < len(raw); i++ {
		if rng.Float64() < 0.5 {
			raw[i] = 1
		}
	}
	return m, d
}

// TestPseudoLogLikelihoodEnumeration compares the pseudo-log-likelihood
// with the conditionals p(v_i | v_−i) = p(v) / (p(v) + p(ṽ⁽ⁱ⁾)) read from
// the exact distribution of all 2^6 visible states (which knows nothing of
// free-energy differences), and with Σ_i log σ(F(ṽ⁽ⁱ⁾) − F(v)) from
// FreeEnergy state by state. Both are sums of 6 terms of order 1 per row,
// so they agree to rounding: 1e-12.
func TestPseudoLogLikelihoodEnumeration(t *testing.T) {
	m, d := pllModel(t)
	p, err := m.ExactVisibleDist()
	if err != nil {
		t.Fatal(err)
	}
	n, nv := d.Dims()
	var fromDist, fromF float64
	for r := 0; r < n; r++ {
		v := d.RawRowView(r)
		k, _ := StateIndex(v)
		fv := m.FreeEnergy(v)
		flip := append([]float64(nil), v...)
		for i := 0; i < nv; i++ {
			fromDist += math.Log(p[k] / (p[k] + p[k^1<<i]))
			flip[i] = 1 - flip[i]
			fromF += math.Log(Sigmoid(m.FreeEnergy(flip) - fv))
			flip[i] = v[i]
		}
	}
	fromDist /= float64(n)
	fromF /= float64(n)
	got, err := m.PseudoLogLikelihood(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("PL %.12f, from the exact distribution %.12f, from F %.12f", got, fromDist, fromF)
	if math.Abs(got-fromDist) > 1e-12 || math.Abs(got-fromF) > 1e-12 {
		t.Errorf("PL = %.15f, want %.15f (distribution) and %.15f (free energies)", got, fromDist, fromF)
	}
	if !(got < 0) {
		t.Errorf("PL = %v, want < 0", got)
	}
}

// TestStochasticPseudoLogLikelihoodExchangeable checks the one-unit
// estimate where every unit has the same conditional: all weights equal,
// all biases equal, and data rows with all units equal (all 0 or all 1).
// Then every term m·log p(v_i | v_−i) is the full sum, whichever unit is
// drawn, so the estimate equals the exact value to rounding for any seed.
func TestStochasticPseudoLogLikelihoodExchangeable(t *testing.T) {
	m, _ := NewBinary(5, 3, nil)
	for k := range m.W.RawMatrix().Data {
		m.W.RawMatrix().Data[k] = 0.7
	}
	for i := range m.B {
		m.B[i] = -0.4
	}
	d := mat.NewDense(3, 5, []float64{0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})
	exact, err := m.PseudoLogLikelihood(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(0); seed < 5; seed++ {
		got, err := m.StochasticPseudoLogLikelihood(context.Background(), d, seed)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-exact) > 1e-12 {
			t.Errorf("seed %d: estimate %.15f, exact %.15f", seed, got, exact)
		}
	}
}

// TestStochasticPseudoLogLikelihoodUnbiased checks that the one-unit
// estimate is unbiased: on 100,000 copies of the 20 rows of pllModel (one
// unit drawn per copy) its mean is within 4 standard errors of the exact
// value. The standard error is computed here from the exact terms: a row
// r contributes the m values m·t_ri with equal probability, so its
// variance is σ_r² = m Σ_i t_ri² − (Σ_i t_ri)², and the mean over 5,000
// copies of each of the 20 rows has variance Σ_r σ_r² · 5000 / 100,000².
// Four standard errors fail with probability 6e-5 under the normal
// approximation (100,000 bounded terms). The same seed gives the same
// value, and the value does not depend on GOMAXPROCS.
func TestStochasticPseudoLogLikelihoodUnbiased(t *testing.T) {
	m, d := pllModel(t)
	n, nv := d.Dims()
	const copies = 5000
	big := mat.NewDense(n*copies, nv, nil)
	var varSum float64
	for r := 0; r < n; r++ {
		v := d.RawRowView(r)
		for c := 0; c < copies; c++ {
			big.SetRow(c*n+r, v)
		}
		one := mat.NewDense(1, nv, v)
		var s, s2 float64
		for i := 0; i < nv; i++ {
			flip := append([]float64(nil), v...)
			flip[i] = 1 - flip[i]
			ti := math.Log(Sigmoid(m.FreeEnergy(flip) - m.FreeEnergy(one.RawRowView(0))))
			s += ti
			s2 += ti * ti
		}
		varSum += float64(nv)*s2 - s*s
	}
	se := math.Sqrt(varSum*copies) / float64(n*copies)
	exact, err := m.PseudoLogLikelihood(context.Background(), d)
	if err != nil {
		t.Fatal(err)
	}
	got, err := m.StochasticPseudoLogLikelihood(context.Background(), big, 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("estimate %.5f, exact %.5f, standard error %.5f", got, exact, se)
	if math.Abs(got-exact) > 4*se {
		t.Errorf("estimate %.5f differs from exact %.5f by more than 4 standard errors (%.5f)", got, exact, 4*se)
	}
	prev := runtime.GOMAXPROCS(1)
	again, _ := m.StochasticPseudoLogLikelihood(context.Background(), big, 1)
	runtime.GOMAXPROCS(prev)
	other, _ := m.StochasticPseudoLogLikelihood(context.Background(), big, 2)
	if again != got || other == got {
		t.Errorf("seed 1 twice: %v, %v; seed 2: %v", got, again, other)
	}
}

// TestPseudoLogLikelihoodInputs checks the errors for bad data and models
// and cancellation.
func TestPseudoLogLikelihoodInputs(t *testing.T) {
	m, d := pllModel(t)
	ctx := context.Background()
	for name, bad := range map[string]mat.Matrix{
		"grey":  mat.NewDense(1, 6, []float64{0, 1, 0.5, 0, 1, 0}),
		"width": mat.NewDense(1, 5, nil),
		"nil":   nil,
	} {
		if _, err := m.PseudoLogLikelihood(ctx, bad); err == nil {
			t.Errorf("%s data: no error", name)
		}
		if _, err := m.StochasticPseudoLogLikelihood(ctx, bad, 1); err == nil {
			t.Errorf("%s data, stochastic: no error", name)
		}
	}
	if _, err := (&Binary{}).PseudoLogLikelihood(ctx, d); err == nil {
		t.Error("empty model: no error")
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := m.PseudoLogLikelihood(cctx, d); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: error %v", err)
	}
}

// pollCtx is a context that counts the checks made of it (Err) and ends
// from the check numbered cancelAt on (never when it is 0).
type pollCtx struct {
	context.Context
	polls    atomic.Int64
	cancelAt int64
}

func (c *pollCtx) Err() error {
	if n := c.polls.Add(1); c.cancelAt > 0 && n >= c.cancelAt {
		return context.Canceled
	}
	return nil
}

// The exact pseudo-log-likelihood of a large model answers a cancel
// within one row's work per worker (a row of a 784×500 RBM is m·n_h =
// 392,000 softplus terms; a block of 64 rows would be a noticeable wait).
// Both halves of that are counted, not timed: a run checks its context
// at least once per row (polls ≥ rows), and once its context has ended
// each worker stops at its next check, so a cancelled run makes at most
// one check per worker that says stop (and one to wrap the error). Checking only
// between blocks fails the first; going on after a cancel, the second.
func TestPseudoLogLikelihoodCancelGranularity(t *testing.T) {
	m, err := NewBinary(784, 50, &Init{WeightStd: 0.01, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	const rows = 200
	d := mat.NewDense(rows, 784, nil)
	rng := rand.New(rand.NewPCG(1, 2))
	for i, raw := 0, d.RawMatrix().Data; i < len(raw); i++ {
		if rng.Float64() < 0.13 {
			raw[i] = 1
		}
	}
	full := &pollCtx{Context: context.Background()}
	if _, err := m.PseudoLogLikelihood(full, d); err != nil {
		t.Fatal(err)
	}
	if n := full.polls.Load(); n < rows {
		t.Errorf("a run over %d rows checked its context %d times, want at least one check per row", rows, n)
	}
	const cancelAt = 40
	cut := &pollCtx{Context: context.Background(), cancelAt: cancelAt}
	if _, err := m.PseudoLogLikelihood(cut, d); !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	// Checks 1 … cancelAt−1 said go on; then each worker makes one
	// check that says stop, and the run one more to wrap the error.
	nw := int64(workers((rows + pllBlock - 1) / pllBlock))
	if n, most := cut.polls.Load(), cancelAt-1+nw+1; n > most {
		t.Errorf("cancelled from check %d on, the run made %d checks with %d workers, want at most %d", cancelAt, n, nw, most)
	}
}
