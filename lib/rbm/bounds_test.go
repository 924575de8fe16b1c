package rbm

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// allocated returns the bytes allocated while f runs.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestConstructorSizeBound: sizes whose parameters exceed MaxParams are
// refused with an error naming the layer, before anything is allocated
// (NewBinary(784, 1<<31) used to die of a fatal out-of-memory), and the
// largest allowed size is accepted.
func TestConstructorSizeBound(t *testing.T) {
	for _, c := range []struct {
		visible, hidden int
		field           string
	}{
		{784, 1 << 31, "hidden=2147483648"},
		{784, 2000000000, "hidden=2000000000"},
		{1 << 40, 3, "visible=1099511627776"},
		{math.MaxInt, math.MaxInt, "hidden="},
		{1 << 14, 1 << 14, "hidden=16384"},
	} {
		var errB, errG error
		n := allocated(func() {
			_, errB = NewBinary(c.visible, c.hidden, &Init{WeightStd: 0.01})
			_, errG = NewGaussian(c.visible, c.hidden, nil)
		})
		for _, err := range []error{errB, errG} {
			if err == nil || !strings.Contains(err.Error(), c.field) || !strings.Contains(err.Error(), "MaxParams") {
				t.Errorf("%d×%d: error %v, want one naming %s and MaxParams", c.visible, c.hidden, err, c.field)
			}
		}
		if n > 1<<20 {
			t.Errorf("%d×%d: %d bytes allocated before the refusal", c.visible, c.hidden, n)
		}
	}
	if _, err := NewBinary(0, 5, nil); err == nil || !strings.Contains(err.Error(), "positive") {
		t.Errorf("zero visible units: %v", err)
	}
	// The bound itself: visible·hidden + visible + hidden = MaxParams.
	if err := checkSize("test", 1<<14, 1<<14-2); err != nil {
		t.Errorf("%d×%d (%d parameters) refused: %v", 1<<14, 1<<14-2, (1<<14)*(1<<14-2)+(1<<14)+(1<<14-2), err)
	}
}

// TestValidateBound: a finite weight of 1e308 with everything else valid
// used to pass Validate and make ExactLogZ and LogLikelihood return NaN with
// no error. Validate now refuses it, naming the weight and the bound, and
// so do the exact functions.
func TestValidateBound(t *testing.T) {
	m := randomModel(t, 4, 3, 0.1, 1)
	m.W.Set(1, 2, 1e308)
	err := m.Validate()
	if err == nil || !strings.Contains(err.Error(), "W[1][2] is 1e+308") || !strings.Contains(err.Error(), "MaxParam") {
		t.Errorf("Validate with W[1][2] = 1e308: %v", err)
	}
	if lz, err := m.ExactLogZ(); err == nil {
		t.Errorf("ExactLogZ with a weight of 1e308: %v and no error", lz)
	}
	data := mat.NewDense(2, 4, []float64{1, 0, 1, 0, 0, 1, 1, 1})
	if ll, err := m.LogLikelihood(data); err == nil {
		t.Errorf("LogLikelihood with a weight of 1e308: %v and no error", ll)
	}
	m.W.Set(1, 2, 0)
	m.B[3] = -2e50
	if err := m.Validate(); err == nil || !strings.Contains(err.Error(), "B[3]") {
		t.Errorf("Validate with B[3] = -2e50: %v", err)
	}
	m.B[3] = 0
	m.C[0] = math.Inf(1)
	if err := m.Validate(); err == nil || !strings.Contains(err.Error(), "C[0] is +Inf") {
		t.Errorf("Validate with C[0] = +Inf: %v", err)
	}
}

// TestFiniteAtTheBound: a model whose every parameter is ±MaxParam, the
// largest Validate accepts, gives finite results from ExactLogZ,
// LogLikelihood and AIS, the justification of the bound.
func TestFiniteAtTheBound(t *testing.T) {
	for _, shape := range [][2]int{{6, 4}, {4, 6}} {
		m, err := NewBinary(shape[0], shape[1], nil)
		if err != nil {
			t.Fatal(err)
		}
		sign := 1.0
		for _, p := range m.Params() {
			for i := range p {
				p[i] = sign * MaxParam
				sign = -sign
			}
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("%v: a model at the bound is refused: %v", shape, err)
		}
		lz, err := m.ExactLogZ()
		if err != nil || !finite(lz) {
			t.Errorf("%v: ExactLogZ at the bound = %v, %v", shape, lz, err)
		}
		data := mat.NewDense(3, shape[0], nil)
		data.Set(1, 0, 1)
		data.Set(2, shape[0]-1, 1)
		if ll, err := m.LogLikelihood(data); err != nil || !finite(ll) {
			t.Errorf("%v: LogLikelihood at the bound = %v, %v", shape, ll, err)
		}
		if az, se, err := m.AIS(context.Background(), &AISSettings{Chains: 8, Steps: 50, Seed: 1}); err != nil || !finite(az) {
			t.Errorf("%v: AIS at the bound = %v ± %v, %v", shape, az, se, err)
		}
	}
}

// TestGaussianBounds: a Gaussian model at the bounds (weights, biases and
// means ±MaxParam, log-variances −MaxLogVar) has a finite exact log Z; one
// beyond them is refused by Validate; data too large for the variances
// gives an error, not −Inf.
func TestGaussianBounds(t *testing.T) {
	g, err := NewGaussian(3, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][]float64{g.W.RawMatrix().Data, g.C, g.Mu} {
		for i := range p {
			p[i] = MaxParam
		}
	}
	for i := range g.LogVar {
		g.LogVar[i] = -MaxLogVar
	}
	if lz, err := g.ExactLogZ(); err != nil || !finite(lz) {
		t.Errorf("Gaussian ExactLogZ at the bounds = %v, %v", lz, err)
	}
	huge := mat.NewDense(1, 3, []float64{1e200, 0, 0})
	if ll, err := g.LogLikelihood(huge); err == nil || !strings.Contains(err.Error(), "not a finite number") {
		t.Errorf("Gaussian LogLikelihood of data 1e200 with σ² = e^-300: %v, %v; want an error", ll, err)
	}
	g.LogVar[2] = -MaxLogVar - 1
	if err := g.Validate(); err == nil || !strings.Contains(err.Error(), "LogVar[2]") || !strings.Contains(err.Error(), "MaxLogVar") {
		t.Errorf("Validate with LogVar[2] = -301: %v", err)
	}
	g.LogVar[2] = 0
	g.W.Set(0, 1, 1e308)
	if err := g.Validate(); err == nil || !strings.Contains(err.Error(), "W[0][1]") {
		t.Errorf("Validate with W[0][1] = 1e308: %v", err)
	}
}

// TestLoadFileChecksSizeFirst: a model file whose header announces more
// bytes than the file has is refused from the header, naming both sizes.
func TestLoadFileChecksSizeFirst(t *testing.T) {
	m := randomModel(t, 3, 2, 1, 1)
	b := saved(t, m)
	path := filepath.Join(t.TempDir(), "short.rbm")
	if err := os.WriteFile(path, b[:len(b)-9], 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := LoadFile(path)
	if err == nil || !strings.Contains(err.Error(), "needs 92 bytes after the header, the file has 83") {
		t.Errorf("LoadFile of a short file: %v", err)
	}
}
