package viz

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"

	"gonum.org/v1/gonum/mat"
)

// TileOptions says how Tiles draws. A nil *TileOptions means the zero value.
type TileOptions struct {
	// Scale is the number of output pixels per image pixel along each
	// side; 0 means 1.
	Scale int
	// Pad is the gap between tiles and around the grid, in output pixels;
	// 0 means 1, negative means no gap.
	Pad int
	// Normalize maps each tile's values linearly from their own [min, max]
	// to black–white (for filters: weights reshaped to the image shape);
	// a constant tile is mid-grey. When false, values are read as
	// intensities in [0, 1] (samples, probabilities), clamped to it.
	Normalize bool
}

// Tiles draws every row of images (an n×(rows·cols) matrix, one image per
// row, stored row-major) as a rows×cols grey-level tile, placing the tiles
// left to right in a grid of gridCols columns and ⌈n/gridCols⌉ rows, with 0
// black and 1 white. The result is gridCols·cols·Scale + (gridCols+1)·Pad
// pixels wide and ⌈n/gridCols⌉·rows·Scale + (⌈n/gridCols⌉+1)·Pad high; the
// gaps are mid-grey. To draw the filters of an RBM with weights W
// (visible×hidden), pass W.T() with Normalize.
func Tiles(images mat.Matrix, rows, cols, gridCols int, o *TileOptions) (image.Image, error) {
	if images == nil {
		return nil, errors.New("viz: Tiles: nil images")
	}
	if o == nil {
		o = &TileOptions{}
	}
	n, width := images.Dims()
	switch {
	case n == 0:
		return nil, errors.New("viz: Tiles: no images")
	case rows <= 0 || cols <= 0:
		return nil, fmt.Errorf("viz: Tiles: image shape %d×%d is not positive", rows, cols)
	case rows*cols != width:
		return nil, fmt.Errorf("viz: Tiles: image shape %d×%d does not match the %d columns of the images", rows, cols, width)
	case gridCols <= 0:
		return nil, fmt.Errorf("viz: Tiles: grid columns %d is not positive", gridCols)
	case o.Scale < 0:
		return nil, fmt.Errorf("viz: Tiles: negative scale %d", o.Scale)
	}
	scale := max(o.Scale, 1)
	pad := o.Pad
	if pad == 0 {
		pad = 1
	}
	pad = max(pad, 0)
	gridCols = min(gridCols, n)
	gridRows := (n + gridCols - 1) / gridCols
	w := gridCols*cols*scale + (gridCols+1)*pad
	h := gridRows*rows*scale + (gridRows+1)*pad
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = 128
	}
	row := make([]float64, width)
	for k := 0; k < n; k++ {
		mat.Row(row, k, images)
		lo, hi := 0.0, 1.0
		if o.Normalize {
			lo, hi = math.Inf(1), math.Inf(-1)
			for _, x := range row {
				if !math.IsNaN(x) {
					lo, hi = min(lo, x), max(hi, x)
				}
			}
		}
		x0 := pad + (k%gridCols)*(cols*scale+pad)
		y0 := pad + (k/gridCols)*(rows*scale+pad)
		for r := 0; r < rows; r++ {
			for c := 0; c < cols; c++ {
				g := grey(row[r*cols+c], lo, hi)
				for dy := 0; dy < scale; dy++ {
					for dx := 0; dx < scale; dx++ {
						img.SetGray(x0+c*scale+dx, y0+r*scale+dy, g)
					}
				}
			}
		}
	}
	return img, nil
}

// grey maps x in [lo, hi] linearly to 0..255, clamping; NaN and a constant
// range (lo ≥ hi) give mid-grey.
func grey(x, lo, hi float64) color.Gray {
	if math.IsNaN(x) || !(hi > lo) {
		return color.Gray{Y: 128}
	}
	t := min(max((x-lo)/(hi-lo), 0), 1)
	return color.Gray{Y: uint8(math.Round(255 * t))}
}

// Filters draws the receptive fields of the hidden units of an RBM with
// weights w (visible×hidden, visible = rows·cols): hidden unit j's column
// W_{·j} as a rows×cols tile, each tile normalised to its own range, in a
// grid of gridCols columns. It is Tiles(wᵀ, rows, cols, gridCols, o) with
// o.Normalize set (o nil: Scale 1, Pad 1).
func Filters(w mat.Matrix, rows, cols, gridCols int, o *TileOptions) (image.Image, error) {
	if w == nil {
		return nil, errors.New("viz: Filters: nil weights")
	}
	var opt TileOptions
	if o != nil {
		opt = *o
	}
	opt.Normalize = true
	img, err := Tiles(w.T(), rows, cols, gridCols, &opt)
	if err != nil {
		return nil, fmt.Errorf("viz: Filters: %w", err)
	}
	return img, nil
}
