package data

import (
	"fmt"
	"image"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/internal/show"
)

// How a set shows itself: a title line, a table of its facts (image
// shape, values, labels) and, when it has an image shape, its first
// examples as a grid of images. Notebooks show the three together (the
// kernel's display finds the methods String, Table and Image); programs
// print s or call them.

// maxShown is the number of examples that Image draws and whose labels
// Table lists.
const maxShown = 30

// String returns a summary of s: its name and shape on a first line, then
// the facts of Table, e.g.
//
//	data set "bars-and-stripes-3x3": 14 examples × 9 units
//	image shape   3×3
//	values        binary {0, 1}, mean 0.5
//	labels        2 classes: 0 (8), 1 (6)
//	first labels  0 0 0 0 0 0 0 0 1 1 1 1 1 1
func (s *Set) String() string {
	if s == nil {
		return "data set <nil>"
	}
	return s.title() + "\n" + show.Table(s.Table())
}

func (s *Set) title() string {
	return fmt.Sprintf("data set %q: %s examples × %s units", s.Name, show.Count(s.Len()), show.Count(s.Dim()))
}

// Table returns the facts of s as rows of two cells, a name and a value,
// and no header: the image shape (if any), the values (binary, or their
// range, mean and standard deviation, with the count of values that are
// not finite), the labels (the number of each class, up to 10 classes)
// and the labels of the first examples (those Image draws).
func (s *Set) Table() (header []string, rows [][]string) {
	if s == nil {
		return nil, nil
	}
	if s.Rows > 0 && s.Cols > 0 {
		rows = append(rows, []string{"image shape", fmt.Sprintf("%d×%d", s.Rows, s.Cols)})
	}
	if s.Len() > 0 {
		rows = append(rows, []string{"values", s.values()})
	}
	if len(s.Labels) > 0 {
		rows = append(rows, []string{"labels", labelCounts(s.Labels)})
		first := s.Labels[:min(len(s.Labels), maxShown)]
		text := make([]string, len(first))
		for i, l := range first {
			text[i] = strconv.Itoa(l)
		}
		if len(first) < len(s.Labels) {
			text = append(text, "…")
		}
		rows = append(rows, []string{"first labels", strings.Join(text, " ")})
	}
	return nil, rows
}

// values describes the values of s.X.
func (s *Set) values() string {
	r, c := s.X.Dims()
	binary := true
	var all []float64
	if raw := s.X.RawMatrix(); raw.Stride == c {
		all = raw.Data[:r*c]
	} else {
		all = make([]float64, 0, r*c)
		for i := 0; i < r; i++ {
			all = append(all, s.X.RawRowView(i)...)
		}
	}
	for _, v := range all {
		if v != 0 && v != 1 {
			binary = false
			break
		}
	}
	st := show.Of(all)
	if binary {
		return "binary {0, 1}, mean " + show.Num(st.Mean)
	}
	text := fmt.Sprintf("in [%s, %s], mean %s, std %s", show.Num(st.Min), show.Num(st.Max), show.Num(st.Mean), show.Num(st.Std))
	if st.NaN > 0 {
		text += fmt.Sprintf(", %s not finite", show.Count(st.NaN))
	}
	return text
}

// labelCounts describes the classes of labels.
func labelCounts(labels []int) string {
	count := map[int]int{}
	for _, l := range labels {
		count[l]++
	}
	classes := make([]int, 0, len(count))
	for l := range count {
		classes = append(classes, l)
	}
	slices.Sort(classes)
	if len(classes) > 10 {
		return fmt.Sprintf("%d classes, from %d to %d", len(classes), classes[0], classes[len(classes)-1])
	}
	parts := make([]string, len(classes))
	for i, l := range classes {
		parts[i] = fmt.Sprintf("%d (%s)", l, show.Count(count[l]))
	}
	noun := "classes"
	if len(classes) == 1 {
		noun = "class"
	}
	return fmt.Sprintf("%d %s: %s", len(classes), noun, strings.Join(parts, ", "))
}

// Image returns the first examples of s (at most 30, ten per row) drawn
// as Rows×Cols images, when s has an image shape that matches its width;
// nil otherwise. Values in [0, 1] are grey levels from black to white;
// other values (standardised data) are scaled per example from its
// minimum to its maximum.
func (s *Set) Image() image.Image {
	n, dim := s.Len(), s.Dim()
	if n == 0 || s.Rows <= 0 || s.Cols <= 0 || s.Rows*s.Cols != dim {
		return nil
	}
	n = min(n, maxShown)
	normalize := false
	for i := 0; i < n && !normalize; i++ {
		for _, v := range s.X.RawRowView(i) {
			if v < 0 || v > 1 || math.IsInf(v, 0) {
				normalize = true
				break
			}
		}
	}
	return show.Grid(n, s.Rows, s.Cols, show.Scale(s.Rows, s.Cols), normalize, func(k int, dst []float64) {
		copy(dst, s.X.RawRowView(k))
	})
}
