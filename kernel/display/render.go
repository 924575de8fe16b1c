package display

import (
	"encoding/base64"
	"fmt"
	"image"
	"reflect"
	"strconv"
	"unicode/utf8"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
)

// Displayer is a value that knows its own rich display; Render and Show
// use its bundle as it is.
type Displayer interface {
	Display() Bundle
}

// HTMLer is a value with an HTML form, shown as text/html.
type HTMLer interface {
	HTML() string
}

// Markdowner is a value with a Markdown form, shown as text/markdown.
type Markdowner interface {
	Markdown() string
}

// SVGer is a value with an SVG form, shown as image/svg+xml.
type SVGer interface {
	SVG() string
}

// LaTeXer is a value with a LaTeX form, shown as text/latex.
type LaTeXer interface {
	LaTeX() string
}

// PNGer is a value with a PNG form (encoded bytes), shown as image/png.
type PNGer interface {
	PNG() []byte
}

// JPEGer is a value with a JPEG form (encoded bytes), shown as image/jpeg.
type JPEGer interface {
	JPEG() []byte
}

// maxText bounds the text/plain form of a value, in bytes; longer text is
// cut and says how much was left out.
const maxText = 64 << 10

// matrixExcerpt is the size above which a matrix is shown as an excerpt of
// its corners.
const matrixExcerpt = 12

// Render returns the bundle the kernel publishes as execute_result for a
// cell's final value v, and false when v is nothing to show (the nil
// interface). Every bundle has text/plain:
//
//   - strings are quoted as Go literals (%q), so that "" and white space
//     are visible and text is told apart from numbers;
//   - structs and pointers to structs print with field names (%+v);
//   - gonum matrices (mat.Matrix) print with mat.Formatted, as an excerpt
//     of the corners beyond 12 rows or columns;
//   - anything else prints with %v (so errors show their message and
//     fmt.Stringers their String), and a nil pointer as "<nil>";
//   - text longer than 64 KiB is cut.
//
// Rich forms are added for: a Bundle or *Bundle (used as it is); a
// Displayer (its Display bundle); an image.Image (image/png); a *plot.Plot
// (image/png of DefaultPlotWidth×DefaultPlotHeight at PlotDPI); and values
// with any of the methods of HTMLer, Markdowner, SVGer, LaTeXer, PNGer and
// JPEGer. A panic in a value's method is caught and shown as text.
//
// Methods are found by type assertion in compiled code, so they work for
// compiled types (the library's, gonum's). A type declared in an
// interpreted cell is a plain struct to compiled code: its String or HTML
// methods are not seen (yaegi v0.16.1 also fails to dispatch them through
// an interface{} parameter of an interpreted helper, tried and measured);
// such a cell shows its rich form explicitly, e.g. display.HTML(x.HTML()).
func Render(v any) (b Bundle, ok bool) {
	if v == nil {
		return Bundle{}, false
	}
	defer func() {
		if r := recover(); r != nil {
			b = Bundle{Data: map[string]any{MIMEText: fmt.Sprintf("%v\n(display: panic while rendering %T: %v)", safeText(v), v, r)}}
			ok = true
		}
	}()
	rv := reflect.ValueOf(v)
	if rv.Kind() == reflect.Pointer && rv.IsNil() {
		return Bundle{Data: map[string]any{MIMEText: "<nil>"}}, true
	}
	switch x := v.(type) {
	case Bundle:
		return cloneBundle(x), true
	case *Bundle:
		return cloneBundle(*x), true
	case Displayer:
		return cloneBundle(x.Display()), true
	case image.Image:
		if b, err := ImageBundle(x); err == nil {
			return b, true
		}
	case *plot.Plot:
		if b, err := PlotBundle(x, DefaultPlotWidth, DefaultPlotHeight); err == nil {
			return b, true
		}
	}
	b = Bundle{Data: map[string]any{MIMEText: textOf(v)}}
	if x, ok := v.(HTMLer); ok {
		b.Data[MIMEHTML] = x.HTML()
	}
	if x, ok := v.(Markdowner); ok {
		b.Data[MIMEMarkdown] = x.Markdown()
	}
	if x, ok := v.(SVGer); ok {
		b.Data[MIMESVG] = x.SVG()
	}
	if x, ok := v.(LaTeXer); ok {
		b.Data[MIMELaTeX] = x.LaTeX()
	}
	if x, ok := v.(PNGer); ok {
		b.Data[MIMEPNG] = encodeBase64(x.PNG())
	}
	if x, ok := v.(JPEGer); ok {
		b.Data[MIMEJPEG] = encodeBase64(x.JPEG())
	}
	return b, true
}

func encodeBase64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }

func cloneBundle(b Bundle) Bundle {
	out := Bundle{Data: make(map[string]any, len(b.Data)+1), ID: b.ID}
	for k, v := range b.Data {
		out.Data[k] = v
	}
	if len(b.Metadata) > 0 {
		out.Metadata = make(map[string]any, len(b.Metadata))
		for k, v := range b.Metadata {
			out.Metadata[k] = v
		}
	}
	return out
}

// textOf formats v as Render's text/plain.
func textOf(v any) string {
	var s string
	switch x := v.(type) {
	case string:
		s = strconv.Quote(x)
	case mat.Matrix:
		r, c := x.Dims()
		if r > matrixExcerpt || c > matrixExcerpt {
			s = fmt.Sprintf("%T %d×%d (excerpt)\n%v", v, r, c, mat.Formatted(x, mat.Excerpt(3), mat.Squeeze()))
		} else {
			s = fmt.Sprintf("%v", mat.Formatted(x, mat.Squeeze()))
		}
	default:
		rv := reflect.ValueOf(v)
		if rv.Kind() == reflect.Struct || (rv.Kind() == reflect.Pointer && rv.Elem().Kind() == reflect.Struct) {
			s = fmt.Sprintf("%+v", v)
		} else {
			s = fmt.Sprintf("%v", v)
		}
	}
	return truncate(s, maxText)
}

// safeText formats v with %v, which recovers panics of String methods.
func safeText(v any) string { return truncate(fmt.Sprintf("%v", v), maxText) }

// truncate cuts s to at most n bytes on a rune boundary, saying how many
// bytes were left out.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + fmt.Sprintf("\n… (%d more bytes)", len(s)-cut)
}
