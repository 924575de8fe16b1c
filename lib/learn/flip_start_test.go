package learn

import (
	"math"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// flipUnitProb is P(s' = 1 | s) of one unit with input x under the blend
// T_α of the flip-the-state paper, written out here from its Definition 1
// (not taken from package mcmc): α·P_T + (1 − α)·σ(x), with P_T = min(e^x, 1)
// from s = 0, max(1 − e^{−x}, 0) from s = 1, and ½ at x = 0.
func flipUnitProb(alpha, s, x float64) float64 {
	var t float64
	switch {
	case x == 0:
		t = 0.5
	case s == 0:
		t = math.Min(math.Exp(x), 1)
	default:
		t = math.Max(1-math.Exp(-x), 0)
	}
	return alpha*t + (1-alpha)*rbm.Sigmoid(x)
}

// exactCDFlipRow returns, for one data row v0, the mean and variance of
// every component of the negative statistics of CD-1 with the blend T_α
// under the start rule of mcmc.SampleFrom: h₁ ~ p(h|v₀), then
// v₁ ~ T_α(· | v₀, h₁), and the statistics (v₁ p(h|v₁)ᵀ, v₁, p(h|v₁)) in
// the order of Grad.Parts (W row-major, b, c). It enumerates every (h₁, v₁).
func exactCDFlipRow(m *rbm.Binary, alpha float64, v0 []float64) (mean, variance []float64) {
	nv, nh := m.Visible(), m.Hidden()
	size := nv*nh + nv + nh
	mean, sq := make([]float64, size), make([]float64, size)
	h1, v1, p1, stat := make([]float64, nh), make([]float64, nv), make([]float64, nh), make([]float64, size)
	for hs := 0; hs < 1<<nh; hs++ {
		ph := 1.0
		for j := range h1 {
			h1[j] = float64(hs >> j & 1)
			x := m.C[j]
			for i := range v0 {
				x += v0[i] * m.W.At(i, j)
			}
			q := rbm.Sigmoid(x)
			if h1[j] == 0 {
				q = 1 - q
			}
			ph *= q
		}
		for vs := 0; vs < 1<<nv; vs++ {
			p := ph
			for i := range v1 {
				v1[i] = float64(vs >> i & 1)
				x := m.B[i]
				for j := range h1 {
					x += m.W.At(i, j) * h1[j]
				}
				q := flipUnitProb(alpha, v0[i], x)
				if v1[i] == 0 {
					q = 1 - q
				}
				p *= q
			}
			for j := range p1 {
				x := m.C[j]
				for i := range v1 {
					x += v1[i] * m.W.At(i, j)
				}
				p1[j] = rbm.Sigmoid(x)
			}
			for i := range v1 {
				for j := range p1 {
					stat[i*nh+j] = v1[i] * p1[j]
				}
				stat[nv*nh+i] = v1[i]
			}
			copy(stat[nv*nh+nv:], p1)
			for k, s := range stat {
				mean[k] += p * s
				sq[k] += p * s * s
			}
		}
	}
	variance = make([]float64, size)
	for k := range mean {
		variance[k] = sq[k] - mean[k]*mean[k]
	}
	return mean, variance
}

// TestCDFlipStartExact checks the start rule of CD with the flip-the-state
// sampler: the hidden start state is drawn from p(h|v) of each data row, so
// the expected CD-1 gradient equals the value computed by enumeration under
// that rule and does not depend on what the batch before left in the
// chains. Two learners, one primed before every measured update by a batch
// of all-ones rows and the other by all-zeros rows (which leave different
// hidden states behind; with the hidden states carried over, as before the
// rule, the 2×3 model's gradient with α = 1 missed the exact value by up
// to 0.09, 40 standard errors), each average the gradient
// of U = 400 updates on a batch holding every visible pattern 25 times.
// The exact expected gradient is the positive statistics minus the mean
// over rows of exactCDFlipRow's means; the chains of one update are
// independent given the model, so the standard error of the average is
// sqrt(Σ_rows Var_r / n² / U), Var_r exact from the enumeration. Every
// component must lie within 5 standard errors (a two-sided normal tail of
// 6e-7 per component under the central limit theorem; the seeds are fixed).
// For α = 0 (Gibbs) the same harness gives CD-1 with Gibbs.
func TestCDFlipStartExact(t *testing.T) {
	models := map[string]*rbm.Binary{}
	m11, _ := rbm.NewBinary(1, 1, nil)
	m11.W.Set(0, 0, 2)
	m11.B[0], m11.C[0] = -0.7, -1
	models["1x1"] = m11
	m23, _ := rbm.NewBinary(2, 3, &rbm.Init{WeightStd: 1.5, Seed: 3})
	m23.B[0], m23.B[1], m23.C[0], m23.C[2] = 0.4, -0.8, 0.5, -0.6
	models["2x3"] = m23
	const reps, updates = 25, 400
	for name, m := range models {
		nv, nh := m.Visible(), m.Hidden()
		n := reps << nv
		batch, ones, zeros := mat.NewDense(n, nv, nil), mat.NewDense(n, nv, nil), mat.NewDense(n, nv, nil)
		for r := 0; r < n; r++ {
			for i := 0; i < nv; i++ {
				batch.Set(r, i, float64(r%(1<<nv)>>i&1))
				ones.Set(r, i, 1)
			}
		}
		for _, alpha := range []float64{1, 0.5, 0} {
			// The exact expectation and standard error.
			size := nv*nh + nv + nh
			want, se := make([]float64, size), make([]float64, size)
			p0 := mat.NewDense(n, nh, nil)
			m.HiddenProb(p0, batch)
			for r := 0; r < n; r++ {
				v0 := batch.RawRowView(r)
				mean, variance := exactCDFlipRow(m, alpha, v0)
				for i := 0; i < nv; i++ {
					for j := 0; j < nh; j++ {
						want[i*nh+j] += v0[i] * p0.At(r, j)
					}
					want[nv*nh+i] += v0[i]
				}
				for j := 0; j < nh; j++ {
					want[nv*nh+nv+j] += p0.At(r, j)
				}
				for k := range want {
					want[k] -= mean[k]
					se[k] += variance[k]
				}
			}
			for k := range want {
				want[k] /= float64(n)
				se[k] = math.Sqrt(se[k]/float64(n*n)) / math.Sqrt(updates)
			}
			got := map[string][]float64{}
			for prime, pb := range map[string]*mat.Dense{"ones": ones, "zeros": zeros} {
				f, err := mcmc.NewFlip(alpha, uint64(len(prime)+7))
				if err != nil {
					t.Fatal(err)
				}
				l := NewCD(1, f)
				sum := make([]float64, size)
				for u := 0; u < updates; u++ {
					if _, err := l.Gradient(m, pb); err != nil {
						t.Fatal(err)
					}
					g, err := l.Gradient(m, batch)
					if err != nil {
						t.Fatal(err)
					}
					k := 0
					for _, part := range g.Parts {
						for _, x := range part {
							sum[k] += x / updates
							k++
						}
					}
				}
				got[prime] = sum
				for k := range want {
					if d := math.Abs(sum[k] - want[k]); d > 5*se[k] {
						t.Errorf("%s, α = %v, primed by %s: gradient component %d = %.4f, exact %.4f (|Δ| = %.4f > 5 SE = %.4f)",
							name, alpha, prime, k, sum[k], want[k], d, 5*se[k])
					}
				}
			}
			t.Logf("%s α=%v: exact %.4f, primed by ones %.4f, by zeros %.4f (SE %.4f)", name, alpha, want, got["ones"], got["zeros"], se)
		}
	}
}
