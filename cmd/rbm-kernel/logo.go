package main

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
)

// The kernel logo: a restricted Boltzmann machine (three visible units in
// white, two hidden units in Go's yellow, every visible unit joined to every
// hidden one) on a Go-blue rounded square. logoShape gives its geometry in
// units of the side length, so that the PNG and SVG logos agree.
var (
	logoBackground = color.NRGBA{0x00, 0xAD, 0xD8, 0xFF}
	logoVisible    = color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
	logoHidden     = color.NRGBA{0xFD, 0xDD, 0x00, 0xFF}
)

type logoPoint struct{ x, y float64 }

// logoShape is the logo's geometry as fractions of the side.
var logoShape = struct {
	corner, unit, edge float64 // corner radius, unit radius, edge width (the PNG draws edges at least 1 pixel wide)
	visible, hidden    []logoPoint
}{
	corner:  0.16,
	unit:    0.1,
	edge:    1.0 / 32,
	visible: []logoPoint{{0.22, 0.74}, {0.5, 0.74}, {0.78, 0.74}},
	hidden:  []logoPoint{{0.34, 0.28}, {0.66, 0.28}},
}

// writeLogo draws the logo as a size x size PNG.
func writeLogo(w io.Writer, size int) error {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	s := float64(size)
	r := s * logoShape.corner
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			if insideRounded(float64(x)+0.5, float64(y)+0.5, s, r) {
				img.Set(x, y, logoBackground)
			}
		}
	}
	width := math.Max(1, s*logoShape.edge)
	for _, v := range logoShape.visible {
		for _, h := range logoShape.hidden {
			line(img, v.x*s, v.y*s, h.x*s, h.y*s, width, logoVisible)
		}
	}
	rad := s * logoShape.unit
	for _, v := range logoShape.visible {
		disc(img, v.x*s, v.y*s, rad, logoVisible)
	}
	for _, h := range logoShape.hidden {
		disc(img, h.x*s, h.y*s, rad, logoHidden)
	}
	return png.Encode(w, img)
}

// writeLogoSVG writes the same logo as a scalable SVG on a 64 x 64 view box.
func writeLogoSVG(w io.Writer) error {
	const s = 64.0
	hex := func(c color.NRGBA) string { return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B) }
	p := &errWriter{w: w}
	p.printf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" width="%g" height="%g">`+"\n", s, s, s, s)
	p.printf("  <title>rbm-kernel: Go cells with the RBM library</title>\n")
	p.printf(`  <rect width="%g" height="%g" rx="%g" fill="%s"/>`+"\n", s, s, s*logoShape.corner, hex(logoBackground))
	p.printf(`  <g stroke="%s" stroke-width="%g" stroke-linecap="round">`+"\n", hex(logoVisible), s*logoShape.edge)
	for _, v := range logoShape.visible {
		for _, h := range logoShape.hidden {
			p.printf(`    <line x1="%.2f" y1="%.2f" x2="%.2f" y2="%.2f"/>`+"\n", v.x*s, v.y*s, h.x*s, h.y*s)
		}
	}
	p.printf("  </g>\n")
	for _, layer := range []struct {
		units []logoPoint
		fill  color.NRGBA
	}{{logoShape.visible, logoVisible}, {logoShape.hidden, logoHidden}} {
		for _, u := range layer.units {
			p.printf(`  <circle cx="%.2f" cy="%.2f" r="%.2f" fill="%s"/>`+"\n", u.x*s, u.y*s, s*logoShape.unit, hex(layer.fill))
		}
	}
	p.printf("</svg>\n")
	return p.err
}

// errWriter keeps the first write error so that a sequence of writes can be
// checked once.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}

func insideRounded(x, y, s, r float64) bool {
	cx := math.Min(math.Max(x, r), s-r)
	cy := math.Min(math.Max(y, r), s-r)
	return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= r*r
}

func disc(img *image.NRGBA, cx, cy, r float64, c color.NRGBA) {
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			if dx*dx+dy*dy <= r*r {
				img.SetNRGBA(x, y, c)
			}
		}
	}
}

// line draws a segment of the given width: every pixel whose centre lies
// within width/2 of the segment.
func line(img *image.NRGBA, x0, y0, x1, y1, width float64, c color.NRGBA) {
	b := img.Bounds()
	dx, dy := x1-x0, y1-y0
	l2 := dx*dx + dy*dy
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			t := ((px-x0)*dx + (py-y0)*dy) / l2
			t = math.Max(0, math.Min(1, t))
			ex, ey := px-(x0+t*dx), py-(y0+t*dy)
			if ex*ex+ey*ey <= width*width/4 {
				img.SetNRGBA(x, y, c)
			}
		}
	}
}
