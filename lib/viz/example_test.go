package viz_test

import (
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/lib/viz"
	"gonum.org/v1/gonum/mat"
)

// Learning curves of two runs with the best possible log-likelihood of
// 3×3 Bars and Stripes as a reference line.
func ExampleCurves() {
	cd := viz.Series{Name: "CD-1", X: []float64{0, 100, 200}, Y: []float64{-6.2, -4.1, -3.5}}
	pcd := viz.Series{Name: "PCD-1", X: []float64{0, 100, 200}, Y: []float64{-6.2, -3.8, -3.0}}
	p, err := viz.Curves("Bars and Stripes 3×3", "updates", "mean log-likelihood", cd, pcd)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := viz.HLine(p, -math.Log(14), "optimum −ln 14"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("y axis from %.1f to %.2f\n", p.Y.Min, p.Y.Max)
	// Output:
	// y axis from -6.2 to -2.64
}

// The median and interquartile band of three seeds.
func ExampleQuantiles() {
	x := []float64{0, 1}
	runs := []viz.Series{{X: x, Y: []float64{1, 5}}, {X: x, Y: []float64{2, 6}}, {X: x, Y: []float64{4, 9}}}
	_, lo, med, hi, _ := viz.Quantiles(runs, 0.25)
	fmt.Println(lo, med, hi)
	// Output:
	// [1.5 5.5] [2 6] [3 7.5]
}

// Four 2×2 images in a grid of two columns, each pixel drawn 4×4.
func ExampleTiles() {
	imgs := mat.NewDense(4, 4, []float64{
		1, 0, 0, 1,
		0, 1, 1, 0,
		1, 1, 0, 0,
		0, 0, 1, 1,
	})
	img, err := viz.Tiles(imgs, 2, 2, 2, &viz.TileOptions{Scale: 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(img.Bounds().Dx(), "×", img.Bounds().Dy())
	// Output:
	// 19 × 19
}

// Three trials of a learning curve: the mean at each x, and the sample
// standard deviation that MeanBands draws around it.
func ExampleMeans() {
	trials := []viz.Series{
		{X: []float64{0, 100}, Y: []float64{-6, -4}},
		{X: []float64{0, 100}, Y: []float64{-6, -3}},
		{X: []float64{0, 100}, Y: []float64{-6, -2}},
	}
	x, mean, sd, err := viz.Means(trials)
	if err != nil {
		panic(err)
	}
	for k := range x {
		fmt.Printf("x = %v: mean %v, sd %v\n", x[k], mean[k], sd[k])
	}
	// Output:
	// x = 0: mean -6, sd 0
	// x = 100: mean -3, sd 1
}

// Autocorrelation times of three models under two samplers, one point per
// model: below the diagonal the second sampler's chain decorrelates
// faster.
func ExamplePaired() {
	tau := viz.Pairs{Name: "Bars and Stripes", X: []float64{35.2, 12.1, 60.3}, Y: []float64{33.6, 11.0, 61.2}}
	p, err := viz.Paired("τ per model", "τ_G", "τ_T", "τ_T = τ_G", true, tau)
	if err != nil {
		fmt.Println(err)
		return
	}
	below := 0
	for i := range tau.X {
		if tau.Y[i] < tau.X[i] {
			below++
		}
	}
	fmt.Printf("%d of %d below the diagonal; axes from %.1f to %.1f\n", below, len(tau.X), p.X.Min, p.X.Max)
	// Output:
	// 2 of 3 below the diagonal; axes from 9.2 to 73.4
}
