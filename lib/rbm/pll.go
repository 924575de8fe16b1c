package rbm

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"gonum.org/v1/gonum/mat"
)

// PseudoLogLikelihood returns the mean exact pseudo-log-likelihood of the
// rows of data (binary states, refused otherwise by CheckData),
//
//	PL = (1/N) Σ_n Σ_i log p(v_ni | v_n,−i),
//	p(v_i | v_−i) = σ(F(ṽ⁽ⁱ⁾) − F(v)),
//
// where ṽ⁽ⁱ⁾ is v with unit i flipped, F is the free energy and σ the
// logistic function: the conditional of one unit given the others is the
// ratio e^{−F(v)} / (e^{−F(v)} + e^{−F(ṽ⁽ⁱ⁾)}), in which Z cancels. It
// needs no partition function, so it is cheap for any size: with
// x = vᵀW + c, flipping unit i by s_i = 1 − 2v_i changes the free energy by
//
//	F(ṽ⁽ⁱ⁾) − F(v) = −s_i b_i − Σ_j [softplus(x_j + s_i W_ij) − softplus(x_j)],
//
// so the cost is one product V·W and N·m·n_h softplus terms, spread over
// GOMAXPROCS goroutines with a result that does not depend on their
// number. PL ≤ 0, and it is not the log-likelihood: it scores how well
// each unit is predicted from the others. It checks ctx before every row
// and stops with its error.
func (m *Binary) PseudoLogLikelihood(ctx context.Context, data mat.Matrix) (float64, error) {
	return m.pseudo(ctx, "PseudoLogLikelihood", data, nil)
}

// StochasticPseudoLogLikelihood returns the one-unit estimate of the mean
// pseudo-log-likelihood that scikit-learn's BernoulliRBM.score_samples
// reports: for each row v of data one unit i_n is drawn uniformly from the
// m visible units (with a source seeded by seed), and
//
//	PL̂ = (1/N) Σ_n m · log σ(F(ṽ⁽ⁱⁿ⁾) − F(v_n)),
//
// which is unbiased for PseudoLogLikelihood over the draws (each term's
// expectation over i_n is Σ_i log p(v_ni | v_n,−i)) at 1/m of its cost in
// softplus terms. Data, cost of V·W and concurrency as
// PseudoLogLikelihood; it checks ctx between blocks of 64 rows. The same
// seed gives the same value.
func (m *Binary) StochasticPseudoLogLikelihood(ctx context.Context, data mat.Matrix, seed uint64) (float64, error) {
	const what = "StochasticPseudoLogLikelihood"
	if err := m.Validate(); err != nil {
		return 0, fmt.Errorf("rbm: %s: %w", what, err)
	}
	if err := checkData(what, data, m.Visible(), binaryValues); err != nil {
		return 0, err
	}
	n, nv := data.Dims()
	rng := rand.New(rand.NewPCG(seed, seed^0x5851f42d4c957f2d))
	pick := make([]int, n)
	for r := range pick {
		pick[r] = rng.IntN(nv)
	}
	return m.pseudo(ctx, what, data, pick)
}

// pllBlock is the number of rows of one block of pseudo.
const pllBlock = 64

// pseudo returns the mean over the rows of data of Σ_i log p(v_i | v_−i)
// when pick is nil, else of m·log p(v_{pick[r]} | v_−pick[r]) for row r.
func (m *Binary) pseudo(ctx context.Context, what string, data mat.Matrix, pick []int) (float64, error) {
	if pick == nil {
		if err := m.Validate(); err != nil {
			return 0, fmt.Errorf("rbm: %s: %w", what, err)
		}
		if err := checkData(what, data, m.Visible(), binaryValues); err != nil {
			return 0, err
		}
	}
	n, nv := data.Dims()
	nh := m.Hidden()
	w := m.W.RawMatrix()
	negW := make([]float64, len(w.Data)) // −W, for flips from 1 to 0
	for k, x := range w.Data {
		negW[k] = -x
	}
	blocks := (n + pllBlock - 1) / pllBlock
	sums := make([]float64, blocks)
	var next atomic.Int64
	var wg sync.WaitGroup
	var failed atomic.Bool
	nw := workers(blocks)
	for range nw {
		wg.Add(1)
		go func() {
			defer wg.Done()
			vbuf, xbuf := mat.NewDense(pllBlock, nv, nil), mat.NewDense(pllBlock, nh, nil)
			for {
				b := int(next.Add(1) - 1)
				if b >= blocks || failed.Load() {
					return
				}
				if ctx.Err() != nil {
					failed.Store(true)
					return
				}
				r0, r1 := b*pllBlock, min((b+1)*pllBlock, n)
				v := vbuf.Slice(0, r1-r0, 0, nv).(*mat.Dense)
				x := xbuf.Slice(0, r1-r0, 0, nh).(*mat.Dense)
				for r := r0; r < r1; r++ {
					for i := 0; i < nv; i++ {
						v.Set(r-r0, i, data.At(r, i))
					}
				}
				m.HiddenInput(x, v)
				var s float64
				for r := r0; r < r1; r++ {
					if pick == nil && ctx.Err() != nil { // m·n_h terms a row
						failed.Store(true)
						return
					}
					vrow, xrow := v.RawRowView(r-r0), x.RawRowView(r-r0)
					base := SoftplusSum(xrow)
					unit := func(i int) float64 {
						s, wrow := 1.0, w.Data[i*w.Stride:i*w.Stride+nh]
						if vrow[i] == 1 {
							s, wrow = -1, negW[i*nh:(i+1)*nh]
						}
						dF := -s*m.B[i] - (softplusSumShift(xrow, wrow) - base)
						return -Softplus(-dF) // log σ(dF)
					}
					if pick == nil {
						for i := range vrow {
							s += unit(i)
						}
					} else {
						s += float64(nv) * unit(pick[r])
					}
				}
				sums[b] = s
			}
		}()
	}
	wg.Wait()
	if failed.Load() {
		return 0, fmt.Errorf("rbm: %s: %w", what, ctx.Err())
	}
	var total float64
	for _, s := range sums {
		total += s
	}
	return total / float64(n), nil
}
