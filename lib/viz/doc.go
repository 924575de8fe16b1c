// Package viz draws what RBM research looks at: learning curves of one or
// many runs (with median and quantile bands across seeds and reference
// lines) as gonum/plot plots, and grids of image tiles for samples and
// filters as image.Image values.
//
// The package takes plain numbers (slices and gonum matrices) and depends
// on no other package of this library and on nothing of Jupyter: a notebook
// cell passes the results to the display package, a Go program saves them
// with (*plot.Plot).Save or image/png.
package viz
