package display

import (
	"encoding/base64"
	"fmt"
	"image"
	"reflect"
	"sort"
	"strings"
	"unicode/utf8"

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
// interface). Every bundle has text/plain (PlainText), short and without
// pointer addresses:
//
//   - strings are quoted as Go literals (%q), so that "" and white space
//     are visible and text is told apart from numbers;
//   - errors show their message after "error: ", and in red in HTML;
//   - gonum matrices (mat.Matrix) print with mat.Formatted, as an excerpt
//     of the corners beyond 12 rows or columns;
//   - values with a String, Error or Format method print with it (%v);
//   - other values print like %+v without pointer addresses or unexported
//     fields, long slices and maps elided (their length, then the leading
//     and trailing items), and a nil pointer as "<nil>";
//   - text longer than 64 KiB or 50 lines is cut.
//
// Rich forms come from the value: a Bundle or *Bundle is used as it is
// (with a text/plain naming its MIME types if it has none); a
// Displayer gives its Display bundle; an image.Image is shown as
// image/png; a *plot.Plot as image/png of
// DefaultPlotWidth×DefaultPlotHeight at PlotDPI. Otherwise each method
// the value has adds its form (see Forms): HTMLer, Markdowner, SVGer,
// LaTeXer, PNGer and JPEGer their MIME types; Tabler, Imager and Plotter
// an HTML summary made of the first line of the value's String (as a
// title), its table, its image and its plot; MIMEBundler its whole
// bundle. A method that returns nothing ("", nil) adds nothing, and a
// panic in a method is caught and shown as text.
//
// Methods are found by type assertion in compiled code, so they work for
// compiled types (the library's, gonum's, those of %%compile cells). A
// type declared in an interpreted cell is a plain struct to compiled code:
// the kernel calls its methods in the interpreter and passes what they
// return to RenderForms.
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
		return withText(cloneBundle(x)), true
	case *Bundle:
		return withText(cloneBundle(*x)), true
	case image.Image:
		if b, err := ImageBundle(x); err == nil {
			return b, true
		}
	case *plot.Plot:
		if b, err := PlotBundle(x, DefaultPlotWidth, DefaultPlotHeight); err == nil {
			return b, true
		}
	}
	return RenderForms(v, formsOf(v)), true
}

// withText adds to a bundle without text/plain one that names its MIME
// types, such as "<text/html>".
func withText(b Bundle) Bundle {
	if _, ok := b.Data[MIMEText]; ok {
		return b
	}
	types := make([]string, 0, len(b.Data))
	for k := range b.Data {
		types = append(types, k)
	}
	sort.Strings(types)
	b.Data[MIMEText] = "<" + strings.Join(types, ", ") + ">"
	return b
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

// safeText formats v as text/plain; fmt recovers panics of String methods.
func safeText(v any) string { return textOf(v) }

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
