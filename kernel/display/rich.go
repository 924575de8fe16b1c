package display

import (
	"bytes"
	"fmt"
	"github.com/rbm-kernel/rbm-kernel/internal/show"
	"html"
	"image"
	"strings"

	"gonum.org/v1/plot"
)

// Tabler is a value with a table: a header row (nil for none) and rows of
// cells. Render shows it in the value's HTML summary, its cells escaped;
// columns of numbers are right-aligned, others left-aligned.
type Tabler interface {
	Table() (header []string, rows [][]string)
}

// Imager is a value with a picture (a model's filters, a data set's first
// examples). Render shows it as a PNG image in the value's HTML summary;
// a nil image means none.
type Imager interface {
	Image() image.Image
}

// Plotter is a value with a plot (a training history's learning curves).
// Render draws it as SVG in the value's HTML summary; a nil plot means
// none. (Not gonum's plot.Plotter, which draws itself on a plot.)
type Plotter interface {
	Plot() *plot.Plot
}

// MIMEBundler is a value that gives its whole MIME bundle without
// depending on this package: a map from MIME type to value (a string,
// base64 for binary types, or any JSON value for JSON types). Render
// shows it as it is, adding text/plain when it has none.
type MIMEBundler interface {
	MIMEBundle() map[string]any
}

// Forms are what a value's display methods return. Render finds the
// methods by type assertion and calls them; a caller that calls
// them itself passes their results to RenderForms (the kernel does, for
// types declared in interpreted cells, whose methods compiled code cannot
// call). An empty string, a nil slice, map, image or plot means that the
// value has no such form.
type Forms struct {
	// Text is the text/plain form; "" means PlainText of the value.
	Text string
	// HTML, Markdown, SVG and LaTeX are the results of the methods of
	// HTMLer, Markdowner, SVGer and LaTeXer.
	HTML, Markdown, SVG, LaTeX string
	// PNG and JPEG are the encoded images of PNGer and JPEGer.
	PNG, JPEG []byte
	// Display is the bundle of a Displayer, used as it is.
	Display *Bundle
	// MIME is the bundle of a MIMEBundler, used as it is.
	MIME map[string]any
	// Header and Rows are the table of a Tabler.
	Header []string
	Rows   [][]string
	// Image is the picture of an Imager.
	Image image.Image
	// Plot is the plot of a Plotter.
	Plot *plot.Plot
	// Titled says that the first line of the text is the value's own (a
	// String or Error method's) and may title its HTML summary.
	Titled bool
}

// formsOf calls the display methods that v has and returns their results.
// A panic in a method is not caught here (Render catches it).
func formsOf(v any) Forms {
	var f Forms
	if x, ok := v.(Displayer); ok {
		b := x.Display()
		f.Display = &b
	}
	if x, ok := v.(MIMEBundler); ok {
		f.MIME = x.MIMEBundle()
	}
	if x, ok := v.(HTMLer); ok {
		f.HTML = x.HTML()
	}
	if x, ok := v.(Markdowner); ok {
		f.Markdown = x.Markdown()
	}
	if x, ok := v.(SVGer); ok {
		f.SVG = x.SVG()
	}
	if x, ok := v.(LaTeXer); ok {
		f.LaTeX = x.LaTeX()
	}
	if x, ok := v.(PNGer); ok {
		f.PNG = x.PNG()
	}
	if x, ok := v.(JPEGer); ok {
		f.JPEG = x.JPEG()
	}
	if x, ok := v.(Tabler); ok {
		f.Header, f.Rows = x.Table()
	}
	if x, ok := v.(Imager); ok {
		f.Image = x.Image()
	}
	if x, ok := v.(Plotter); ok {
		f.Plot = x.Plot()
	}
	switch v.(type) {
	case error, fmt.Stringer:
		f.Titled = true
	}
	return f
}

// RenderForms returns the bundle of v with the rich forms f (see Render):
// text/plain always (f.Text, or PlainText of v); f.Display or f.MIME as
// they are; the MIME types of f's HTML, Markdown, SVG, LaTeX, PNG and
// JPEG; and, when f has no HTML of its own, an HTML summary of f's table,
// image and plot (titled by the first line of the text when f.Titled), or
// for an error value its message marked as an error.
func RenderForms(v any, f Forms) Bundle {
	text := f.Text
	if text == "" {
		text = PlainText(v)
	}
	if f.Display != nil || f.MIME != nil {
		var b Bundle
		if f.Display != nil {
			b = cloneBundle(*f.Display)
		} else {
			b = cloneBundle(Bundle{Data: f.MIME})
		}
		if _, ok := b.Data[MIMEText]; !ok {
			b.Data[MIMEText] = text
		}
		return b
	}
	b := Bundle{Data: map[string]any{MIMEText: text}}
	_, isErr := v.(error)
	switch {
	case f.HTML != "":
		b.Data[MIMEHTML] = f.HTML
	case f.Rows != nil || f.Image != nil || f.Plot != nil:
		title := ""
		if f.Titled {
			title, _, _ = strings.Cut(text, "\n")
		}
		b.Data[MIMEHTML] = summaryHTML(title, f)
	case isErr:
		b.Data[MIMEHTML] = errorHTML(strings.TrimPrefix(text, "error: "))
	}
	if f.Markdown != "" {
		b.Data[MIMEMarkdown] = f.Markdown
	}
	if f.SVG != "" {
		b.Data[MIMESVG] = f.SVG
	}
	if f.LaTeX != "" {
		b.Data[MIMELaTeX] = f.LaTeX
	}
	if len(f.PNG) > 0 {
		b.Data[MIMEPNG] = encodeBase64(f.PNG)
	}
	if len(f.JPEG) > 0 {
		b.Data[MIMEJPEG] = encodeBase64(f.JPEG)
	}
	return b
}

// summaryHTML lays out a value's title, table, image and plot.
func summaryHTML(title string, f Forms) string {
	var b strings.Builder
	b.WriteString(`<div class="rbm-summary">`)
	if title != "" {
		fmt.Fprintf(&b, `<div style="font-weight:bold;margin-bottom:0.3em">%s</div>`, html.EscapeString(title))
	}
	if f.Rows != nil {
		tableHTML(&b, f.Header, f.Rows)
	}
	if f.Image != nil {
		var buf bytes.Buffer
		if err := encodePNG(&buf, f.Image); err != nil {
			fmt.Fprintf(&b, "<div>(image: %s)</div>", html.EscapeString(err.Error()))
		} else {
			r := f.Image.Bounds()
			fmt.Fprintf(&b, `<div><img alt="image %d×%d" width="%d" height="%d" src="data:image/png;base64,%s"></div>`,
				r.Dx(), r.Dy(), r.Dx(), r.Dy(), encodeBase64(buf.Bytes()))
		}
	}
	if f.Plot != nil {
		svg, err := PlotSVGString(f.Plot, DefaultPlotWidth, DefaultPlotHeight)
		if err != nil {
			fmt.Fprintf(&b, "<div>(plot: %s)</div>", html.EscapeString(err.Error()))
		} else {
			fmt.Fprintf(&b, `<div><img alt="%s" src="data:image/svg+xml;base64,%s"></div>`,
				html.EscapeString(plotText(f.Plot)), encodeBase64([]byte(svg)))
		}
	}
	b.WriteString("</div>")
	return b.String()
}

// tableHTML writes an HTML table, escaping every cell. JupyterLab aligns
// cells right; a column that holds other things than numbers is aligned
// left.
func tableHTML(b *strings.Builder, header []string, rows [][]string) {
	var left []bool
	for _, r := range rows {
		for j, c := range r {
			for len(left) <= j {
				left = append(left, false)
			}
			if c != "" && !show.Numeric(c) {
				left[j] = true
			}
		}
	}
	cell := func(tag string, j int, c string) {
		if j < len(left) && left[j] {
			fmt.Fprintf(b, `<%s style="text-align:left">%s</%s>`, tag, html.EscapeString(c), tag)
		} else {
			fmt.Fprintf(b, "<%s>%s</%s>", tag, html.EscapeString(c), tag)
		}
	}
	b.WriteString("<table>")
	if header != nil {
		b.WriteString("<thead><tr>")
		for j, c := range header {
			cell("th", j, c)
		}
		b.WriteString("</tr></thead>")
	}
	b.WriteString("<tbody>")
	for _, r := range rows {
		b.WriteString("<tr>")
		for j, c := range r {
			cell("td", j, c)
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
}

// errorHTML shows an error's message, marked as an error.
func errorHTML(msg string) string {
	return `<pre style="color:#b71c1c;background:#fdecea;border-left:3px solid #b71c1c;padding:0.3em 0.6em;margin:0;white-space:pre-wrap">` +
		`<b>error</b>: ` + html.EscapeString(msg) + `</pre>`
}
