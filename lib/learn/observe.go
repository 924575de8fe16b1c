package learn

import (
	"errors"
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// Observer is a named measurement of the model, taken by Train every
// Settings.Every updates and recorded in the History under Name.
type Observer struct {
	Name string
	Func func(m rbm.Model) (float64, error)
}

// maxExactUnits bounds the smaller layer of a model whose likelihood is
// computed exactly: 2^maxExactUnits terms.
const maxExactUnits = 24

// ExactLogLikelihood returns the observer "loglik": the mean exact
// log-likelihood of the examples of set under a binary RBM,
//
//	(1/N) Σ_n ln p(v_n) = −(1/N) Σ_n F(v_n) − ln Z,
//	F(v) = −bᵀv − Σ_j softplus(c_j + vᵀW_{·j}),
//
// with ln Z computed by enumerating the smaller layer (2^min(m, n_h)
// terms, log-sum-exp in float64). It fails for other models or when the
// smaller layer has more than 24 units.
func ExactLogLikelihood(set *data.Set) Observer {
	return Observer{Name: "loglik", Func: func(m rbm.Model) (float64, error) {
		b, ok := m.(*rbm.Binary)
		if !ok {
			return 0, fmt.Errorf("learn: loglik: model is %T, want *rbm.Binary", m)
		}
		if set == nil || set.X == nil {
			return 0, errors.New("learn: loglik: nil data set")
		}
		return meanLogLik(b, set.X)
	}}
}

// ReconstructionError returns the observer "recon": the mean over the
// examples v of set of the squared reconstruction error
//
//	Σ_i (v_i − p(v_i=1 | ĥ))²,  ĥ = p(h=1 | v),
//
// a deterministic mean-field reconstruction (no sampling). Cheap, but not a
// measure of likelihood.
func ReconstructionError(set *data.Set) Observer {
	var ph, pv mat.Dense
	return Observer{Name: "recon", Func: func(m rbm.Model) (float64, error) {
		b, ok := m.(*rbm.Binary)
		if !ok {
			return 0, fmt.Errorf("learn: recon: model is %T, want *rbm.Binary", m)
		}
		if set == nil || set.X == nil {
			return 0, errors.New("learn: recon: nil data set")
		}
		n, c := set.X.Dims()
		if c != b.Visible() {
			return 0, fmt.Errorf("learn: recon: set %q has %d columns, model has %d visible units", set.Name, c, b.Visible())
		}
		ph.Reset()
		pv.Reset()
		b.HiddenProb(&ph, set.X)
		b.VisibleProb(&pv, &ph)
		var s float64
		for i := 0; i < n; i++ {
			for j, p := range pv.RawRowView(i) {
				d := set.X.At(i, j) - p
				s += d * d
			}
		}
		return s / float64(n), nil
	}}
}

// meanLogLik returns the mean exact log-likelihood of the rows of x.
func meanLogLik(m *rbm.Binary, x *mat.Dense) (float64, error) {
	nv, nh := m.W.Dims()
	n, c := x.Dims()
	if c != nv {
		return 0, fmt.Errorf("learn: loglik: data has %d columns, model has %d visible units", c, nv)
	}
	if min(nv, nh) > maxExactUnits {
		return 0, fmt.Errorf("learn: loglik: exact log Z needs 2^%d terms (at most 2^%d allowed)", min(nv, nh), maxExactUnits)
	}
	logZ := exactLogZ(m)
	var s float64
	for i := 0; i < n; i++ {
		s -= freeEnergy(m, x.RawRowView(i))
	}
	return s/float64(n) - logZ, nil
}

// freeEnergy returns F(v) = −bᵀv − Σ_j softplus(c_j + vᵀW_{·j}).
func freeEnergy(m *rbm.Binary, v []float64) float64 {
	nv, nh := m.W.Dims()
	w := m.W.RawMatrix()
	f := 0.0
	for i := 0; i < nv; i++ {
		f -= m.B[i] * v[i]
	}
	for j := 0; j < nh; j++ {
		x := m.C[j]
		for i := 0; i < nv; i++ {
			x += v[i] * w.Data[i*w.Stride+j]
		}
		f -= rbm.Softplus(x)
	}
	return f
}

// exactLogZ enumerates the smaller layer: with the hidden layer,
// ln Z = logsumexp_h [cᵀh + Σ_i softplus(b_i + W_{i·}h)], and symmetrically
// with the visible layer, ln Z = logsumexp_v [−F(v)].
func exactLogZ(m *rbm.Binary) float64 {
	nv, nh := m.W.Dims()
	w := m.W.RawMatrix()
	small, other := nh, nv
	if nv < nh {
		small, other = nv, nh
	}
	terms := make([]float64, 1<<small)
	for s := range terms {
		var t float64
		for k := 0; k < other; k++ {
			var x float64
			if small == nh { // enumerate h, k is a visible unit
				x = m.B[k]
				for j := 0; j < nh; j++ {
					if s>>j&1 == 1 {
						x += w.Data[k*w.Stride+j]
					}
				}
			} else { // enumerate v, k is a hidden unit
				x = m.C[k]
				for i := 0; i < nv; i++ {
					if s>>i&1 == 1 {
						x += w.Data[i*w.Stride+k]
					}
				}
			}
			t += rbm.Softplus(x)
		}
		for u := 0; u < small; u++ {
			if s>>u&1 == 1 {
				if small == nh {
					t += m.C[u]
				} else {
					t += m.B[u]
				}
			}
		}
		terms[s] = t
	}
	mx := math.Inf(-1)
	for _, t := range terms {
		mx = max(mx, t)
	}
	var sum float64
	for _, t := range terms {
		sum += math.Exp(t - mx)
	}
	return mx + math.Log(sum)
}
