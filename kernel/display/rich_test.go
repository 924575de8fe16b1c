package display

import (
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/png"
	"regexp"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
)

type inner struct{ A int }

type outer struct {
	P      *inner
	F      func(int) int
	hidden int
	Xs     []int
	D      time.Duration
	M      *mat.Dense
	Name   string
}

type node struct {
	Next *node
	V    int
}

type deep struct{ D *deep }

type lines int

func (n lines) String() string { return strings.Repeat("line\n", int(n)) + "end" }

// address matches what fmt writes for a pointer.
var address = regexp.MustCompile(`0x[0-9a-f]{6,}`)

// TestPlainText: values without text of their own print short, with no
// address and no unexported field, long slices and maps elided with their
// length.
func TestPlainText(t *testing.T) {
	xs := make([]float64, 100000)
	for i := range xs {
		xs[i] = float64(i)
	}
	ys := make([]int, 100)
	for i := range ys {
		ys[i] = i
	}
	m := map[int]string{}
	for i := 0; i < 30; i++ {
		m[i] = fmt.Sprint("v", i)
	}
	cyc := &node{V: 1}
	cyc.Next = cyc
	dp := &deep{&deep{&deep{&deep{&deep{}}}}}
	for _, c := range []struct {
		v    any
		want string
	}{
		{xs, "[]float64 len 100000\n[0 1 2 3 4 5 … 99994 99995 99996 99997 99998 99999]"},
		{[]int{1, 2, 3}, "[1 2 3]"},
		{[]int(nil), "[]"},
		{[3]string{"a", "b", "c"}, `["a" "b" "c"]`[:0] + "[a b c]"},
		{&outer{P: &inner{1}, F: func(x int) int { return x }, hidden: 7, Xs: ys, D: 1500 * time.Millisecond, M: mat.NewDense(784, 500, nil), Name: strings.Repeat("n", 200)},
			"&{P:&{A:1} F:func(int) int Xs:[0 1 2 … 97 98 99 (100 items)] D:1.5s M:*mat.Dense 784×500 Name:" + strings.Repeat("n", nestedString) + "… …}"},
		{outer{}, "{P:<nil> F:<nil> Xs:[] D:0s M:<nil> Name: …}"},
		{cyc, "&{Next:&display.node{…} V:1}"},
		{dp, "&{D:&{D:&{D:&{D:&display.deep{…}}}}}"},
		{m, "map[int]string len 30\nmap[0:v0 1:v1 2:v2 3:v3 4:v4 5:v5 … 24:v24 25:v25 26:v26 27:v27 28:v28 29:v29]"},
		{map[string]int{"b": 2, "a": 1}, "map[a:1 b:2]"},
		{struct{ C chan int }{make(chan int)}, "{C:chan int}"},
		{lines(60), strings.Repeat("line\n", 49) + "line\n… (11 more lines)"},
	} {
		got := PlainText(c.v)
		if got != c.want {
			t.Errorf("PlainText(%T) =\n%s\nwant\n%s", c.v, got, c.want)
		}
		if address.MatchString(got) {
			t.Errorf("PlainText(%T) shows an address: %s", c.v, got)
		}
	}
	// The examples stay short.
	big := make([]float64, 100000)
	if n := len(PlainText(big)); n > 200 {
		t.Errorf("a 100,000-element slice takes %d bytes", n)
	}
	wide := make([][]float64, 1000)
	for i := range wide {
		wide[i] = make([]float64, 1000)
	}
	if s := PlainText(wide); len(s) > 500 || strings.Count(s, "\n") > 2 {
		t.Errorf("a 1000×1000 slice of slices: %d bytes, %d lines", len(s), strings.Count(s, "\n")+1)
	}
}

// summary is a value with the methods of a library type's display.
type summary struct {
	name string
	img  image.Image
	plot *plot.Plot
}

func (s summary) String() string { return "summary of " + s.name + "\nsecond line" }

func (s summary) Table() ([]string, [][]string) {
	return []string{"series", "last"}, [][]string{{s.name, "-6.238"}, {"recon", "NaN"}}
}

func (s summary) Image() image.Image { return s.img }

func (s summary) Plot() *plot.Plot { return s.plot }

// TestRenderSummary: a value with String, Table, Image and Plot shows its
// text as text/plain and an HTML summary with its title, its table (user
// strings escaped), its image as PNG and its plot as SVG.
func TestRenderSummary(t *testing.T) {
	p := testPlot(t)
	b, ok := Render(summary{name: "<b>&", img: testImage(), plot: p})
	if !ok {
		t.Fatal("nothing rendered")
	}
	if got := b.Data[MIMEText]; got != "summary of <b>&\nsecond line" {
		t.Errorf("text/plain %q", got)
	}
	h, _ := b.Data[MIMEHTML].(string)
	for _, want := range []string{
		`<div style="font-weight:bold;margin-bottom:0.3em">summary of &lt;b&gt;&amp;</div>`,
		`<thead><tr><th style="text-align:left">series</th><th>last</th></tr></thead>`,
		`<tr><td style="text-align:left">&lt;b&gt;&amp;</td><td>-6.238</td></tr>`,
		`<img alt="image 7×5" width="7" height="5" src="data:image/png;base64,`,
		`<img alt="&lt;plot &#34;curve&#34;&gt;" src="data:image/svg+xml;base64,`,
	} {
		if !strings.Contains(h, want) {
			t.Errorf("HTML lacks %s:\n%.600s", want, h)
		}
	}
	if strings.Contains(h, "second line") || strings.Contains(h, "<b>&") {
		t.Errorf("HTML shows more than the title, or unescaped text:\n%.600s", h)
	}
	// The image decodes to the value's image.
	m := regexp.MustCompile(`data:image/png;base64,([^"]+)`).FindStringSubmatch(h)
	raw, err := base64.StdEncoding.DecodeString(m[1])
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(strings.NewReader(string(raw)))
	if err != nil || img.Bounds() != testImage().Bounds() {
		t.Errorf("image decodes to %v (%v)", img, err)
	}
	// The plot is an SVG document.
	m = regexp.MustCompile(`data:image/svg\+xml;base64,([^"]+)`).FindStringSubmatch(h)
	raw, _ = base64.StdEncoding.DecodeString(m[1])
	if !strings.Contains(string(raw), "<svg") {
		t.Errorf("plot is not SVG: %.80q", raw)
	}
	// Without image and plot, only the table; nothing is nothing.
	b, _ = Render(summary{name: "x"})
	h, _ = b.Data[MIMEHTML].(string)
	if !strings.Contains(h, "<table>") || strings.Contains(h, "<img") {
		t.Errorf("table-only summary: %.300s", h)
	}
	type bare struct{ summaryRows }
	b, _ = Render(bare{})
	if _, ok := b.Data[MIMEHTML]; ok || len(b.Data) != 1 {
		t.Errorf("a value whose Table returns no rows has rich forms: %v", keys(b))
	}
}

type summaryRows struct{}

func (summaryRows) Table() ([]string, [][]string) { return nil, nil }

type mimeValue struct{}

func (mimeValue) MIMEBundle() map[string]any {
	return map[string]any{"text/html": "<i>m</i>", "application/json": map[string]any{"a": 1}}
}

type textAndHTML struct{ summaryRows }

func (textAndHTML) HTML() string { return "<p>own</p>" }

type emptyHTML struct{}

func (emptyHTML) HTML() string { return "" }

// TestRenderErrorsAndBundles: an error shows its message as an error;
// MIMEBundle and Display are used as they are, with text/plain added; a
// value's own HTML wins over the summary; an empty form adds nothing.
func TestRenderErrorsAndBundles(t *testing.T) {
	err := fmt.Errorf("loading %q: %w", "a<b", errors.New("no such file"))
	b, _ := Render(err)
	if got := b.Data[MIMEText]; got != `error: loading "a<b": no such file` {
		t.Errorf("error text %q", got)
	}
	h, _ := b.Data[MIMEHTML].(string)
	if !strings.Contains(h, "<b>error</b>: loading &#34;a&lt;b&#34;: no such file") {
		t.Errorf("error HTML %q", h)
	}
	b, _ = Render(mimeValue{})
	if b.Data["text/html"] != "<i>m</i>" || b.Data[MIMEText] != "{}" || b.Data["application/json"] == nil {
		t.Errorf("MIMEBundle: %v", b.Data)
	}
	b, _ = Render(own{})
	if b.Data[MIMEHTML] != "<p>own</p>" || b.Data[MIMEText] != "{}" {
		t.Errorf("Display: %v", b.Data)
	}
	b, _ = Render(textAndHTML{})
	if b.Data[MIMEHTML] != "<p>own</p>" {
		t.Errorf("own HTML: %v", b.Data)
	}
	b, _ = Render(emptyHTML{})
	if _, ok := b.Data[MIMEHTML]; ok {
		t.Errorf("an empty HTML form was shown: %v", b.Data)
	}
}

// TestRenderForms: forms given by the caller (as the kernel gives those of
// interpreted types) with a text of the caller's.
func TestRenderForms(t *testing.T) {
	b := RenderForms(struct{ Xa int }{1}, Forms{Text: "{a:1}", HTML: "<b>1</b>", PNG: []byte{1, 2}, Rows: [][]string{{"x"}}})
	if b.Data[MIMEText] != "{a:1}" || b.Data[MIMEHTML] != "<b>1</b>" || b.Data[MIMEPNG] != "AQI=" {
		t.Errorf("RenderForms: %v", b.Data)
	}
	b = RenderForms(struct{}{}, Forms{Rows: [][]string{{"k", "v"}}, Titled: false})
	if h := b.Data[MIMEHTML].(string); strings.Contains(h, "font-weight") {
		t.Errorf("untitled summary has a title: %s", h)
	}
}
