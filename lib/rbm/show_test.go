package rbm

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestBinaryShow: the summary names the kind and shape, counts the
// parameters, gives true statistics, and holds no pointer or raw values.
func TestBinaryShow(t *testing.T) {
	m, err := NewBinary(784, 500, &Init{WeightStd: 0.01, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	m.B[0], m.B[1] = -2, 4 // visible bias: mean 2/784, min -2, max 4
	s := m.String()
	lines := strings.Split(s, "\n")
	if len(lines) != 5 {
		t.Fatalf("String has %d lines, want 5:\n%s", len(lines), s)
	}
	if want := "binary RBM, 784 visible × 500 hidden units: 393,284 parameters (float64)"; lines[0] != want {
		t.Errorf("title %q, want %q", lines[0], want)
	}
	if strings.Contains(s, "0x") || strings.Contains(s, "&{") {
		t.Errorf("String shows a pointer or a struct:\n%s", s)
	}
	header, rows := m.Table()
	if len(header) != 6 || len(rows) != 3 {
		t.Fatalf("Table: header %v and %d rows, want 6 columns and 3 rows", header, len(rows))
	}
	wantB := []string{"visible bias b", "784", fmt.Sprintf("%.4g", 2.0/784), fmt.Sprintf("%.4g", math.Sqrt((4+16)/784.0-(2.0/784)*(2.0/784))), "-2", "4"}
	if got := strings.Join(rows[1], "|"); got != strings.Join(wantB, "|") {
		t.Errorf("bias row %q, want %q", got, strings.Join(wantB, "|"))
	}
	if rows[0][1] != "784×500" {
		t.Errorf("weights shape %q, want 784×500", rows[0][1])
	}
	img := m.Image()
	if img == nil {
		t.Fatal("no filters for 784 = 28×28 visible units")
	}
	if b := img.Bounds(); b.Dx() != 10*29+1 || b.Dy() != 10*29+1 {
		t.Errorf("filters of 100 of 500 units: %v, want 291×291", b)
	}
}

// TestBinaryFilters: hidden unit j's tile is column j of W, scaled to its
// own range; a layer that is not a square has no picture.
func TestBinaryFilters(t *testing.T) {
	m, _ := NewBinary(9, 2, nil)
	// Unit 0: weight 1 on visible unit 4 (the centre), -1 on unit 0.
	m.W.Set(4, 0, 1)
	m.W.Set(0, 0, -1)
	img, ok := m.Image().(*image.Paletted)
	if !ok {
		t.Fatalf("Image is %T, want *image.Paletted", m.Image())
	}
	// Scale 8: tile 0 at x, y in [1, 25), pixel (r, c) at 1+8c, 1+8r.
	if b := img.Bounds(); b.Dx() != 2*25+1 || b.Dy() != 26 {
		t.Fatalf("bounds %v, want 51×26", b)
	}
	for _, c := range []struct {
		x, y int
		want uint8
	}{{1, 1, 0}, {1 + 8, 1 + 8, 255}, {1 + 16, 1, 128}, {26, 1, 128}} {
		if got := img.ColorIndexAt(c.x, c.y); got != c.want {
			t.Errorf("pixel (%d, %d) = %d, want %d", c.x, c.y, got, c.want)
		}
	}
	if m6, _ := NewBinary(6, 2, nil); m6.Image() != nil {
		t.Error("a 6-unit visible layer was drawn as an image")
	}
	var nilModel *Binary
	if nilModel.String() != "binary RBM <nil>" || nilModel.Image() != nil {
		t.Errorf("nil model: %q", nilModel.String())
	}
}

// TestGaussianShow: σ is exp(LogVar/2); non-finite parameters are counted.
func TestGaussianShow(t *testing.T) {
	g, err := NewGaussian(2, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	g.LogVar[0], g.LogVar[1] = 0, 2*math.Log(3) // σ = 1 and 3
	g.C[2] = math.NaN()
	s := g.String()
	if !strings.HasPrefix(s, "Gaussian-Bernoulli RBM, 2 visible × 3 hidden units: 13 parameters (float64)\n") {
		t.Errorf("title:\n%s", s)
	}
	_, rows := g.Table()
	if got := strings.Join(rows[3], "|"); got != "visible std σ|2|2|1|1|3" {
		t.Errorf("σ row %q, want mean 2, std 1, min 1, max 3", got)
	}
	if got := rows[1][len(rows[1])-1]; got != "1 not finite" {
		t.Errorf("hidden bias row %v does not count the NaN", rows[1])
	}
	if g.Image() != nil {
		t.Error("a 2-unit visible layer was drawn as an image")
	}
}

// TestShowStrided: a weight matrix that is a view (stride > columns) is
// summarised from its own elements.
func TestShowStrided(t *testing.T) {
	big := mat.NewDense(3, 4, []float64{1, 1, 9, 9, 1, 1, 9, 9, 1, 1, 9, 9})
	row := paramRow("W", big.Slice(0, 3, 0, 2).(*mat.Dense))
	if got := strings.Join(row, "|"); got != "W|3×2|1|0|1|1" {
		t.Errorf("row %q, want the view's ones only", got)
	}
}
