// Package show holds what the library's summaries share: statistics of a
// slice of parameters, numbers written short, tables laid out as text, and
// grids of grey-level tiles (the pictures of models, chains and data sets).
//
// It serves the String, Table and Image methods of lib/rbm, lib/mcmc,
// lib/learn and lib/data, and the kernel's display of values
// (kernel/display, kernel/goexec: Numeric, LessKey), and depends only on
// the standard library, so that none of them gains a dependency by
// showing itself.
package show

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Stats are the mean, standard deviation (population: divided by N), minimum
// and maximum of N finite values; NaN says how many values were not finite.
type Stats struct {
	N                   int
	Mean, Std, Min, Max float64
	NaN                 int
}

// Of returns the statistics of the finite values of x; a non-finite value
// (NaN or ±Inf) is counted in NaN and left out. With no finite value the
// mean, deviation, minimum and maximum are NaN. One pass: the sums are
// taken about the first finite value, which keeps the variance accurate
// for values far from zero.
func Of(x []float64) Stats {
	var s Stats
	var shift, sum, sumsq float64
	for _, v := range x {
		if v-v != 0 { // NaN or ±Inf
			s.NaN++
			continue
		}
		if s.N == 0 {
			shift, s.Min, s.Max = v, v, v
		}
		s.N++
		d := v - shift
		sum += d
		sumsq += d * d
		if v < s.Min {
			s.Min = v
		}
		if v > s.Max {
			s.Max = v
		}
	}
	if s.N == 0 {
		nan := math.NaN()
		s.Mean, s.Std, s.Min, s.Max = nan, nan, nan, nan
		return s
	}
	n := float64(s.N)
	m := sum / n
	s.Mean = shift + m
	s.Std = math.Sqrt(max(sumsq/n-m*m, 0))
	return s
}

// Row returns the statistics as table cells: mean, std, min, max (Num),
// with a fifth cell counting the values that are not finite, if any.
func (s Stats) Row() []string {
	r := []string{Num(s.Mean), Num(s.Std), Num(s.Min), Num(s.Max)}
	if s.NaN > 0 {
		r = append(r, Count(s.NaN)+" not finite")
	}
	return r
}

// Num writes x with 4 significant digits (strconv's 'g' format): 0.01003,
// -6.238, 1.5e-05, 1234; zero is "0".
func Num(x float64) string {
	if x == 0 {
		return "0" // also for -0
	}
	return strconv.FormatFloat(x, 'g', 4, 64)
}

// Count writes n with thousands separated by commas: 393,284.
func Count(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Table lays out a table as text, one line per row after the header (when
// header is non-nil), columns separated by two spaces: a column of
// numbers (every cell of the rows starts with a digit, a sign or is NaN or
// ±Inf) is right-aligned, any other left-aligned. The last line has no
// newline.
func Table(header []string, rows [][]string) string {
	all := rows
	if header != nil {
		all = append([][]string{header}, rows...)
	}
	var width []int
	var text []bool // the column holds something other than numbers
	for i, r := range all {
		for j, c := range r {
			if j >= len(width) {
				width = append(width, 0)
				text = append(text, false)
			}
			width[j] = max(width[j], utf8.RuneCountInString(c))
			if (header == nil || i > 0) && c != "" && !Numeric(c) {
				text[j] = true
			}
		}
	}
	var b strings.Builder
	for i, r := range all {
		var line strings.Builder
		for j, c := range r {
			pad := strings.Repeat(" ", width[j]-utf8.RuneCountInString(c))
			if j > 0 {
				line.WriteString("  ")
			}
			if text[j] {
				line.WriteString(c + pad)
			} else {
				line.WriteString(pad + c)
			}
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
	}
	return b.String()
}

// Numeric reports whether a table cell reads as a number (or a shape such
// as 784×500): it starts with a digit or a sign, or is NaN. Tables align
// such cells to the right.
func Numeric(c string) bool {
	switch {
	case c == "NaN":
		return true
	case c[0] == '-' || c[0] == '+':
		c = c[1:]
	}
	return c != "" && (c[0] >= '0' && c[0] <= '9' || c == "Inf")
}

// SquareSide returns k when n = k·k with k ≥ 3: the side of the square
// image that a layer of n units is taken to be when it is drawn (784 units
// are 28×28, 16 are 4×4, 9 are 3×3). Smaller or other layers have no
// image shape.
func SquareSide(n int) (int, bool) {
	k := int(math.Round(math.Sqrt(float64(n))))
	if k >= 3 && k*k == n {
		return k, true
	}
	return 0, false
}

// GridColumns is the number of tiles per row of a Grid.
const GridColumns = 10

// greys is the palette of a Grid: index i is the grey level i.
var greys = func() color.Palette {
	p := make(color.Palette, 256)
	for i := range p {
		p[i] = color.Gray{Y: uint8(i)}
	}
	return p
}()

// Grid draws n tiles of rows×cols pixels in a grid of up to GridColumns
// per row, each pixel enlarged to a square of scale×scale (Scale picks
// one), with a 1-pixel mid-grey gap between and around the tiles. tile(k,
// dst) writes tile k's rows·cols values, row-major, into dst. With
// normalize, each tile's values are mapped from their own [min, max] to
// black–white (a constant tile is mid-grey); otherwise values are
// intensities in [0, 1], clamped. NaN is mid-grey. n must be positive.
//
// The image is paletted (pixel i has grey level Pix[i]): image/png
// writes such an image without trying a filter per row, which makes the
// noisy pictures of weights twice as fast to encode.
func Grid(n, rows, cols, scale int, normalize bool, tile func(k int, dst []float64)) *image.Paletted {
	gc := min(n, GridColumns)
	gr := (n + gc - 1) / gc
	tw, th := cols*scale, rows*scale
	w, h := gc*(tw+1)+1, gr*(th+1)+1
	img := image.NewPaletted(image.Rect(0, 0, w, h), greys)
	for i := range img.Pix {
		img.Pix[i] = 128
	}
	vals := make([]float64, rows*cols)
	for k := 0; k < n; k++ {
		tile(k, vals)
		lo, hi := 0.0, 1.0
		if normalize {
			lo, hi = math.Inf(1), math.Inf(-1)
			for _, v := range vals {
				if !math.IsNaN(v) {
					lo, hi = min(lo, v), max(hi, v)
				}
			}
		}
		x0 := 1 + (k%gc)*(tw+1)
		y0 := 1 + (k/gc)*(th+1)
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				g := grey(vals[r*cols+c], lo, hi)
				for dy := 0; dy < scale; dy++ {
					off := img.PixOffset(x0+c*scale, y0+r*scale+dy)
					for dx := 0; dx < scale; dx++ {
						img.Pix[off+dx] = g
					}
				}
			}
		}
	}
	return img
}

// Scale returns the enlargement that makes a rows×cols tile at least 24
// pixels on its longer side, at most 8.
func Scale(rows, cols int) int {
	side := max(rows, cols, 1)
	return min(max((24+side-1)/side, 1), 8)
}

// grey maps v in [lo, hi] to 0…255, clamping; NaN or an empty range give
// mid-grey.
func grey(v, lo, hi float64) uint8 {
	if math.IsNaN(v) || !(hi > lo) {
		return 128
	}
	t := min(max((v-lo)/(hi-lo), 0), 1)
	return uint8(math.Round(255 * t))
}

// LessKey orders map keys as fmt does: numbers by value, strings
// lexically, false before true, others by their text.
func LessKey(a, b reflect.Value) bool {
	if a.Kind() == reflect.Interface {
		a = a.Elem()
	}
	if b.Kind() == reflect.Interface {
		b = b.Elem()
	}
	if a.Kind() == b.Kind() {
		switch a.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			return a.Int() < b.Int()
		case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			return a.Uint() < b.Uint()
		case reflect.Float32, reflect.Float64:
			return a.Float() < b.Float()
		case reflect.String:
			return a.String() < b.String()
		case reflect.Bool:
			return !a.Bool() && b.Bool()
		}
	}
	return fmt.Sprint(a) < fmt.Sprint(b)
}
