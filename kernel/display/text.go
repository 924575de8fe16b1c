package display

import (
	"fmt"
	"github.com/rbm-kernel/rbm-kernel/internal/show"
	"github.com/rbm-kernel/rbm-kernel/kernel/internal/goview"
	"go/token"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"gonum.org/v1/gonum/mat"
)

// The text/plain form of a value that has no text of its own (no String,
// Error or Format method) is written by a printer that reads like fmt's
// %+v but stays short and shows only what a reader of the value's package
// API could see: no pointer addresses (a pointer shows what it points to,
// once), no unexported fields (a struct that has some ends in "…"), long
// slices, arrays and maps elided like numpy's arrays (their length, then
// the leading and the trailing items), long strings cut, nested values
// with text of their own in one line of it, and depth bounded.

// Limits of the printer.
const (
	// topItems is the most items of a slice, array or map shown whole
	// when it is the value itself; a longer one shows topEdge items at
	// each end, after a first line with its type and length.
	topItems = 20
	topEdge  = 6
	// nestedItems and nestedEdge are the same for values inside others.
	nestedItems = 8
	nestedEdge  = 3
	// maxDepth is how deep the printer opens structs, slices and maps.
	maxDepth = 4
	// nestedString is the most bytes of a string or of a nested value's
	// own text.
	nestedString = 120
	// maxPlain bounds the printer's output, in bytes.
	maxPlain = 4 << 10
	// maxLines bounds every text/plain form, in lines.
	maxLines = 50
)

// PlainText returns the text/plain form that Render gives v (without
// rendering its rich forms): strings quoted, errors marked as errors,
// matrices as an excerpt, a String, Error or Format method's text, and
// other values written short (see the package's text printer: no pointer
// addresses, no unexported fields, long slices elided), at most 50 lines.
func PlainText(v any) string {
	if v == nil {
		return "<nil>"
	}
	return textOf(v)
}

// Inline returns v in one short line, as PlainText writes a value nested
// in another: a value with text of its own by its first line, cut to 120
// bytes; a gonum matrix by its type and shape; a string unquoted, cut;
// lists and maps elided beyond 8 items.
func Inline(v any) string {
	if v == nil {
		return "<nil>"
	}
	p := printer{seen: map[uintptr]bool{}}
	if gv, ok := v.(goview.Value); ok {
		rv, t := gv.GoView()
		p.value(rv, t, 1)
		return p.b.String()
	}
	p.value(reflect.ValueOf(v), nil, 1)
	return p.b.String()
}

// textOf formats v as Render's text/plain.
func textOf(v any) string {
	if gv, ok := v.(goview.Value); ok {
		return viewText(gv)
	}
	var s string
	switch x := v.(type) {
	case string:
		s = strconv.Quote(x)
	case error:
		s = "error: " + fmt.Sprintf("%v", x)
	case mat.Matrix:
		s = matrixText(x)
	case fmt.Formatter, fmt.Stringer:
		s = fmt.Sprintf("%v", x)
	default:
		return plain(v)
	}
	return limitLines(truncate(s, maxText), maxLines)
}

// viewText formats a value of the interpreter as textOf formats the
// value Go has: with its type's Error or String method, or the printer.
func viewText(gv goview.Value) string {
	rv, t := gv.GoView()
	if t == nil {
		if !rv.IsValid() {
			return "<nil>"
		}
		if rv.CanInterface() {
			return textOf(rv.Interface())
		}
		return plainValue(rv, nil)
	}
	if text, isError, ok := t.Text(rv); ok {
		if isError {
			text = "error: " + text
		}
		return limitLines(truncate(text, maxText), maxLines)
	}
	return plainValue(rv, t)
}

// matrixText writes a gonum matrix: whole up to 12 rows and columns, else
// its type and shape, then an excerpt of its corners.
func matrixText(x mat.Matrix) string {
	r, c := x.Dims()
	if r > matrixExcerpt || c > matrixExcerpt {
		return fmt.Sprintf("%T %d×%d (excerpt)\n%v", x, r, c, mat.Formatted(x, mat.Excerpt(3), mat.Squeeze()))
	}
	return fmt.Sprintf("%v", mat.Formatted(x, mat.Squeeze()))
}

// limitLines keeps the first n lines of s, saying how many were left out.
func limitLines(s string, n int) string {
	i, lines := 0, 0
	for i < len(s) {
		j := strings.IndexByte(s[i:], '\n')
		if j < 0 {
			return s
		}
		lines++
		if lines == n {
			rest := strings.Count(s[i+j+1:], "\n") + 1
			return s[:i+j] + fmt.Sprintf("\n… (%d more lines)", rest)
		}
		i += j + 1
	}
	return s
}

// plain writes v with the printer.
func plain(v any) string { return plainValue(reflect.ValueOf(v), nil) }

// plainValue writes rv, of the type t sees (nil: its own), with the
// printer.
func plainValue(rv reflect.Value, t goview.Type) string {
	p := printer{seen: map[uintptr]bool{}}
	e := rv
	if e.Kind() == reflect.Pointer && !e.IsNil() {
		e = e.Elem()
	}
	switch e.Kind() {
	case reflect.Slice, reflect.Array, reflect.Map:
		if n := e.Len(); n > topItems {
			fmt.Fprintf(&p.b, "%s len %d\n", typeString(rv, t), n)
		}
	}
	p.value(rv, t, 0)
	s := p.b.String()
	if p.full {
		s = truncate(s, maxPlain)
	}
	return limitLines(s, maxLines)
}

type printer struct {
	b    strings.Builder
	seen map[uintptr]bool // pointers being printed, to stop at cycles
	full bool             // the output passed maxPlain
}

var (
	errorType    = reflect.TypeFor[error]()
	stringerType = reflect.TypeFor[fmt.Stringer]()
	matrixType   = reflect.TypeFor[mat.Matrix]()
)

// value writes v at depth (0: the value itself); t, when not nil, is
// what Go sees of v's type (a value of the interpreter, goview).
func (p *printer) value(v reflect.Value, t goview.Type, depth int) {
	if p.b.Len() > maxPlain {
		p.full = true
		return
	}
	if !v.IsValid() {
		p.b.WriteString("<nil>")
		return
	}
	if depth > 0 && p.ownText(v, t) {
		return
	}
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			p.b.WriteString("<nil>")
			return
		}
		if t != nil {
			e, et := t.Dynamic(v)
			p.value(e, et, depth)
			return
		}
		p.value(v.Elem(), nil, depth)
	case reflect.Pointer:
		switch {
		case v.IsNil():
			p.b.WriteString("<nil>")
		case p.seen[v.Pointer()] || depth >= maxDepth:
			p.b.WriteString("&" + opened(v.Elem(), elemOf(t)))
		default:
			p.seen[v.Pointer()] = true
			p.b.WriteByte('&')
			p.value(v.Elem(), elemOf(t), depth)
			delete(p.seen, v.Pointer())
		}
	case reflect.Struct:
		p.structValue(v, t, depth)
	case reflect.Slice, reflect.Array:
		if depth >= maxDepth && v.Len() > 0 {
			p.b.WriteString("[…]")
			return
		}
		p.items(v, depth, v.Len(), func(i int) {
			p.value(v.Index(i), elemOf(t), depth+1)
		})
	case reflect.Map:
		if v.IsNil() {
			p.b.WriteString("map[]")
			return
		}
		if depth >= maxDepth && v.Len() > 0 {
			p.b.WriteString("map[…]")
			return
		}
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return show.LessKey(keys[i], keys[j]) })
		p.b.WriteString("map")
		p.items(v, depth, len(keys), func(i int) {
			p.value(keys[i], keyOf(t), depth+1)
			p.b.WriteByte(':')
			p.value(v.MapIndex(keys[i]), elemOf(t), depth+1)
		})
	case reflect.String:
		s := v.String()
		if depth == 0 {
			p.b.WriteString(strconv.Quote(s))
			return
		}
		p.b.WriteString(cut(s, nestedString))
	case reflect.Func, reflect.Chan:
		if v.IsNil() {
			p.b.WriteString("<nil>")
			return
		}
		p.b.WriteString(typeString(v, t))
	case reflect.UnsafePointer:
		p.b.WriteString("unsafe.Pointer")
	default:
		if v.CanInterface() {
			fmt.Fprintf(&p.b, "%v", v.Interface())
		} else {
			fmt.Fprintf(&p.b, "%v", v)
		}
	}
}

// ownText writes a nested value that has text of its own (an Error,
// String or Format method, or a gonum matrix: its type and shape) in one
// line, and reports whether it did.
func (p *printer) ownText(v reflect.Value, gt goview.Type) bool {
	if !v.CanInterface() {
		return false
	}
	if gt != nil {
		if s, _, ok := gt.Text(v); ok {
			p.line(s)
			return true
		}
	}
	t := v.Type()
	if t.Implements(matrixType) {
		if isNilPointer(v) {
			return false
		}
		r, c := v.Interface().(mat.Matrix).Dims()
		fmt.Fprintf(&p.b, "%s %d×%d", t, r, c)
		return true
	}
	if !t.Implements(errorType) && !t.Implements(stringerType) && !t.Implements(formatterType) {
		return false
	}
	if isNilPointer(v) {
		return false
	}
	p.line(fmt.Sprintf("%v", v.Interface()))
	return true
}

// line writes a nested value's own text s: its first line, cut.
func (p *printer) line(s string) {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " …"
	}
	p.b.WriteString(cut(s, nestedString))
}

// elemOf, keyOf and typeString read t, when it is not nil (see value).
func elemOf(t goview.Type) goview.Type {
	if t == nil {
		return nil
	}
	return t.Elem()
}

func keyOf(t goview.Type) goview.Type {
	if t == nil {
		return nil
	}
	return t.Key()
}

func typeString(v reflect.Value, t goview.Type) string {
	if t != nil {
		return t.String()
	}
	return v.Type().String()
}

var formatterType = reflect.TypeFor[fmt.Formatter]()

func isNilPointer(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan:
		return v.IsNil()
	}
	return false
}

// structValue writes the exported fields of a struct as {Name:value …},
// ending in "…" when it has unexported ones.
func (p *printer) structValue(v reflect.Value, gt goview.Type, depth int) {
	t := v.Type()
	if depth >= maxDepth && t.NumField() > 0 {
		p.b.WriteString("{…}")
		return
	}
	p.b.WriteByte('{')
	n := 0
	hidden := false
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, exported, ft := f.Name, f.IsExported(), goview.Type(nil)
		if gt != nil {
			if n, t := gt.Field(i); n != "" {
				name, exported, ft = n, token.IsExported(n), t
			}
		}
		if !exported {
			hidden = true
			continue
		}
		if n > 0 {
			p.b.WriteByte(' ')
		}
		n++
		p.b.WriteString(name + ":")
		p.value(v.Field(i), ft, depth+1)
	}
	if hidden {
		if n > 0 {
			p.b.WriteByte(' ')
		}
		p.b.WriteString("…")
	}
	p.b.WriteByte('}')
}

// items writes n items between brackets, eliding the middle of a long
// list; item(i) writes item i.
func (p *printer) items(v reflect.Value, depth, n int, item func(i int)) {
	most, edge := nestedItems, nestedEdge
	if depth == 0 {
		most, edge = topItems, topEdge
	}
	p.b.WriteByte('[')
	for i := 0; i < n; i++ {
		if n > most && i == edge {
			p.b.WriteString(" …")
			i = n - edge
		}
		if i > 0 {
			p.b.WriteByte(' ')
		}
		item(i)
	}
	if n > most && depth > 0 {
		fmt.Fprintf(&p.b, " (%d items)", n)
	}
	p.b.WriteByte(']')
}

// opened describes a value the printer does not open again: a struct,
// slice or map as its type, anything else as its value.
func opened(v reflect.Value, t goview.Type) string {
	switch v.Kind() {
	case reflect.Struct:
		return typeString(v, t) + "{…}"
	case reflect.Slice, reflect.Array, reflect.Map:
		return fmt.Sprintf("%s(len %d)", typeString(v, t), v.Len())
	}
	if v.CanInterface() {
		return fmt.Sprintf("%v", v.Interface())
	}
	return v.Type().String()
}

// cut shortens s to at most n bytes on a rune boundary, ending in "…".
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
