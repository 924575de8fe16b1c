package rbm

import (
	"context"
	"fmt"
	"sort"
)

// ReverseAIS estimates log Z of m by reverse annealed importance sampling
// (Burda, Grosse and Salakhutdinov 2015): the annealing of AIS run
// backwards, from states of the model (β = 1) to the base-rate model A
// (β = 0), along the same path of distributions p*_β and with the same
// block Gibbs transitions, schedule and base as AIS with the same
// settings. Each of the M chains starts from a state v_K of the model and
// for k = K … 1 adds log p*_{β_{k−1}}(v) − log p*_{β_k}(v) to its log weight
// before a transition that leaves p_{β_{k−1}} invariant. When v_K ~ p
// exactly, the weights have mean Z_A/Z (an unbiased estimate of 1/Z), with
// log Z_A = n_h log 2 + Σ_i softplus(b_A,i) as in AIS, so the estimate
//
//	log Ẑ = log Z_A − log((1/M) Σ_r w_r),  se = sd(w)/(√M · mean(w)),
//
// is biased high for finite M by Jensen's inequality, where AIS's is
// biased low: the log-likelihood −F̄ − log Ẑ that it implies is a
// stochastic lower bound, AIS's an upper one, and the two bracket the
// exact value, narrowing as K grows. se is the delta-method standard error
// of the log of the mean weight, computed in log space.
//
// The chains start from exact samples of p(v) when s.Start is nil, drawn
// by enumerating the smaller layer (refused above MaxTableUnits units;
// with n_h smaller, h ~ p(h) exactly, then v ~ p(v | h)); otherwise from
// s.Start's rows (binary states; chain r from row r mod N) after s.BurnIn
// Gibbs transitions at β = 1. States that are only approximately from p,
// such as data after a few Gibbs transitions, make the estimate of 1/Z
// approximate and its bias no longer surely upwards. (Burda et al.'s
// RAISE starts the reverse chain at each test example instead, and so
// bounds the likelihood of an approximation of the model, the
// distribution of AIS's forward process; that estimator is not this one.)
// Cost: 2 (BurnIn + K) matrix products of M×m×n_h, its runs spread over
// the cores as AIS's (the estimate does not depend on their number). It
// checks ctx before every transition and reports progress as AIS does,
// with the BurnIn transitions counted.
func (m *Binary) ReverseAIS(ctx context.Context, s *AISSettings) (logZ, stderr float64, err error) {
	if s == nil {
		s = &AISSettings{}
	}
	a, err := m.newAnnealer("ReverseAIS", s, 0x2545f4914f6cdd1d)
	if err != nil {
		return 0, 0, err
	}
	defer a.close()
	if s.BurnIn < 0 {
		return 0, 0, fmt.Errorf("rbm: ReverseAIS: negative BurnIn %d", s.BurnIn)
	}
	if s.Start != nil {
		if err := checkData("ReverseAIS: Start", s.Start, a.nv, binaryValues); err != nil {
			return 0, 0, err
		}
		n, _ := s.Start.Dims()
		for r := 0; r < a.chains; r++ {
			for i := 0; i < a.nv; i++ {
				a.v.Set(r, i, s.Start.At(r%n, i))
			}
		}
	} else if err := a.exactStart(); err != nil {
		return 0, 0, err
	}
	total := s.BurnIn + len(a.betas) - 1
	for k := 1; k <= s.BurnIn; k++ {
		if err := ctx.Err(); err != nil {
			return 0, 0, fmt.Errorf("rbm: ReverseAIS: stopped at burn-in transition %d of %d: %w", k, s.BurnIn, err)
		}
		a.step(1, 1, false)
		if a.progress != nil && (k%max(total/100, 1) == 0) {
			a.progress(k, total)
		}
	}
	rev := make([]float64, len(a.betas))
	for k, b := range a.betas {
		rev[len(rev)-1-k] = b
	}
	if err := a.anneal(ctx, rev, s.BurnIn); err != nil {
		return 0, 0, err
	}
	lm, se := logMeanSE(a.logw)
	return a.logZA - lm, se, nil
}

// exactStart sets the chains to independent exact samples of the model's
// visible distribution.
func (a *annealer) exactStart() error {
	m := a.m
	visible := a.nv <= a.nh
	var p []float64
	var err error
	if visible {
		p, err = m.ExactVisibleDist()
	} else {
		p, err = m.ExactHiddenDist()
	}
	if err != nil {
		return fmt.Errorf("rbm: ReverseAIS: no Start states, and exact samples need the distribution of the smaller layer: %w", err)
	}
	cum := make([]float64, len(p))
	var t float64
	for k, x := range p {
		t += x
		cum[k] = t
	}
	draw := func(dst []float64, r int) {
		u := a.uni(r) * t
		k := min(sort.SearchFloat64s(cum, u), len(cum)-1)
		for cum[k] == u && k+1 < len(cum) { // u lands on a boundary: the next state
			k++
		}
		FillState(dst, k)
	}
	vr := a.v.RawMatrix()
	if visible {
		for r := 0; r < a.chains; r++ {
			draw(vr.Data[r*vr.Stride:r*vr.Stride+a.nv], r)
		}
		return nil
	}
	// h ~ p(h), then v ~ p(v | h) = σ(Wh + b).
	hr, pr := a.h.RawMatrix(), a.pv.RawMatrix()
	for r := 0; r < a.chains; r++ {
		draw(hr.Data[r*hr.Stride:r*hr.Stride+a.nh], r)
	}
	m.VisibleProb(a.pv, a.h)
	for r := 0; r < a.chains; r++ {
		prow := pr.Data[r*pr.Stride : r*pr.Stride+a.nv]
		vrow := vr.Data[r*vr.Stride : r*vr.Stride+a.nv]
		for i, q := range prow {
			if a.uni(r) < q {
				vrow[i] = 1
			} else {
				vrow[i] = 0
			}
		}
	}
	return nil
}
