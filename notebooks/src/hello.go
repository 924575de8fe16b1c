// -*- coding: utf-8 -*-
// %% [markdown]
// # Hello, Go
//
// A first look at the rbm-kernel: Go cells interpreted with state kept across
// cells, rich output, and gonum plots. Run every cell with *Cell → Run All*.
//
// The library (`rbm`, `mcmc`, `learn`, `data`, `viz`), `display`, gonum
// (`mat`, `floats`, `stat`, `plot`, `plotter`, `vg`, …) and the common
// standard-library packages (`fmt`, `math`, `os`, `strings`, `time`, …) are
// pre-imported under their short names.

// %%
// Notebooks read RBM_QUICK=1 for a quick run (the tests set it).
quick := os.Getenv("RBM_QUICK") == "1"
fmt.Println("hello, world; quick mode:", quick)

// %% [markdown]
// A function declared in one cell is there in the next; the last expression of a cell is its result.

// %%
func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

fib(20)

// %% [markdown]
// Other packages are imported as usual.

// %%
import "unicode/utf8"

utf8.RuneCountInString("Grüße")

// %%
a := mat.NewDense(2, 2, []float64{4, 1, 2, 3})
fmt.Printf("det(a) = %.1f\n", mat.Det(a))
fmt.Printf("a =\n%v\n", mat.Formatted(a))

// %% [markdown]
// Rich output: HTML, and a gonum plot rendered to PNG.

// %%
display.HTML(`<p>Some <b>bold</b> HTML from <i>Go</i>.</p>`)

// %%
n := 200
if quick {
	n = 50
}
pts := make(plotter.XYs, n)
for i := range pts {
	x := 4 * math.Pi * float64(i) / float64(n-1)
	pts[i].X, pts[i].Y = x, math.Sin(x)
}
p := plot.New()
p.Title.Text = "sin(x)"
p.X.Label.Text = "x"
line, err := plotter.NewLine(pts)
if err != nil {
	panic(err)
}
p.Add(line)
display.Plot(p, 5*vg.Inch, 3*vg.Inch)

// %% [markdown]
// A cell's result shows what it is: a long slice its length and its two
// ends, an error its message, and the library's values a summary with a
// picture where they have one (docs/display.md).

// %%
xs := make([]float64, 100000)
for i := range xs {
	xs[i] = math.Sqrt(float64(i))
}
xs

// %%
_, err = os.Open("no-such-file.txt")
err

// %%
set, err := data.BarsAndStripes(4, false)
if err != nil {
	panic(err)
}
set

// %% [markdown]
// Train an RBM on these 30 images for a moment (a tenth of a second), measuring its exact log-likelihood every 20 updates; the result is the training history.

// %%
m, err := rbm.NewBinary(set.Dim(), 16, &rbm.Init{WeightStd: 0.01, Seed: 1})
if err != nil {
	panic(err)
}
hist, err := learn.Train(ctx, m, set, learn.NewCD(1, mcmc.NewGibbs(1)), &learn.Settings{
	Updates:   1000,
	Rate:      0.2,
	Every:     20,
	Observers: []learn.Observer{learn.ExactLogLikelihood(set)},
})
if err != nil {
	panic(err)
}
hist

// %% [markdown]
// The model shows its parameters and its filters: each hidden unit's weights drawn as a 4 × 4 image.

// %%
m

// %% [markdown]
// A type of your own shows itself through methods such as `HTML() string`
// (or `Markdown`, `SVG`, `PNG`, `LaTeX`, `Table`, `Plot`), with its `String()`
// as the plain text that `jupyter console` prints.

// %%
import "html"

type Badge struct {
	Label string
	Value float64
}

func (b Badge) String() string { return fmt.Sprintf("%s: %.2f", b.Label, b.Value) }

func (b Badge) HTML() string {
	return fmt.Sprintf(`<span style="padding:2px 6px;background:#2e7d32;color:white;border-radius:4px">%s %.2f</span>`,
		html.EscapeString(b.Label), b.Value)
}

Badge{"final log-likelihood", hist.Last("loglik")}
