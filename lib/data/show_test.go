package data

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestSetShow: the summary of a labelled image set gives its shape, its
// values and its classes, and its picture draws the first examples.
func TestSetShow(t *testing.T) {
	s, err := BarsAndStripes(4, false)
	if err != nil {
		t.Fatal(err)
	}
	count := map[int]int{}
	for _, l := range s.Labels {
		count[l]++
	}
	text := s.String()
	for _, want := range []string{
		`data set "bars-and-stripes-4x4": 30 examples × 16 units`,
		"image shape   4×4",
		"values        binary {0, 1}, mean 0.5",
		fmt.Sprintf("labels        2 classes: 0 (%d), 1 (%d)", count[0], count[1]),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("String lacks %q:\n%s", want, text)
		}
	}
	img := s.Image()
	if img == nil {
		t.Fatal("no picture of a 4×4 image set")
	}
	// 30 tiles of 4×4 at scale 6, ten per row: 10·25+1 × 3·25+1.
	if b := img.Bounds(); b.Dx() != 251 || b.Dy() != 76 {
		t.Errorf("bounds %v, want 251×76", b)
	}
}

// TestSetShowValues: real values are described by their range; more than
// 30 labels are cut; a set without image shape has no picture.
func TestSetShowValues(t *testing.T) {
	x := mat.NewDense(40, 2, nil)
	labels := make([]int, 40)
	for i := 0; i < 40; i++ {
		x.Set(i, 0, float64(i))
		x.Set(i, 1, -1)
		labels[i] = i % 12
	}
	x.Set(3, 1, math.NaN())
	s := &Set{Name: "<b>", X: x, Labels: labels}
	_, rows := s.Table()
	got := map[string]string{}
	for _, r := range rows {
		got[r[0]] = r[1]
	}
	if want := "in [-1, 39], mean 9.38, std 13.13, 1 not finite"; got["values"] != want {
		t.Errorf("values %q, want %q", got["values"], want)
	}
	if want := "12 classes, from 0 to 11"; got["labels"] != want {
		t.Errorf("labels %q, want %q", got["labels"], want)
	}
	if first := got["first labels"]; !strings.HasSuffix(first, " 4 5 …") || len(strings.Fields(first)) != 31 {
		t.Errorf("first labels %q, want 30 labels and …", first)
	}
	if _, ok := got["image shape"]; ok || s.Image() != nil {
		t.Error("a set without image shape was drawn")
	}
	if !strings.HasPrefix(s.String(), `data set "<b>": 40 examples × 2 units`) {
		t.Errorf("title: %q", s.String())
	}
	var none *Set
	if none.String() != "data set <nil>" || none.Image() != nil {
		t.Errorf("nil set: %q", none.String())
	}
}
