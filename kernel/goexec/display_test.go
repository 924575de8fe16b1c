package goexec

import (
	"bytes"
	"context"
	"encoding/base64"
	"image/png"
	"regexp"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// result executes code, failing the test on error, and returns the
// bundle of its execute_result (failing when there is none).
func result(t *testing.T, e *Executor, code string) display.Bundle {
	t.Helper()
	res, err := e.Execute(context.Background(), code, &recorder{})
	if err != nil {
		t.Fatalf("Execute(%q): %v", code, err)
	}
	if res == nil || res.Data == nil {
		t.Fatalf("Execute(%q): no result", code)
	}
	return *res.Data
}

// str returns the bundle's value for mime, "" when it has none.
func str(b display.Bundle, mime string) string {
	s, _ := b.Data[mime].(string)
	return s
}

var (
	pngURI  = regexp.MustCompile(`data:image/png;base64,([^"]+)`)
	svgURI  = regexp.MustCompile(`data:image/svg\+xml;base64,([^"]+)`)
	address = regexp.MustCompile(`0x[0-9a-f]{6,}`)
)

// htmlImage decodes the first PNG image of an HTML form and returns its
// width and height (0, 0 when there is none).
func htmlImage(t *testing.T, html string) (w, h int) {
	t.Helper()
	m := pngURI.FindStringSubmatch(html)
	if m == nil {
		return 0, 0
	}
	raw, err := base64.StdEncoding.DecodeString(m[1])
	if err != nil {
		t.Fatalf("image is not base64: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("image is not a PNG: %v", err)
	}
	return img.Bounds().Dx(), img.Bounds().Dy()
}

// checkText fails when a text/plain form is long, shows an address or
// yaegi's names.
func checkText(t *testing.T, what, text string) {
	t.Helper()
	if n := strings.Count(text, "\n") + 1; n > 30 || len(text) > 4000 {
		t.Errorf("%s: text/plain has %d lines, %d bytes:\n%.500s", what, n, len(text), text)
	}
	if address.MatchString(text) || strings.Contains(text, "IValue") {
		t.Errorf("%s: text/plain shows an address or a wrapper:\n%s", what, text)
	}
}

// TestResultModel: a model as a cell's result is its summary as text and
// an HTML table of its parameters with its filters as an image.
func TestResultModel(t *testing.T) {
	e := newExec(t)
	b := result(t, e, "m, _ := rbm.NewBinary(784, 500, &rbm.Init{WeightStd: 0.01, Seed: 1})\nm")
	text := str(b, display.MIMEText)
	checkText(t, "*rbm.Binary", text)
	if !strings.HasPrefix(text, "binary RBM, 784 visible × 500 hidden units: 393,284 parameters (float64)\n") {
		t.Errorf("text/plain:\n%s", text)
	}
	html := str(b, display.MIMEHTML)
	for _, want := range []string{"binary RBM, 784 visible × 500 hidden units", "<table>", ">weights W<", "<td>784×500</td>", ">hidden bias c<"} {
		if !strings.Contains(html, want) {
			t.Errorf("text/html lacks %q", want)
		}
	}
	if w, h := htmlImage(t, html); w != 291 || h != 291 {
		t.Errorf("filters image %d×%d, want 291×291 (100 of 500 filters, 28×28)", w, h)
	}
	// A Gaussian model of 2 visible units: table, no image.
	b = result(t, e, "g, _ := rbm.NewGaussian(2, 8, nil)\ng")
	if text := str(b, display.MIMEText); !strings.HasPrefix(text, "Gaussian-Bernoulli RBM, 2 visible × 8 hidden units: 28 parameters") {
		t.Errorf("GRBM text/plain:\n%s", text)
	}
	if html := str(b, display.MIMEHTML); !strings.Contains(html, "visible std σ") || strings.Contains(html, "<img") {
		t.Errorf("GRBM text/html: %.300s", html)
	}
	// display.Show shows the same bundle.
	_, rec := run(t, e, "display.Show(m)")
	if len(rec.events) != 1 || str(rec.events[0].bundle, display.MIMEText) != text {
		t.Errorf("display.Show(m): %+v", rec.events)
	}
}

// TestResultDataSet: a data set shows its shape, values and labels, and
// its first examples as images.
func TestResultDataSet(t *testing.T) {
	e := newExec(t)
	b := result(t, e, "set, _ := data.BarsAndStripes(4, false)\nset")
	text := str(b, display.MIMEText)
	checkText(t, "*data.Set", text)
	for _, want := range []string{`data set "bars-and-stripes-4x4": 30 examples × 16 units`, "image shape   4×4", "2 classes"} {
		if !strings.Contains(text, want) {
			t.Errorf("text/plain lacks %q:\n%s", want, text)
		}
	}
	html := str(b, display.MIMEHTML)
	if !strings.Contains(html, `<td style="text-align:left">binary {0, 1}, mean 0.5</td>`) {
		t.Errorf("text/html lacks the values: %.400s", html)
	}
	if w, h := htmlImage(t, html); w != 251 || h != 76 {
		t.Errorf("examples image %d×%d, want 251×76 (30 of 4×4 at scale 6)", w, h)
	}
}

// TestResultHistory: what learn.Train returns shows a table of the last
// values and the learning curve as an SVG plot.
func TestResultHistory(t *testing.T) {
	e := newExec(t)
	run(t, e, `set, _ := data.BarsAndStripes(3, false)
m, _ := rbm.NewBinary(9, 4, &rbm.Init{WeightStd: 0.01, Seed: 1})
hist, err := learn.Train(ctx, m, set, learn.NewCD(1, mcmc.NewGibbs(1)), &learn.Settings{
	Updates: 40, Rate: 0.1, Every: 10, Observers: []learn.Observer{learn.ExactLogLikelihood(set)},
})`)
	b := result(t, e, "hist")
	text := str(b, display.MIMEText)
	checkText(t, "*learn.History", text)
	lines := strings.Split(text, "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "training history: 40 updates in ") || !strings.HasPrefix(lines[2], "loglik       5  ") {
		t.Errorf("text/plain:\n%s", text)
	}
	html := str(b, display.MIMEHTML)
	if !strings.Contains(html, `<th style="text-align:left">series</th><th>points</th><th>last</th>`) || !strings.Contains(html, `<td>40</td>`) {
		t.Errorf("text/html table: %.500s", html)
	}
	m := svgURI.FindStringSubmatch(html)
	if m == nil {
		t.Fatalf("no plot in text/html")
	}
	svg, _ := base64.StdEncoding.DecodeString(m[1])
	if !strings.Contains(string(svg), "<svg") || !strings.Contains(string(svg), "updates") {
		t.Errorf("plot is not an SVG of the curve: %.200s", svg)
	}
}

// TestResultChains: chains show their count and shapes, and their visible
// states as images when the visible layer is square.
func TestResultChains(t *testing.T) {
	e := newExec(t)
	b := result(t, e, "m, _ := rbm.NewBinary(16, 3, nil)\nc, _ := mcmc.NewChains(m, 12, rand.New(rand.NewPCG(1, 2)))\nc")
	text := str(b, display.MIMEText)
	checkText(t, "*mcmc.Chains", text)
	if !strings.HasPrefix(text, "12 chains of 16 visible and 3 hidden units\n") || strings.Contains(text, "fresh") {
		t.Errorf("text/plain:\n%s", text)
	}
	html := str(b, display.MIMEHTML)
	if !strings.Contains(html, "<td>12×16</td>") {
		t.Errorf("text/html: %.300s", html)
	}
	if w, h := htmlImage(t, html); w != 251 || h != 51 {
		t.Errorf("states image %d×%d, want 251×51 (12 of 4×4 at scale 6)", w, h)
	}
}

// TestResultValues: long slices and matrices are elided with their shape
// first; errors are visibly errors; a struct shows no address.
func TestResultValues(t *testing.T) {
	e := newExec(t)
	b := result(t, e, "xs := make([]float64, 100000)\nfor i := range xs { xs[i] = float64(i) }\nxs")
	if got := str(b, display.MIMEText); got != "[]float64 len 100000\n[0 1 2 3 4 5 … 99994 99995 99996 99997 99998 99999]" {
		t.Errorf("100,000 floats: %q", got)
	}
	b = result(t, e, "mat.NewDense(784, 500, nil)")
	if got := str(b, display.MIMEText); !strings.HasPrefix(got, "*mat.Dense 784×500 (excerpt)\n") || len(got) > 1000 {
		t.Errorf("matrix: %q", got)
	}
	b = result(t, e, "_, err := os.Open(\"/nonexistent/x\")\nerr")
	if got := str(b, display.MIMEText); got != "error: open /nonexistent/x: no such file or directory" {
		t.Errorf("error text %q", got)
	}
	if html := str(b, display.MIMEHTML); !strings.Contains(html, "<b>error</b>: open /nonexistent/x") {
		t.Errorf("error HTML %q", html)
	}
	b = result(t, e, "learn.Settings{Updates: 3, Progress: func(int, int, string) {}}")
	text := str(b, display.MIMEText)
	checkText(t, "learn.Settings", text)
	if !strings.Contains(text, "Updates:3") || !strings.Contains(text, "Progress:func(int, int, string)") {
		t.Errorf("struct text: %s", text)
	}
	b = result(t, e, "type P struct{ xs []int; next *P }\np := &P{xs: make([]int, 50)}\np.next = p\np")
	if got := str(b, display.MIMEText); got != "&{xs:[0 0 0 … 0 0 0 (50 items)] next:&main.P{…}}" {
		t.Errorf("session struct with a cycle: %q", got)
	}
}

// TestResultCellTypes: a type declared in an interpreted cell shows
// through its display methods, as the final expression and through
// display.Show, with text/plain beside.
func TestResultCellTypes(t *testing.T) {
	e := newExec(t)
	run(t, e, `type Card struct {
	Name string
	secret int
}

func (c Card) HTML() string { return "<b>" + c.Name + "</b>" }
func (c Card) Markdown() string { return "**" + c.Name + "**" }
func (c Card) LaTeX() string { return "$" + c.Name + "$" }
func (c Card) SVG() string { return "<svg></svg>" }
func (c Card) PNG() []byte { return []byte{1, 2, 3} }

type Named struct{ N int }

func (n Named) String() string { return fmt.Sprint("Named#", n.N) }
func (n *Named) HTML() string { return fmt.Sprint("<i>", n.N, "</i>") }

type Bundled struct{}

func (Bundled) MIMEBundle() map[string]any { return map[string]any{"text/html": "<p>mb</p>", "application/json": map[string]any{"k": 1}} }

type Own struct{}

func (Own) Display() display.Bundle { return display.Bundle{Data: map[string]any{"text/markdown": "# own"}} }

type Report struct{ rows int }

func (r Report) String() string { return fmt.Sprintf("report of %d rows\nmore", r.rows) }
func (r Report) Table() ([]string, [][]string) { return []string{"k", "v"}, [][]string{{"<x>", "1"}} }
func (r Report) Image() image.Image { return image.NewGray(image.Rect(0, 0, 3, 2)) }
func (r Report) Plot() *plot.Plot { p := plot.New(); p.Title.Text = "r"; return p }

type Boom struct{}

func (Boom) HTML() string { panic("no html") }`)
	b := result(t, e, `Card{"ace", 7}`)
	want := map[string]string{
		display.MIMEText: "{Name:ace secret:7}", display.MIMEHTML: "<b>ace</b>", display.MIMEMarkdown: "**ace**",
		display.MIMELaTeX: "$ace$", display.MIMESVG: "<svg></svg>", display.MIMEPNG: "AQID",
	}
	for mime, w := range want {
		if got := str(b, mime); got != w {
			t.Errorf("Card %s = %q, want %q", mime, got, w)
		}
	}
	// Pointer receivers: in the method set of *Named only.
	b = result(t, e, "n := Named{3}\nn")
	if str(b, display.MIMEText) != "Named#3" || b.Data[display.MIMEHTML] != nil {
		t.Errorf("Named value: %v", b.Data)
	}
	b = result(t, e, "&n")
	if str(b, display.MIMEText) != "Named#3" || str(b, display.MIMEHTML) != "<i>3</i>" {
		t.Errorf("*Named: %v", b.Data)
	}
	b = result(t, e, "Bundled{}")
	if str(b, display.MIMEHTML) != "<p>mb</p>" || str(b, display.MIMEText) != "{}" || b.Data["application/json"] == nil {
		t.Errorf("MIMEBundle: %v", b.Data)
	}
	b = result(t, e, "Own{}")
	if str(b, display.MIMEMarkdown) != "# own" || str(b, display.MIMEText) != "{}" {
		t.Errorf("Display: %v", b.Data)
	}
	b = result(t, e, "Report{2}")
	html := str(b, display.MIMEHTML)
	if str(b, display.MIMEText) != "report of 2 rows\nmore" || !strings.Contains(html, ">report of 2 rows<") ||
		!strings.Contains(html, "&lt;x&gt;") || !svgURI.MatchString(html) {
		t.Errorf("Report: %v", b.Data)
	}
	if w, h := htmlImage(t, html); w != 3 || h != 2 {
		t.Errorf("Report image %d×%d, want 3×2", w, h)
	}
	// display.Show, in a function and in a loop, shows the same forms.
	_, rec := run(t, e, "func show(c Card) { display.Show(c) }\nfor _, s := range []string{\"a\", \"b\"} { show(Card{Name: s}) }")
	if len(rec.events) != 2 || str(rec.events[1].bundle, display.MIMEHTML) != "<b>b</b>" || str(rec.events[1].bundle, display.MIMEText) != "{Name:b …}" {
		t.Errorf("display.Show(Card): %+v", rec.events)
	}
	// A value reached through an interface keeps its String.
	_, rec = run(t, e, "display.Show(Named{4})")
	if len(rec.events) != 1 || str(rec.events[0].bundle, display.MIMEText) != "Named#4" {
		t.Errorf("display.Show(Named{4}): %+v", rec.events)
	}
	// So does a display's Show, and a struct shows its exported fields
	// and "…" for the others, as the compiled display does (go run:
	// "{Name:q …}"; the interpreter's "{Name:q Xsecret:1}" before, and
	// "{Name:q secret:1}", the text of a cell's result, until issue 12's
	// round 2).
	_, rec = run(t, e, "d := display.New()\nd.Show(Named{5})\nd.Show(Card{\"q\", 1})")
	if len(rec.events) != 2 || str(rec.events[0].bundle, display.MIMEText) != "Named#5" ||
		str(rec.events[1].bundle, display.MIMEText) != "{Name:q …}" || !rec.events[1].bundle.Update {
		t.Errorf("(*display.Display).Show: %+v", rec.events)
	}
	// A generic type is not lowered (its type is not spelled): display.Show
	// still gets its String, as fmt's functions do (map types).
	_, rec = run(t, e, "type Box[T any] struct{ V T }\n\nfunc (b Box[T]) String() string { return fmt.Sprint(\"Box(\", b.V, \")\") }\ndisplay.Show(Box[int]{1})")
	if len(rec.events) != 1 || str(rec.events[0].bundle, display.MIMEText) != "Box(1)" {
		t.Errorf("display.Show(Box[int]{1}): %+v", rec.events)
	}
	// A panic in a display method is the cell's, at the method.
	ee, _ := fail(t, e, context.Background(), "Boom{}")
	if ee.Name != "panic" || !strings.Contains(strings.Join(ee.Traceback, "\n"), "no html") {
		t.Errorf("panicking HTML: %s %v", ee.Name, ee.Traceback)
	}
	// The final expression is evaluated once.
	run(t, e, "calls := 0\nfunc next() Card { calls++; return Card{Name: fmt.Sprint(calls)} }")
	b = result(t, e, "next()")
	if got, _ := run(t, e, "calls"); got != "1" || str(b, display.MIMEHTML) != "<b>1</b>" {
		t.Errorf("next() ran %s times; HTML %q", got, str(b, display.MIMEHTML))
	}
}

// TestResultCompiledType: a type of a %%compile cell is compiled Go: its
// display methods are found as the library's are.
func TestResultCompiledType(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, `%%compile
type Gauge struct{ Level float64 }

func (g Gauge) String() string { return fmt.Sprintf("gauge %.1f", g.Level) }

func (g Gauge) HTML() string { return fmt.Sprintf("<meter value=%q></meter>", fmt.Sprint(g.Level)) }

func (g Gauge) Table() ([]string, [][]string) { return nil, [][]string{{"level", fmt.Sprint(g.Level)}} }
`)
	b := result(t, e, "Gauge{0.5}")
	if str(b, display.MIMEText) != "gauge 0.5" || str(b, display.MIMEHTML) != `<meter value="0.5"></meter>` {
		t.Errorf("compiled Gauge: %v", b.Data)
	}
	_, rec := run(t, e, "display.Show(&Gauge{0.25})")
	if len(rec.events) != 1 || str(rec.events[0].bundle, display.MIMEHTML) != `<meter value="0.25"></meter>` {
		t.Errorf("display.Show(&Gauge): %+v", rec.events)
	}
}

// TestDocsDisplayExample runs the example of docs/display.md.
func TestDocsDisplayExample(t *testing.T) {
	e := newExec(t)
	b := result(t, e, `import "html"

type Card struct {
	Name  string
	Score float64
}

func (c Card) String() string { return fmt.Sprintf("%s: %.1f", c.Name, c.Score) }

func (c Card) HTML() string {
	return fmt.Sprintf("<b>%s</b> <meter min=0 max=10 value=%g></meter> %.1f",
		html.EscapeString(c.Name), c.Score, c.Score)
}

Card{"quick start", 7.5}`)
	if str(b, display.MIMEText) != "quick start: 7.5" || str(b, display.MIMEHTML) != "<b>quick start</b> <meter min=0 max=10 value=7.5></meter> 7.5" {
		t.Errorf("Card: %v", b.Data)
	}
	b = result(t, e, `type Run struct{ Rates, LogLik []float64 }

func (r Run) String() string { return fmt.Sprintf("%d runs", len(r.Rates)) }

func (r Run) Table() ([]string, [][]string) {
	rows := make([][]string, len(r.Rates))
	for i := range r.Rates {
		rows[i] = []string{fmt.Sprint(r.Rates[i]), fmt.Sprintf("%.3f", r.LogLik[i])}
	}
	return []string{"rate", "log-likelihood"}, rows
}

Run{[]float64{0.1, 0.01}, []float64{-3.5, -4.25}}`)
	html := str(b, display.MIMEHTML)
	if str(b, display.MIMEText) != "2 runs" || !strings.Contains(html, ">2 runs</div>") ||
		!strings.Contains(html, "<tr><td>0.01</td><td>-4.250</td></tr>") {
		t.Errorf("Run: %v", b.Data)
	}
}
