package learn

import (
	"math"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// TestSharp checks the #-direction on a gradient of known SVD and on a
// random rank-2 one: the weight direction D has every non-zero singular
// value equal to ‖G‖_* and ⟨G, D⟩ = ‖G‖_*² (the defining property of the
// dual-norm steepest direction), its rank is that of G, and the bias
// directions are ‖g‖₁ sign(g).
func TestSharp(t *testing.T) {
	// G = diag(3, 1, 0) in a 3×4 matrix: D = diag(4, 4, 0).
	g := &Grad{Parts: [][]float64{
		{3, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0},
		{1, -2, 0},
		{0.5, 0, 0, -0.5},
	}}
	d := &Grad{Parts: [][]float64{make([]float64, 12), make([]float64, 3), make([]float64, 4)}}
	if err := Sharp(d, g, 3, 4, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	want := [][]float64{
		{4, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0},
		{3, -3, 0},
		{1, 0, 0, -1},
	}
	if e := maxDiff(d.Parts, want); e > 1e-12 {
		t.Errorf("Sharp(diag(3,1,0)) = %v, want %v", d.Parts, want)
	}
	// Rank 2: G = a₁b₁ᵀ + a₂b₂ᵀ, 6×5.
	a1, b1 := []float64{1, 2, 0, -1, 3, 1}, []float64{0.5, -1, 2, 0, 1}
	a2, b2 := []float64{0, 1, 1, 2, -1, 0}, []float64{1, 1, 0, -2, 0.3}
	G := mat.NewDense(6, 5, nil)
	for i := 0; i < 6; i++ {
		for j := 0; j < 5; j++ {
			G.Set(i, j, a1[i]*b1[j]+a2[i]*b2[j])
		}
	}
	var svd mat.SVD
	svd.Factorize(G, mat.SVDNone)
	nuc := 0.0
	for _, s := range svd.Values(nil) {
		nuc += s
	}
	g = &Grad{Parts: [][]float64{G.RawMatrix().Data, make([]float64, 6), make([]float64, 5)}}
	d = NewGrad(randomModel(6, 5, 1))
	if err := Sharp(d, g, 6, 5, nil, nil, nil); err != nil {
		t.Fatal(err)
	}
	D := mat.NewDense(6, 5, d.Parts[0])
	if ip := floats.Dot(G.RawMatrix().Data, D.RawMatrix().Data); math.Abs(ip-nuc*nuc) > 1e-9*nuc*nuc {
		t.Errorf("⟨G, D⟩ = %v, want ‖G‖_*² = %v", ip, nuc*nuc)
	}
	svd.Factorize(D, mat.SVDNone)
	s := svd.Values(nil)
	if math.Abs(s[0]-nuc) > 1e-9*nuc || math.Abs(s[1]-nuc) > 1e-9*nuc || s[2] > 1e-9*nuc {
		t.Errorf("singular values of D = %v, want %v, %v, 0, …", s, nuc, nuc)
	}
	if err := Sharp(d, g, 5, 6, nil, nil, nil); err == nil {
		t.Error("wrong shapes accepted")
	}
}

// TestSSDSteps checks SSD's cost, defaults and errors.
func TestSSDSteps(t *testing.T) {
	l := NewSSD(NewCD(3, mcmc.NewGibbs(1)))
	if l.Steps() != 3 {
		t.Errorf("Steps = %d, want 3", l.Steps())
	}
	if NewSSD(nil).Steps() != 1 {
		t.Error("default SSD is not PCD-1")
	}
	m := randomModel(4, 3, 1)
	if err := l.Update(m, randomBatch(5, 4, 0.5, 1), nil); err == nil {
		t.Error("nil optimizer accepted")
	}
	if err := l.Update(m, randomBatch(5, 3, 0.5, 1), &SGD{}); err == nil {
		t.Error("batch of the wrong width accepted")
	}
}

// TestSSDLowRank checks that the direction SSD takes through the QR and
// k×k SVD route (CD and PCD gradients of a 4-row batch on a 30×20 model:
// rank ≤ 8 < 20) equals Sharp's full SVD of the same gradient to 1e-9
// relative to its size.
func TestSSDLowRank(t *testing.T) {
	m := randomModel(30, 20, 6)
	x := randomBatch(4, 30, 0.4, 7)
	for _, est := range []Estimator{NewCD(1, mcmc.NewGibbs(2)), NewPCD(2, 0, mcmc.NewGibbs(2))} {
		l := NewSSD(est)
		d, err := l.Direction(m, x)
		if err != nil {
			t.Fatal(err)
		}
		// The estimator's gradient after Direction is the one the
		// direction was made from.
		full := NewGrad(m)
		var grad *Grad
		switch e := est.(type) {
		case *CD:
			grad = e.grad
		case *PCD:
			grad = e.grad
		}
		if err := Sharp(full, grad, 30, 20, nil, nil, nil); err != nil {
			t.Fatal(err)
		}
		scale := 0.0
		for _, x := range full.Parts[0] {
			scale = max(scale, math.Abs(x))
		}
		if e := maxDiff(d.Parts, full.Parts); e > 1e-9*scale {
			t.Errorf("%T: low-rank direction differs from the full SVD's by %g (scale %g)", est, e, scale)
		}
	}
}
