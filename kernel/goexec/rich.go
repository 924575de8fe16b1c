package goexec

import (
	"fmt"
	"image"

	"github.com/rbm-kernel/rbm-kernel/kernel/display"
	"gonum.org/v1/plot"
)

// The display finds a value's rich forms (HTML, Table, Plot, …) by type
// assertion, which sees no method of a type declared in an interpreted
// cell. The front end lowers a cell's final expression, and the argument
// of display.Show, of such a type into a call of Rich with what its
// display methods returned (front/display.go); Rich gives back a compiled
// value that the display renders with those forms.

// richValue is a value of a session type with its display methods'
// results. It is a display.Displayer.
type richValue struct {
	v     any    // the value, in the wrapper of its String or Error method, if any
	desc  string // the description of its static type for its text, or ""
	forms display.Forms
	// methods are the String and Error methods of the session's types
	// that its text calls (a cell's result: ResultMethods).
	methods map[string]func(any) string
}

// tableForm holds the two results of a Table method.
type tableForm struct {
	header []string
	rows   [][]string
}

// tableOf is the helper Table: it keeps a Table method's results as one
// value, for Rich.
func tableOf(header []string, rows [][]string) any { return tableForm{header, rows} }

// richOf is the helper Rich: v with the results of its display methods,
// given as pairs of the method's name and its result.
func richOf(v any, desc string, forms ...any) any {
	r := &richValue{v: v, desc: desc}
	f := &r.forms
	for i := 0; i+1 < len(forms); i += 2 {
		name, _ := forms[i].(string)
		switch x := forms[i+1].(type) {
		case string:
			switch name {
			case "HTML":
				f.HTML = x
			case "Markdown":
				f.Markdown = x
			case "SVG":
				f.SVG = x
			case "LaTeX":
				f.LaTeX = x
			}
		case []byte:
			switch name {
			case "PNG":
				f.PNG = x
			case "JPEG":
				f.JPEG = x
			}
		case map[string]any:
			f.MIME = x
		case display.Bundle:
			f.Display = &x
		case tableForm:
			f.Header, f.Rows = x.header, x.rows
		case image.Image:
			f.Image = x
		case *plot.Plot:
			f.Plot = x
		}
	}
	switch x := v.(type) {
	case error, fmt.Stringer:
		f.Titled = true
	case viewValue:
		// display.Show's argument as Go sees it (displayview.go).
		if t, ok := x.t.(viewType); ok && t.textKey(x.v) != "" {
			f.Titled = true
		}
	}
	return r
}

// Display renders the value with its forms; its text is written from its
// static type when fmt would show yaegi's field names (goText).
func (r *richValue) Display() display.Bundle {
	f := r.forms
	if r.desc != "" {
		if d, ok := parseDesc(r.desc); ok {
			f.Text = displayText(r.v, d, r.methods)
		}
	}
	return display.RenderForms(r.v, f)
}
