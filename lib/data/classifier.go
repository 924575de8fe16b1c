package data

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Classifier is a perceptron with one hidden layer of tanh units and a
// softmax output, a small learned feature space for judging generated
// images (as FID judges them in the features of an Inception network). For
// a row x (d inputs) it computes
//
//	f = tanh(x W1 + b1)              (H features, Features)
//	z = f W2 + b2,  p_c = e^{z_c} / Σ_k e^{z_k}   (C class probabilities)
//
// and is fitted by TrainClassifier to minimise the mean cross-entropy
// −(1/n) Σ_r log p_{y_r}(x_r) of labelled rows. The Fréchet distance
// between the features of two sets of images (FeatureFrechet) is then a
// distance in a space where digits of different classes lie apart and
// pixel noise that does not change the class counts for little, unlike
// the pixel-space Frechet.
type Classifier struct {
	// W1 is d×H, B1 has H entries; W2 is H×C, B2 has C entries.
	W1, W2 *mat.Dense
	B1, B2 []float64
}

// ClassifierOptions sets up TrainClassifier. Zero fields take the
// defaults given.
type ClassifierOptions struct {
	// Hidden is H, the number of tanh features (default 64).
	Hidden int
	// Epochs is the number of passes over the rows (default 10).
	Epochs int
	// Batch is the minibatch size (default 50).
	Batch int
	// Rate is the step of plain gradient descent on the batch mean
	// cross-entropy (default 0.1).
	Rate float64
	// Seed seeds the initial weights (W1 ~ N(0, 1/d), W2 ~ N(0, 1/H),
	// biases 0) and the order of the rows in each epoch.
	Seed uint64
}

// TrainClassifier fits a Classifier to the rows of x (n×d, finite) with
// labels y (n entries in 0…classes−1) by minibatch gradient descent on the
// mean cross-entropy. The gradient of one batch B is, with δ2 = p − onehot(y)
// (|B|×C) and δ1 = (δ2 W2ᵀ) ⊙ (1 − f²) (|B|×H),
//
//	∂/∂W2 = fᵀδ2/|B|, ∂/∂b2 = Σ_r δ2_r/|B|, ∂/∂W1 = xᵀδ1/|B|, ∂/∂b1 = Σ_r δ1_r/|B|.
//
// It checks ctx between batches and returns an error for bad shapes,
// labels out of range, fewer than two classes, or a cancelled ctx.
func TrainClassifier(ctx context.Context, x mat.Matrix, y []int, classes int, o ClassifierOptions) (*Classifier, error) {
	n, d := x.Dims()
	if n == 0 || len(y) != n {
		return nil, fmt.Errorf("data: TrainClassifier: %d rows and %d labels", n, len(y))
	}
	if classes < 2 {
		return nil, fmt.Errorf("data: TrainClassifier: %d classes, want at least 2", classes)
	}
	for r, c := range y {
		if c < 0 || c >= classes {
			return nil, fmt.Errorf("data: TrainClassifier: label %d of row %d is not in 0…%d", c, r, classes-1)
		}
	}
	if o.Hidden <= 0 {
		o.Hidden = 64
	}
	if o.Epochs <= 0 {
		o.Epochs = 10
	}
	if o.Batch <= 0 {
		o.Batch = 50
	}
	if o.Rate <= 0 {
		o.Rate = 0.1
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x636c6173))
	c := &Classifier{W1: mat.NewDense(d, o.Hidden, nil), W2: mat.NewDense(o.Hidden, classes, nil),
		B1: make([]float64, o.Hidden), B2: make([]float64, classes)}
	for i, s := range []float64{1 / math.Sqrt(float64(d)), 1 / math.Sqrt(float64(o.Hidden))} {
		w := []*mat.Dense{c.W1, c.W2}[i].RawMatrix().Data
		for k := range w {
			w[k] = s * rng.NormFloat64()
		}
	}
	xd := mat.DenseCopyOf(x)
	for _, v := range xd.RawMatrix().Data {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, errors.New("data: TrainClassifier: x has a non-finite entry")
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	for e := 0; e < o.Epochs; e++ {
		rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
		for lo := 0; lo < n; lo += o.Batch {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("data: TrainClassifier: epoch %d: %w", e+1, err)
			}
			rows := order[lo:min(lo+o.Batch, n)]
			xb := mat.NewDense(len(rows), d, nil)
			yb := make([]int, len(rows))
			for k, r := range rows {
				xb.SetRow(k, xd.RawRowView(r))
				yb[k] = y[r]
			}
			c.step(xb, yb, o.Rate)
		}
	}
	return c, nil
}

// forward returns the features f and the class probabilities p of the
// rows of x.
func (c *Classifier) forward(x mat.Matrix) (f, p *mat.Dense) {
	f = c.Features(x)
	n, _ := f.Dims()
	_, k := c.W2.Dims()
	p = mat.NewDense(n, k, nil)
	p.Mul(f, c.W2)
	for r := 0; r < n; r++ {
		row := p.RawRowView(r)
		mx := math.Inf(-1)
		for j := range row {
			row[j] += c.B2[j]
			mx = math.Max(mx, row[j])
		}
		var s float64
		for j := range row {
			row[j] = math.Exp(row[j] - mx)
			s += row[j]
		}
		for j := range row {
			row[j] /= s
		}
	}
	return f, p
}

// step takes one gradient step of size rate on the batch (x, y).
func (c *Classifier) step(x *mat.Dense, y []int, rate float64) {
	f, p := c.forward(x)
	n, _ := x.Dims()
	for r, yr := range y {
		p.Set(r, yr, p.At(r, yr)-1) // δ2 = p − onehot(y)
	}
	d1 := mat.NewDense(n, len(c.B1), nil)
	d1.Mul(p, c.W2.T())
	fr, dr := f.RawMatrix().Data, d1.RawMatrix().Data
	for i, fi := range fr {
		dr[i] *= 1 - fi*fi
	}
	s := -rate / float64(n)
	var g2 mat.Dense
	g2.Mul(f.T(), p)
	c.W2.Add(c.W2, scaled(&g2, s))
	var g1 mat.Dense
	g1.Mul(x.T(), d1)
	c.W1.Add(c.W1, scaled(&g1, s))
	for r := 0; r < n; r++ {
		for j, v := range p.RawRowView(r) {
			c.B2[j] += s * v
		}
		for j, v := range d1.RawRowView(r) {
			c.B1[j] += s * v
		}
	}
}

// scaled returns m scaled by s in place.
func scaled(m *mat.Dense, s float64) *mat.Dense {
	m.Scale(s, m)
	return m
}

// Features returns the n×H matrix of the hidden layer tanh(x W1 + b1) for
// the rows of x (n×d).
func (c *Classifier) Features(x mat.Matrix) *mat.Dense {
	n, _ := x.Dims()
	f := mat.NewDense(n, len(c.B1), nil)
	f.Mul(x, c.W1)
	for r := 0; r < n; r++ {
		row := f.RawRowView(r)
		for j := range row {
			row[j] = math.Tanh(row[j] + c.B1[j])
		}
	}
	return f
}

// Probabilities returns the n×C matrix of class probabilities p_c(x) of
// the rows of x.
func (c *Classifier) Probabilities(x mat.Matrix) *mat.Dense {
	_, p := c.forward(x)
	return p
}

// CrossEntropy returns the mean cross-entropy −(1/n) Σ_r log p_{y_r}(x_r)
// of the rows of x with labels y, the loss TrainClassifier minimises.
func (c *Classifier) CrossEntropy(x mat.Matrix, y []int) float64 {
	p := c.Probabilities(x)
	var s float64
	for r, yr := range y {
		s -= math.Log(p.At(r, yr))
	}
	return s / float64(max(len(y), 1))
}

// Predict returns the most probable class of each row of x.
func (c *Classifier) Predict(x mat.Matrix) []int {
	p := c.Probabilities(x)
	n, k := p.Dims()
	out := make([]int, n)
	for r := 0; r < n; r++ {
		for j := 1; j < k; j++ {
			if p.At(r, j) > p.At(r, out[r]) {
				out[r] = j
			}
		}
	}
	return out
}

// Accuracy returns the fraction of rows of x whose predicted class is y's.
func (c *Classifier) Accuracy(x mat.Matrix, y []int) float64 {
	pred := c.Predict(x)
	ok := 0
	for r, v := range pred {
		if r < len(y) && v == y[r] {
			ok++
		}
	}
	return float64(ok) / float64(max(len(pred), 1))
}

// ClassHistogram returns the fraction of the rows of x predicted as each
// class: for generated images, how the samples spread over the classes
// (a sampler stuck on few modes puts most of its mass on few classes).
func (c *Classifier) ClassHistogram(x mat.Matrix) []float64 {
	h := make([]float64, len(c.B2))
	pred := c.Predict(x)
	for _, v := range pred {
		h[v] += 1 / float64(len(pred))
	}
	return h
}

// FeatureFrechet returns a reference for squared Fréchet distances in the
// classifier's feature space: NewFrechetRef of Features(ref). Its Distance
// takes feature matrices; pass c.Features(x) for images x.
func (c *Classifier) FeatureFrechet(ref mat.Matrix) (*FrechetRef, error) {
	r, err := NewFrechetRef(c.Features(ref))
	if err != nil {
		return nil, fmt.Errorf("data: Classifier.FeatureFrechet: %w", err)
	}
	return r, nil
}
