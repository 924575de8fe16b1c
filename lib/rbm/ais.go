package rbm

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// AISSettings configures Binary.AIS. A nil *AISSettings means the zero
// value; every field documents what its zero value does.
type AISSettings struct {
	// Chains is the number of independent annealing runs M; 0 means 100.
	Chains int
	// Steps is the number of intermediate distributions K of the linear
	// schedule β_k = k/K, k = 0 … K; 0 means 1000. Ignored when Betas is
	// set.
	Steps int
	// Betas, if non-nil, is the schedule: non-decreasing, from 0 to 1
	// (first element 0, last 1).
	Betas []float64
	// Base is the base-rate model's visible biases b_A (one per visible
	// unit). Nil means BaseRate(Data) when Data is set, else 0.
	Base []float64
	// Data, if non-nil and Base is nil, is the data the base rates are
	// fitted to (rows are examples).
	Data mat.Matrix
	// Seed seeds the random draws.
	Seed uint64
	// Progress, if non-nil, is called about 100 times with the number of
	// intermediate distributions done and their total (for ReverseAIS,
	// the BurnIn transitions count as distributions too).
	Progress Progress
	// Start, read by ReverseAIS only, holds the binary visible states its
	// chains start from, one per row: chain r starts from row r mod N. Nil
	// means exact samples of the model, drawn from the exact distribution
	// of its smaller layer (which must then have at most MaxTableUnits
	// units).
	Start mat.Matrix
	// BurnIn, read by ReverseAIS only, is the number of block Gibbs
	// transitions of the model (β = 1) that its chains make before the
	// annealing, to bring states from Start (e.g. data) closer to the
	// model; 0 none.
	BurnIn int
}

// BaseRate returns the visible biases of the base-rate model fitted to
// data (rows are examples with values in [0, 1]): the logits
//
//	b_A,i = log(p_i/(1 − p_i)),  p_i = (Σ_n v_ni + ½)/(N + 1),
//
// of each unit's mean with add-½ smoothing, so that no bias is infinite.
func BaseRate(data mat.Matrix) ([]float64, error) {
	if err := checkData("BaseRate", data, -1, unitValues); err != nil {
		return nil, err
	}
	r, c := data.Dims()
	b := make([]float64, c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			b[j] += data.At(i, j)
		}
	}
	for j := range b {
		p := (b[j] + 0.5) / (float64(r) + 1)
		b[j] = math.Log(p / (1 - p))
	}
	return b, nil
}

// AIS estimates log Z of m by annealed importance sampling (Neal 2001;
// Salakhutdinov and Murray 2008) from the base-rate model A (visible biases
// b_A, zero weights and hidden biases), whose partition function is exact:
//
//	log Z_A = n_h log 2 + Σ_i softplus(b_A,i).
//
// The intermediate distributions, for β from 0 to 1, are those of the
// joint energy (1 − β)E_A(v) + β E(v, h), with the hidden units summed
// out:
//
//	log p*_β(v) = (1 − β) b_Aᵀv + β bᵀv + Σ_j softplus(β (vᵀW_{·j} + c_j)),
//
// so that p*_0 is A (times 2^{n_h}) and p*_1 = e^{−F(v)}. Each of the M
// runs draws v₀ ~ A exactly, then for k = 1 … K adds
// log p*_{β_k}(v_{k−1}) − log p*_{β_{k−1}}(v_{k−1}) to its log weight
// log w and moves v by one block Gibbs transition that leaves p_{β_k}
// invariant (h ~ σ(β_k(vᵀW + c)), v ~ σ((1 − β_k) b_A + β_k(Wh + b))). The
// estimate and its standard error (delta method on the log of the mean
// weight) are
//
//	log Ẑ = log Z_A + log((1/M) Σ_r w_r),  se = sd(w)/(√M · mean(w)),
//
// all in log space. log Ẑ is consistent as M or K grow, and biased low for
// finite M (Jensen), so the log-likelihood it implies is biased high;
// ReverseAIS, with the same settings, gives the bound from the other side.
// Cost: 2 K matrix products of M×m×n_h. The runs are spread over
// GOMAXPROCS goroutines in fixed blocks of 16, each with its own random
// stream derived from Seed, so the estimate is the same with any number of
// cores. It checks ctx before every distribution and stops with its error
// when ctx ends.
func (m *Binary) AIS(ctx context.Context, s *AISSettings) (logZ, stderr float64, err error) {
	a, err := m.newAnnealer("AIS", s, 0x9e3779b97f4a7c15)
	if err != nil {
		return 0, 0, err
	}
	defer a.close()
	// v₀ ~ A.
	pa := append([]float64(nil), a.base...)
	SigmoidInPlace(pa)
	vr := a.v.RawMatrix()
	for r := 0; r < a.chains; r++ {
		row := vr.Data[r*vr.Stride : r*vr.Stride+a.nv]
		for i := range row {
			if a.uni(r) < pa[i] {
				row[i] = 1
			}
		}
	}
	if err := a.anneal(ctx, a.betas, 0); err != nil {
		return 0, 0, err
	}
	lm, se := logMeanSE(a.logw)
	return a.logZA + lm, se, nil
}

// aisBetas returns the schedule of s, checked.
func aisBetas(s *AISSettings) ([]float64, error) {
	if s.Betas != nil {
		b := s.Betas
		if len(b) < 2 || b[0] != 0 || b[len(b)-1] != 1 {
			return nil, fmt.Errorf("schedule must go from 0 to 1 with at least 2 values, got %d values from %v to %v", len(b), aisEnd(b, 0), aisEnd(b, len(b)-1))
		}
		for i := 1; i < len(b); i++ {
			if !(b[i] >= b[i-1]) {
				return nil, fmt.Errorf("schedule decreases at index %d (%v after %v)", i, b[i], b[i-1])
			}
		}
		return b, nil
	}
	if s.Steps < 0 {
		return nil, fmt.Errorf("negative number of steps %d", s.Steps)
	}
	K := s.Steps
	if K == 0 {
		K = 1000
	}
	b := make([]float64, K+1)
	for k := range b {
		b[k] = float64(k) / float64(K)
	}
	return b, nil
}

// aisEnd returns b[i], or NaN when b is empty.
func aisEnd(b []float64, i int) float64 {
	if len(b) == 0 {
		return math.NaN()
	}
	return b[i]
}
