package mcmc

import (
	"errors"
	"fmt"
	"math"
	"math/cmplx"
	"sort"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// MaxTransitionUnits is the largest number of units m+n of an RBM whose
// exact transition matrix TransitionMatrix builds: 2^8 = 256 joint states,
// a 256×256 matrix.
const MaxTransitionUnits = 8

// TransitionMatrix returns the exact transition matrix P of one transition
// of the blended flip-the-state operator T_α (alpha = 0: block Gibbs G,
// alpha = 1: flip-the-state T) on the binary RBM m, over all 2^(m+n) joint
// states indexed as rbm.ExactJointDist indexes them (bits 0…m−1 are v, bits
// m…m+n−1 are h). With k_α(s → s' | x) the per-unit kernel of Flip,
//
//	P[(v,h), (v',h')] = ∏_j k_α(h_j → h'_j | vᵀW_{·j} + c_j)
//	                  · ∏_i k_α(v_i → v'_i | W_{i·}h' + b_i),
//
// the hidden layer first, then the visible layer given the new hidden
// state, as Gibbs.Sample and Flip.Sample do. It returns an error if m is
// not valid, alpha is outside [0, 1], or m has more than
// MaxTransitionUnits units.
func TransitionMatrix(m *rbm.Binary, alpha float64) (*mat.Dense, error) {
	if m == nil {
		return nil, errors.New("mcmc: TransitionMatrix: nil model")
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("mcmc: TransitionMatrix: %w", err)
	}
	if !(alpha >= 0 && alpha <= 1) {
		return nil, fmt.Errorf("mcmc: TransitionMatrix: alpha must be in [0, 1], got %v", alpha)
	}
	nv, nh := m.Visible(), m.Hidden()
	if nv+nh > MaxTransitionUnits {
		return nil, fmt.Errorf("mcmc: TransitionMatrix: the model has %d+%d units, at most %d (MaxTransitionUnits)", nv, nh, MaxTransitionUnits)
	}
	sv, sh := 1<<nv, 1<<nh
	// hid[v][h][h'] = ∏_j k(h_j → h'_j | x_j(v)); vis[h'][v][v'] likewise.
	hid := layerKernel(sv, sh, nh, alpha, func(vi, j int) float64 {
		x := m.C[j]
		for i := 0; i < nv; i++ {
			if vi>>i&1 == 1 {
				x += m.W.At(i, j)
			}
		}
		return x
	})
	vis := layerKernel(sh, sv, nv, alpha, func(hi, i int) float64 {
		x := m.B[i]
		for j := 0; j < nh; j++ {
			if hi>>j&1 == 1 {
				x += m.W.At(i, j)
			}
		}
		return x
	})
	n := sv * sh
	p := mat.NewDense(n, n, nil)
	for from := 0; from < n; from++ {
		v, h := from&(sv-1), from>>nv
		row := p.RawRowView(from)
		for h2 := 0; h2 < sh; h2++ {
			a := hid[v*sh*sh+h*sh+h2]
			if a == 0 {
				continue
			}
			for v2 := 0; v2 < sv; v2++ {
				row[h2<<nv|v2] = a * vis[h2*sv*sv+v*sv+v2]
			}
		}
	}
	return p, nil
}

// layerKernel returns K[c][s][s'] (flattened, c over nc conditioning
// states, s and s' over ns = 2^units layer states): the probability that
// the layer moves from s to s' given the other layer's state c, the
// product over units u of the kernel of T_α with input input(c, u).
func layerKernel(nc, ns, units int, alpha float64, input func(c, u int) float64) []float64 {
	k := make([]float64, nc*ns*ns)
	p1 := make([]float64, units)
	for c := 0; c < nc; c++ {
		x := make([]float64, units)
		for u := range x {
			x[u] = input(c, u)
		}
		for s := 0; s < ns; s++ {
			for u := range p1 {
				p1[u] = unitProb(alpha, float64(s>>u&1), x[u])
			}
			for s2 := 0; s2 < ns; s2++ {
				q := 1.0
				for u, p := range p1 {
					if s2>>u&1 == 1 {
						q *= p
					} else {
						q *= 1 - p
					}
				}
				k[c*ns*ns+s*ns+s2] = q
			}
		}
	}
	return k
}

// Stationary returns the stationary distribution π of the row-stochastic
// matrix P, the solution of
//
//	πP = π,  Σ_k π_k = 1,
//
// found by solving (Pᵀ − I)πᵀ = 0 with the last equation replaced by
// Σ_k π_k = 1. It returns an error if P is not square or the system is
// singular (P has more than one stationary distribution).
func Stationary(p mat.Matrix) ([]float64, error) {
	if p == nil {
		return nil, errors.New("mcmc: Stationary: nil matrix")
	}
	r, c := p.Dims()
	if r != c || r == 0 {
		return nil, fmt.Errorf("mcmc: Stationary: matrix is %d×%d, want square", r, c)
	}
	a := mat.NewDense(r, r, nil)
	a.CloneFrom(p.T())
	for i := 0; i < r; i++ {
		a.Set(i, i, a.At(i, i)-1)
	}
	for j := 0; j < r; j++ {
		a.Set(r-1, j, 1)
	}
	rhs := mat.NewVecDense(r, nil)
	rhs.SetVec(r-1, 1)
	var x mat.VecDense
	if err := x.SolveVec(a, rhs); err != nil {
		return nil, fmt.Errorf("mcmc: Stationary: %d×%d matrix: %w", r, r, err)
	}
	return append([]float64(nil), x.RawVector().Data...), nil
}

// SLEM returns the second largest eigenvalue modulus of the square matrix
// P: with |λ_1| ≥ |λ_2| ≥ … the moduli of its eigenvalues (computed with
// gonum's mat.Eigen), SLEM = |λ_2|. For an ergodic transition matrix
// λ_1 = 1 and the distance to stationarity after t steps decays like
// SLEM^t; a periodic or reducible chain has SLEM = 1.
func SLEM(p mat.Matrix) (float64, error) {
	if p == nil {
		return 0, errors.New("mcmc: SLEM: nil matrix")
	}
	r, c := p.Dims()
	if r != c || r < 2 {
		return 0, fmt.Errorf("mcmc: SLEM: matrix is %d×%d, want square and at least 2×2", r, c)
	}
	var eig mat.Eigen
	if !eig.Factorize(p, mat.EigenNone) {
		return 0, fmt.Errorf("mcmc: SLEM: eigen decomposition of the %d×%d matrix did not converge", r, r)
	}
	vals := eig.Values(nil)
	mods := make([]float64, len(vals))
	for i, v := range vals {
		mods[i] = cmplx.Abs(v)
		if math.IsNaN(mods[i]) {
			return 0, fmt.Errorf("mcmc: SLEM: eigenvalue %d is NaN", i)
		}
	}
	sort.Sort(sort.Reverse(sort.Float64Slice(mods)))
	return mods[1], nil
}
