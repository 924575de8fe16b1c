package main

import (
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
)

// writeLogo draws the kernel logo, a size x size PNG: a restricted
// Boltzmann machine (three visible and two hidden units, every visible unit
// joined to every hidden one) in white on Go blue.
func writeLogo(w io.Writer, size int) error {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	bg := color.NRGBA{0x00, 0xAD, 0xD8, 0xFF}
	fg := color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
	hid := color.NRGBA{0xFD, 0xDD, 0x00, 0xFF}
	s := float64(size)
	r := s * 0.16 // corner radius
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			if insideRounded(float64(x)+0.5, float64(y)+0.5, s, r) {
				img.Set(x, y, bg)
			}
		}
	}
	type pt struct{ x, y float64 }
	visible := []pt{{0.22 * s, 0.74 * s}, {0.5 * s, 0.74 * s}, {0.78 * s, 0.74 * s}}
	hidden := []pt{{0.34 * s, 0.28 * s}, {0.66 * s, 0.28 * s}}
	width := math.Max(1, s/32)
	for _, v := range visible {
		for _, h := range hidden {
			line(img, v.x, v.y, h.x, h.y, width, fg)
		}
	}
	rad := s * 0.1
	for _, v := range visible {
		disc(img, v.x, v.y, rad, fg)
	}
	for _, h := range hidden {
		disc(img, h.x, h.y, rad, hid)
	}
	return png.Encode(w, img)
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
