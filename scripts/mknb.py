#!/usr/bin/env python3
"""Writes the generated notebooks of notebooks/ from the cell sources below,
with the rbm-kernel kernelspec metadata and no outputs.

    build/venv/bin/python scripts/mknb.py            # write them all
    build/venv/bin/python scripts/mknb.py --check    # fail if one differs

Each notebook is a list of (kind, source) with kind "md" or "go".
"""
import os
import sys

import nbformat

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

METADATA = {
    "kernelspec": {"name": "rbm-kernel", "display_name": "Go (rbm-kernel)", "language": "go"},
    # What the kernel's kernel_info_reply says, so that a notebook that has
    # not been run yet still exports as a .go file and highlights as Go.
    "language_info": {
        "name": "go",
        "mimetype": "text/x-go",
        "file_extension": ".go",
        "pygments_lexer": "go",
        "codemirror_mode": "go",
    },
}

HELLO = [
    ("md", """# Hello, Go

A first look at the rbm-kernel: Go cells interpreted with state kept across
cells, rich output, and gonum plots. Run every cell with *Cell → Run All*.

The library (`rbm`, `mcmc`, `learn`, `data`, `viz`), `display`, gonum
(`mat`, `floats`, `stat`, `plot`, `plotter`, `vg`, …) and the common
standard-library packages (`fmt`, `math`, `os`, `strings`, `time`, …) are
pre-imported under their short names."""),
    ("go", """// Notebooks read RBM_QUICK=1 for a quick run (the tests set it).
quick := os.Getenv("RBM_QUICK") == "1"
fmt.Println("hello, world; quick mode:", quick)"""),
    ("md", "A function declared in one cell is there in the next; the last expression of a cell is its result."),
    ("go", """func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

fib(20)"""),
    ("md", "Other packages are imported as usual."),
    ("go", """import "unicode/utf8"

utf8.RuneCountInString("Grüße")"""),
    ("go", """a := mat.NewDense(2, 2, []float64{4, 1, 2, 3})
fmt.Printf("det(a) = %.1f\\n", mat.Det(a))
fmt.Printf("a =\\n%v\\n", mat.Formatted(a))"""),
    ("md", "Rich output: HTML, and a gonum plot rendered to PNG."),
    ("go", """display.HTML(`<p>Some <b>bold</b> HTML from <i>Go</i>.</p>`)"""),
    ("go", """n := 200
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
display.Plot(p, 5*vg.Inch, 3*vg.Inch)"""),
    ("md", """A cell's result shows what it is: a long slice its length and its two
ends, an error its message, and the library's values a summary with a
picture where they have one (docs/display.md)."""),
    ("go", """xs := make([]float64, 100000)
for i := range xs {
	xs[i] = math.Sqrt(float64(i))
}
xs"""),
    ("go", """_, err = os.Open("no-such-file.txt")
err"""),
    ("go", """set, err := data.BarsAndStripes(4, false)
if err != nil {
	panic(err)
}
set"""),
    ("md", "Train an RBM on these 30 images for a moment (a tenth of a second), measuring its exact log-likelihood every 20 updates; the result is the training history."),
    ("go", """m, err := rbm.NewBinary(set.Dim(), 16, &rbm.Init{WeightStd: 0.01, Seed: 1})
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
hist"""),
    ("md", "The model shows its parameters and its filters: each hidden unit's weights drawn as a 4 × 4 image."),
    ("go", """m"""),
    ("md", """A type of your own shows itself through methods such as `HTML() string`
(or `Markdown`, `SVG`, `PNG`, `LaTeX`, `Table`, `Plot`), with its `String()`
as the plain text that `jupyter console` prints."""),
    ("go", """import "html"

type Badge struct {
	Label string
	Value float64
}

func (b Badge) String() string { return fmt.Sprintf("%s: %.2f", b.Label, b.Value) }

func (b Badge) HTML() string {
	return fmt.Sprintf(`<span style="padding:2px 6px;background:#2e7d32;color:white;border-radius:4px">%s %.2f</span>`,
		html.EscapeString(b.Label), b.Value)
}

Badge{"final log-likelihood", hist.Last("loglik")}"""),
]

NOTEBOOKS = {
    "notebooks/hello.ipynb": HELLO,
}


def build(cells):
    nb = nbformat.v4.new_notebook(metadata=METADATA)
    for i, (kind, src) in enumerate(cells):
        if kind == "md":
            c = nbformat.v4.new_markdown_cell(src)
        else:
            c = nbformat.v4.new_code_cell(src)
        c["id"] = f"cell-{i:02d}"  # stable ids: regenerating changes nothing
        nb.cells.append(c)
    nbformat.validate(nb)
    return nbformat.writes(nb) + "\n"


def cells_of(nb):
    """The kind, id and source of every cell, outputs left out."""
    return [(c["cell_type"], c.get("id"), c["source"]) for c in nb.cells]


def execution_problems(path, max_bytes):
    """Why the notebook at path is not a clean, executed copy (empty if it is)."""
    problems = []
    size = os.path.getsize(path)
    if size > max_bytes:
        problems.append(f"{size} bytes, more than {max_bytes}")
    nb = nbformat.read(path, as_version=4)
    for i, c in enumerate(nb.cells):
        if c["cell_type"] != "code":
            continue
        if c.get("execution_count") is None:
            problems.append(f"cell {i} ({c.get('id')}) was not executed")
        for o in c.get("outputs", []):
            if o.get("output_type") == "error":
                problems.append(f"cell {i} ({c.get('id')}) failed: {o.get('ename')}: {o.get('evalue')}")
    return problems


def generate(name, rel, cells, max_bytes, argv):
    """Write the notebook rel (relative to the repository root) from the
    generator notebooks/src/NAME.py's cells, keeping the committed outputs
    when the cells are unchanged; with --check in argv, write nothing and
    fail unless the notebook matches its cells and is a clean, executed
    copy of at most max_bytes. Returns the exit status."""
    check = "--check" in argv
    path = os.path.join(ROOT, rel)
    text = build(cells)
    want = cells_of(nbformat.reads(text, as_version=4))
    have = None
    if os.path.exists(path):
        have = cells_of(nbformat.read(path, as_version=4))
    if have == want:
        if not check:
            return 0
        problems = execution_problems(path, max_bytes)
        for p in problems:
            print(f"{name}: {rel}: {p}; execute it in place (see the top of notebooks/src/{name}.py)")
        return 1 if problems else 0
    if check:
        print(f"{name}: {rel} differs from notebooks/src/{name}.py; "
              f"run build/venv/bin/python notebooks/src/{name}.py and execute it again")
        return 1
    with open(path, "w") as f:
        f.write(text)
    print(f"{name}: wrote {rel} (no outputs: execute it in place)")
    return 0


def main():
    check = "--check" in sys.argv[1:]
    bad = 0
    for rel, cells in NOTEBOOKS.items():
        path = os.path.join(ROOT, rel)
        text = build(cells)
        old = open(path).read() if os.path.exists(path) else None
        if old == text:
            continue
        if check:
            print(f"mknb: {rel} differs from scripts/mknb.py; run build/venv/bin/python scripts/mknb.py")
            bad = 1
        else:
            with open(path, "w") as f:
                f.write(text)
            print(f"mknb: wrote {rel}")
    return bad


if __name__ == "__main__":
    sys.exit(main())
