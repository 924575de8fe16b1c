package display

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"sync"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/rbm-kernel/rbm-kernel/lib/viz"
)

// MIME types of the bundles this package makes.
const (
	MIMEText     = "text/plain"
	MIMEHTML     = "text/html"
	MIMEMarkdown = "text/markdown"
	MIMELaTeX    = "text/latex"
	MIMESVG      = "image/svg+xml"
	MIMEPNG      = "image/png"
	MIMEJPEG     = "image/jpeg"
	MIMEJSON     = "application/json"
)

// PlotDPI is the resolution, in dots per inch, at which Plot and Render
// rasterise gonum plots: a 6×4 inch plot becomes a 576×384 pixel PNG.
const PlotDPI = 96

// Default size of a plot shown by Render or Show: 6×4 inches.
const (
	DefaultPlotWidth  = 6 * vg.Inch
	DefaultPlotHeight = 4 * vg.Inch
)

// maxPlotSide bounds each side of a plot, so that a mistaken size (in
// points instead of inches, say) cannot allocate gigabytes.
const maxPlotSide = 50 * vg.Inch

// publish hands b to the installed sink, if any.
func publish(b Bundle) {
	if s := current(); s != nil {
		s.Publish(b)
	}
}

// Publish shows b as it is (display_data, or update_display_data when
// b.Update is set). It does nothing outside a kernel.
func Publish(b Bundle) { publish(b) }

// errorBundle reports a failure to display something in the cell output,
// since the display calls return nothing.
func errorBundle(what string, err error) Bundle {
	return Bundle{Data: map[string]any{MIMEText: fmt.Sprintf("display.%s: %v", what, err)}}
}

func bundle(pairs ...string) Bundle {
	d := make(map[string]any, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		d[pairs[i]] = pairs[i+1]
	}
	return Bundle{Data: d}
}

// pngEncoder reuses its compression buffers across calls: a fresh zlib
// writer allocates about 800 KB, more than encoding a small image costs.
var pngEncoder = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngPool{}}

type pngPool struct{ p sync.Pool }

func (p *pngPool) Get() *png.EncoderBuffer {
	b, _ := p.p.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngPool) Put(b *png.EncoderBuffer) { p.p.Put(b) }

func encodePNG(w io.Writer, img image.Image) error { return pngEncoder.Encode(w, img) }

// PNGBundle returns the bundle of a PNG image given as its encoded bytes:
// image/png (base64) and a text/plain fallback.
func PNGBundle(png []byte) Bundle {
	return bundle(MIMEPNG, base64.StdEncoding.EncodeToString(png), MIMEText, fmt.Sprintf("<PNG image, %d bytes>", len(png)))
}

// PNG shows a PNG image given as its encoded bytes.
func PNG(png []byte) { publish(PNGBundle(png)) }

// JPEG shows a JPEG image given as its encoded bytes.
func JPEG(jpeg []byte) {
	publish(bundle(MIMEJPEG, base64.StdEncoding.EncodeToString(jpeg), MIMEText, fmt.Sprintf("<JPEG image, %d bytes>", len(jpeg))))
}

// SVG shows an SVG document.
func SVG(svg string) { publish(bundle(MIMESVG, svg, MIMEText, "<SVG image>")) }

// HTML shows an HTML fragment.
func HTML(html string) { publish(bundle(MIMEHTML, html, MIMEText, html)) }

// Markdown shows Markdown text.
func Markdown(md string) { publish(bundle(MIMEMarkdown, md, MIMEText, md)) }

// LaTeX shows LaTeX, typically math between $…$ or $$…$$.
func LaTeX(latex string) { publish(bundle(MIMELaTeX, latex, MIMEText, latex)) }

// Text shows plain text.
func Text(text string) { publish(bundle(MIMEText, text)) }

// JSONBundle returns the bundle of v as application/json (v marshalled
// with encoding/json and decoded back, so the bundle holds only JSON
// values) with its indented text as text/plain.
func JSONBundle(v any) (Bundle, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return Bundle{}, fmt.Errorf("encoding %T as JSON: %w", v, err)
	}
	var generic any
	if err := json.Unmarshal(raw, &generic); err != nil {
		return Bundle{}, fmt.Errorf("decoding JSON of %T: %w", v, err)
	}
	var ind bytes.Buffer
	if err := json.Indent(&ind, raw, "", "  "); err != nil {
		return Bundle{}, fmt.Errorf("indenting JSON of %T: %w", v, err)
	}
	return Bundle{Data: map[string]any{MIMEJSON: generic, MIMEText: ind.String()}}, nil
}

// JSON shows v as JSON (JupyterLab renders it as a tree). A value that
// encoding/json cannot encode is reported as text in the output.
func JSON(v any) {
	b, err := JSONBundle(v)
	if err != nil {
		b = errorBundle("JSON", err)
	}
	publish(b)
}

// ImageBundle returns the bundle of img encoded as PNG, with a text/plain
// description such as "<*image.RGBA 28×28>".
func ImageBundle(img image.Image) (Bundle, error) {
	if img == nil {
		return Bundle{}, fmt.Errorf("nil image")
	}
	var buf bytes.Buffer
	if err := encodePNG(&buf, img); err != nil {
		return Bundle{}, fmt.Errorf("encoding %T as PNG: %w", img, err)
	}
	r := img.Bounds()
	b := PNGBundle(buf.Bytes())
	b.Data[MIMEText] = fmt.Sprintf("<%T %d×%d>", img, r.Dx(), r.Dy())
	return b, nil
}

// Image shows img, encoded as PNG.
func Image(img image.Image) {
	b, err := ImageBundle(img)
	if err != nil {
		b = errorBundle("Image", err)
	}
	publish(b)
}

func checkPlot(p *plot.Plot, width, height vg.Length) error {
	if p == nil {
		return fmt.Errorf("nil plot")
	}
	if !(width > 0 && height > 0 && width <= maxPlotSide && height <= maxPlotSide) {
		return fmt.Errorf("plot size %v×%v outside (0, %v]", width, height, maxPlotSide)
	}
	return nil
}

// PlotPNG renders p as a PNG of width×height (e.g. 6*vg.Inch, 4*vg.Inch)
// at PlotDPI dots per inch.
func PlotPNG(p *plot.Plot, width, height vg.Length) (png []byte, err error) {
	if err := checkPlot(p, width, height); err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("rendering plot: %v", r)
		}
	}()
	p = viz.ReadableTicks(p)
	c := vgimg.NewWith(vgimg.UseWH(width, height), vgimg.UseDPI(PlotDPI))
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if err := encodePNG(&buf, c.Image()); err != nil {
		return nil, fmt.Errorf("encoding plot as PNG: %w", err)
	}
	return buf.Bytes(), nil
}

// PlotSVGString renders p as an SVG document of width×height.
func PlotSVGString(p *plot.Plot, width, height vg.Length) (svg string, err error) {
	if err := checkPlot(p, width, height); err != nil {
		return "", err
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("rendering plot: %v", r)
		}
	}()
	p = viz.ReadableTicks(p)
	c := vgsvg.New(width, height)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return "", fmt.Errorf("encoding plot as SVG: %w", err)
	}
	return buf.String(), nil
}

func plotText(p *plot.Plot) string {
	if p == nil {
		return "<nil>"
	}
	if p.Title.Text != "" {
		return fmt.Sprintf("<plot %q>", p.Title.Text)
	}
	return "<plot>"
}

// PlotBundle returns the bundle of p rendered as a PNG of width×height at
// PlotDPI, with its title as text/plain.
func PlotBundle(p *plot.Plot, width, height vg.Length) (Bundle, error) {
	b, err := PlotPNG(p, width, height)
	if err != nil {
		return Bundle{}, err
	}
	out := PNGBundle(b)
	out.Data[MIMEText] = plotText(p)
	return out, nil
}

// Plot shows p rendered as a PNG of width×height (e.g. 6*vg.Inch,
// 4*vg.Inch) at PlotDPI dots per inch. Errors (nil plot, size not in
// (0, 50 in]) are reported as text in the output.
func Plot(p *plot.Plot, width, height vg.Length) {
	b, err := PlotBundle(p, width, height)
	if err != nil {
		b = errorBundle("Plot", err)
	}
	publish(b)
}

// PlotSVG shows p rendered as SVG of width×height.
func PlotSVG(p *plot.Plot, width, height vg.Length) {
	s, err := PlotSVGString(p, width, height)
	b := bundle(MIMESVG, s, MIMEText, plotText(p))
	if err != nil {
		b = errorBundle("PlotSVG", err)
	}
	publish(b)
}

// Show shows v as Render formats it: images and plots as PNG, bundles and
// values with MIME methods in their rich forms, anything else as text.
// Show(nil) shows nothing.
func Show(v any) {
	if b, ok := Render(v); ok {
		publish(b)
	}
}

// ClearOutput clears the output of the current cell; with wait, the output
// is cleared only when new output arrives, which avoids flicker in
// animations.
func ClearOutput(wait bool) {
	if s := current(); s != nil {
		s.Clear(wait)
	}
}
