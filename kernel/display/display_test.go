package display

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"strings"
	"sync"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// recorder is a Sink that keeps what it receives; safe for concurrent use.
type recorder struct {
	mu      sync.Mutex
	bundles []Bundle
	clears  []bool
}

func (r *recorder) Publish(b Bundle) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.bundles = append(r.bundles, b)
}

func (r *recorder) Clear(wait bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.clears = append(r.clears, wait)
}

func (r *recorder) all() []Bundle {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Bundle(nil), r.bundles...)
}

// install installs a new recorder for the duration of the test.
func install(t *testing.T) *recorder {
	t.Helper()
	r := &recorder{}
	old := SetSink(r)
	t.Cleanup(func() { SetSink(old) })
	return r
}

// only returns the single bundle r received.
func only(t *testing.T, r *recorder) Bundle {
	t.Helper()
	bs := r.all()
	if len(bs) != 1 {
		t.Fatalf("got %d bundles, want 1: %+v", len(bs), bs)
	}
	return bs[0]
}

func decodeBase64(t *testing.T, b Bundle, mime string) []byte {
	t.Helper()
	s, ok := b.Data[mime].(string)
	if !ok {
		t.Fatalf("bundle lacks %s: %v", mime, keys(b))
	}
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		t.Fatalf("%s is not base64: %v", mime, err)
	}
	return raw
}

func keys(b Bundle) []string {
	var ks []string
	for k := range b.Data {
		ks = append(ks, k)
	}
	return ks
}

func testImage() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, 7, 5))
	img.Set(3, 2, color.RGBA{R: 255, A: 255})
	return img
}

func testPlot(t *testing.T) *plot.Plot {
	t.Helper()
	p := plot.New()
	p.Title.Text = "curve"
	l, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 2}, {X: 2, Y: 1}})
	if err != nil {
		t.Fatal(err)
	}
	p.Add(l)
	return p
}

func TestNoSinkIsNoOp(t *testing.T) {
	old := SetSink(nil)
	defer SetSink(old)
	// None of these may panic without a sink.
	HTML("<b>x</b>")
	Show(42)
	ClearOutput(true)
	New().Show("x")
	p := NewProgress("x")
	p.Update(1, 2, "")
	p.Done()
}

func TestSimpleMIMETypes(t *testing.T) {
	cases := []struct {
		call func()
		mime string
		want string
	}{
		{func() { HTML("<b>hi</b>") }, MIMEHTML, "<b>hi</b>"},
		{func() { Markdown("# T") }, MIMEMarkdown, "# T"},
		{func() { LaTeX("$x^2$") }, MIMELaTeX, "$x^2$"},
		{func() { SVG("<svg></svg>") }, MIMESVG, "<svg></svg>"},
		{func() { Text("plain") }, MIMEText, "plain"},
	}
	for _, c := range cases {
		r := install(t)
		c.call()
		b := only(t, r)
		if got := b.Data[c.mime]; got != c.want {
			t.Errorf("%s: got %v, want %q", c.mime, got, c.want)
		}
		if _, ok := b.Data[MIMEText]; !ok {
			t.Errorf("%s: no text/plain fallback", c.mime)
		}
		if b.ID != "" || b.Update {
			t.Errorf("%s: plain display has ID %q, Update %v", c.mime, b.ID, b.Update)
		}
	}
}

func TestPNGAndImageDecode(t *testing.T) {
	r := install(t)
	Image(testImage())
	b := only(t, r)
	img, err := png.Decode(bytes.NewReader(decodeBase64(t, b, MIMEPNG)))
	if err != nil {
		t.Fatalf("image/png does not decode: %v", err)
	}
	if got := img.Bounds().Size(); got != (image.Point{7, 5}) {
		t.Errorf("size %v, want 7×5", got)
	}
	if cr, _, _, _ := img.At(3, 2).RGBA(); cr != 0xffff {
		t.Errorf("pixel (3,2) red = %#x, want 0xffff", cr)
	}
	if b.Data[MIMEText] != "<*image.RGBA 7×5>" {
		t.Errorf("text %q", b.Data[MIMEText])
	}

	var raw bytes.Buffer
	if err := png.Encode(&raw, testImage()); err != nil {
		t.Fatal(err)
	}
	r = install(t)
	PNG(raw.Bytes())
	if got := decodeBase64(t, only(t, r), MIMEPNG); !bytes.Equal(got, raw.Bytes()) {
		t.Error("PNG bytes changed on the way")
	}

	raw.Reset()
	if err := jpeg.Encode(&raw, testImage(), nil); err != nil {
		t.Fatal(err)
	}
	r = install(t)
	JPEG(raw.Bytes())
	if _, err := jpeg.Decode(bytes.NewReader(decodeBase64(t, only(t, r), MIMEJPEG))); err != nil {
		t.Errorf("image/jpeg does not decode: %v", err)
	}
}

func TestJSON(t *testing.T) {
	r := install(t)
	JSON(map[string]any{"lr": 0.1, "epochs": []int{1, 2}})
	b := only(t, r)
	m, ok := b.Data[MIMEJSON].(map[string]any)
	if !ok || m["lr"] != 0.1 {
		t.Fatalf("application/json = %#v", b.Data[MIMEJSON])
	}
	if e, ok := m["epochs"].([]any); !ok || len(e) != 2 || e[1] != 2.0 {
		t.Errorf("epochs = %#v", m["epochs"])
	}
	r = install(t)
	JSON(make(chan int)) // cannot encode: reported as text, no panic
	b = only(t, r)
	if s, _ := b.Data[MIMEText].(string); !strings.Contains(s, "display.JSON") {
		t.Errorf("error text %q", s)
	}
	if _, ok := b.Data[MIMEJSON]; ok {
		t.Error("failed JSON still has application/json")
	}
}

// TestPlotTickLabels: a plot made with plot.New (gonum's default ticker)
// is drawn with labels that read as its ticks' values (viz.ReadableTicks),
// where gonum's would write 1.04 as "1", and the plot keeps its own
// ticker; a ticker of the cell's own is used.
func TestPlotTickLabels(t *testing.T) {
	p := plot.New()
	line, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0.95}, {X: 1, Y: 1.12}})
	if err != nil {
		t.Fatal(err)
	}
	p.Add(line)
	svg, err := PlotSVGString(p, 3*vg.Inch, 2*vg.Inch)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{">0.96<", ">1.04<", ">1.12<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG has no label %s", want)
		}
	}
	if _, ok := p.Y.Tick.Marker.(plot.DefaultTicks); !ok {
		t.Errorf("y ticker after drawing %T, want plot.DefaultTicks still", p.Y.Tick.Marker)
	}
	p.Y.Tick.Marker = plot.ConstantTicks{{Value: 1, Label: "one"}}
	if svg, err = PlotSVGString(p, 3*vg.Inch, 2*vg.Inch); err != nil || !strings.Contains(svg, ">one<") {
		t.Errorf("a ticker of the cell's own was not kept (err %v)", err)
	}
}

func TestPlotPNGAndSVG(t *testing.T) {
	r := install(t)
	Plot(testPlot(t), 3*vg.Inch, 2*vg.Inch)
	b := only(t, r)
	img, err := png.Decode(bytes.NewReader(decodeBase64(t, b, MIMEPNG)))
	if err != nil {
		t.Fatalf("plot PNG does not decode: %v", err)
	}
	if got := img.Bounds().Size(); got != (image.Point{3 * PlotDPI, 2 * PlotDPI}) {
		t.Errorf("plot size %v, want %d×%d", got, 3*PlotDPI, 2*PlotDPI)
	}

	r = install(t)
	PlotSVG(testPlot(t), 3*vg.Inch, 2*vg.Inch)
	s, _ := only(t, r).Data[MIMESVG].(string)
	if !strings.HasPrefix(s, "<svg") && !strings.HasPrefix(s, "<?xml") {
		t.Errorf("SVG starts with %.40q", s)
	}
	if !strings.Contains(s, "</svg>") {
		t.Error("SVG is not closed")
	}

	for _, bad := range []struct {
		p    *plot.Plot
		w, h vg.Length
	}{{nil, vg.Inch, vg.Inch}, {testPlot(t), 0, vg.Inch}, {testPlot(t), vg.Inch, -1}, {testPlot(t), 1000 * vg.Inch, vg.Inch}} {
		r = install(t)
		Plot(bad.p, bad.w, bad.h)
		b := only(t, r)
		if _, ok := b.Data[MIMEPNG]; ok {
			t.Errorf("Plot(%v, %v, %v) produced a PNG", bad.p != nil, bad.w, bad.h)
		}
		if s, _ := b.Data[MIMEText].(string); !strings.HasPrefix(s, "display.Plot: ") {
			t.Errorf("error text %q", s)
		}
	}
}

func TestClearOutput(t *testing.T) {
	r := install(t)
	ClearOutput(true)
	ClearOutput(false)
	if len(r.clears) != 2 || !r.clears[0] || r.clears[1] {
		t.Errorf("clears %v, want [true false]", r.clears)
	}
}

type point struct{ X, Y int }

type rich struct{}

func (rich) HTML() string     { return "<i>r</i>" }
func (rich) Markdown() string { return "*r*" }
func (rich) String() string   { return "rich" }

type own struct{}

func (own) Display() Bundle { return Bundle{Data: map[string]any{MIMEHTML: "<p>own</p>"}} }

type panicky struct{}

func (panicky) HTML() string { panic("boom") }

func TestRender(t *testing.T) {
	var nilDense *mat.Dense
	cases := []struct {
		v    any
		text string
	}{
		{42, "42"},
		{3.5, "3.5"},
		{"a\tb", `"a\tb"`},
		{[]int{1, 2}, "[1 2]"},
		{point{1, 2}, "{X:1 Y:2}"},
		{&point{1, 2}, "&{X:1 Y:2}"},
		{errors.New("bad"), "error: bad"},
		{nilDense, "<nil>"},
		{(*point)(nil), "<nil>"},
		{rich{}, "rich"},
		{mat.NewDense(2, 2, []float64{1, 2, 3, 4}), "⎡1  2⎤\n⎣3  4⎦"},
	}
	for _, c := range cases {
		b, ok := Render(c.v)
		if !ok {
			t.Errorf("Render(%#v): nothing to show", c.v)
			continue
		}
		if got := b.Data[MIMEText]; got != c.text {
			t.Errorf("Render(%#v) text = %q, want %q", c.v, got, c.text)
		}
	}
	if _, ok := Render(nil); ok {
		t.Error("Render(nil) has something to show")
	}

	b, _ := Render(rich{})
	if b.Data[MIMEHTML] != "<i>r</i>" || b.Data[MIMEMarkdown] != "*r*" {
		t.Errorf("MIME methods: %v", b.Data)
	}
	b, _ = Render(own{})
	if b.Data[MIMEHTML] != "<p>own</p>" {
		t.Errorf("Display method: %v", b.Data)
	}
	b, _ = Render(&Bundle{Data: map[string]any{MIMEMarkdown: "m"}, Update: true})
	if b.Data[MIMEMarkdown] != "m" || b.Update {
		t.Errorf("*Bundle: %+v", b)
	}
	if b.Data[MIMEText] != "<text/markdown>" {
		t.Errorf("*Bundle without text/plain: text %q", b.Data[MIMEText])
	}
	b, _ = Render(testImage())
	decodeBase64(t, b, MIMEPNG)
	b, _ = Render(testPlot(t))
	img, err := png.Decode(bytes.NewReader(decodeBase64(t, b, MIMEPNG)))
	if err != nil || img.Bounds().Dx() != 6*PlotDPI || img.Bounds().Dy() != 4*PlotDPI {
		t.Errorf("plot renders at %v (err %v), want 6×4 in at %d dpi", img.Bounds(), err, PlotDPI)
	}
	if b.Data[MIMEText] != `<plot "curve">` {
		t.Errorf("plot text %q", b.Data[MIMEText])
	}
	b, ok := Render(panicky{})
	if !ok || !strings.Contains(fmt.Sprint(b.Data[MIMEText]), "boom") {
		t.Errorf("panicking HTML method: %v", b.Data)
	}

	big := mat.NewDense(100, 784, nil)
	b, _ = Render(big)
	s := b.Data[MIMEText].(string)
	if !strings.HasPrefix(s, "*mat.Dense 100×784 (excerpt)") || len(s) > 2000 {
		t.Errorf("big matrix text (%d bytes) starts %.60q", len(s), s)
	}
	b, _ = Render(strings.Repeat("x", 200000))
	if s := b.Data[MIMEText].(string); len(s) > maxText+100 || !strings.HasSuffix(s, "more bytes)") {
		t.Errorf("long text not cut: %d bytes", len(s))
	}
}

func TestDisplayUpdatesInPlace(t *testing.T) {
	r := install(t)
	d1, d2 := New(), New()
	if d1.ID() == "" || d1.ID() == d2.ID() {
		t.Fatalf("ids %q and %q are not unique", d1.ID(), d2.ID())
	}
	d1.Show(1)
	d1.Show(2)
	d2.Show("x")
	d1.Show(nil) // nothing to show
	bs := r.all()
	if len(bs) != 3 {
		t.Fatalf("got %d bundles, want 3", len(bs))
	}
	want := []struct {
		id     string
		update bool
		text   string
	}{{d1.ID(), false, "1"}, {d1.ID(), true, "2"}, {d2.ID(), false, `"x"`}}
	for i, w := range want {
		if bs[i].ID != w.id || bs[i].Update != w.update || bs[i].Data[MIMEText] != w.text {
			t.Errorf("bundle %d: id %q update %v text %v; want %q %v %q", i, bs[i].ID, bs[i].Update, bs[i].Data[MIMEText], w.id, w.update, w.text)
		}
	}
	var nilD *Display
	nilD.Show(1) // no panic
}

// fakeClock is a clock that tests advance by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestProgressThrottlesAndShowsFinal(t *testing.T) {
	r := install(t)
	clock := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	p := NewProgress("train")
	p.Now = clock.Now
	p.Update(0, 100, "start") // first: published
	for i := 1; i <= 99; i++ {
		clock.Advance(10 * time.Millisecond) // 10 updates per Interval
		p.Update(i, 100, fmt.Sprintf("epoch %d", i))
	}
	clock.Advance(10 * time.Millisecond)
	p.Update(100, 100, "last") // final: published however soon
	bs := r.all()
	// The first update, one per 100 ms over 990 ms (9), and the final one.
	if len(bs) != 11 {
		t.Fatalf("published %d updates, want 11", len(bs))
	}
	for i, b := range bs {
		if b.ID != bs[0].ID || b.Update != (i > 0) {
			t.Errorf("update %d: id %q update %v", i, b.ID, b.Update)
		}
	}
	first := bs[0].Data[MIMEText].(string)
	if want := "train [>                   ] 0/100 (0%) 0:00 elapsed start"; first != want {
		t.Errorf("first text\n%q, want\n%q", first, want)
	}
	mid := bs[5].Data[MIMEText].(string) // at 500 ms, done 50
	if want := "train [==========>         ] 50/100 (50%) 0:01 elapsed, 0:01 left epoch 50"; mid != want {
		t.Errorf("middle text\n%q, want\n%q", mid, want)
	}
	last := bs[10].Data[MIMEText].(string)
	if !strings.HasPrefix(last, "train [====================] 100/100 (100%)") || !strings.HasSuffix(last, " last") {
		t.Errorf("final text %q", last)
	}
	h := bs[10].Data[MIMEHTML].(string)
	if !strings.Contains(h, `<progress value="100" max="100"`) || !strings.Contains(h, "last") {
		t.Errorf("final html %q", h)
	}

	clock.Advance(time.Hour + 2*time.Second)
	p.Done()
	p.Update(5, 100, "ignored")
	bs = r.all()
	if len(bs) != 12 {
		t.Fatalf("after Done: %d bundles, want 12", len(bs))
	}
	if s := bs[11].Data[MIMEText].(string); !strings.Contains(s, "1:00:03 total") {
		t.Errorf("done text %q", s)
	}
}

func TestProgressDonePublishesThrottledState(t *testing.T) {
	r := install(t)
	clock := &fakeClock{}
	p := NewProgress("")
	p.Now = clock.Now
	p.Update(1, 0, "") // unknown total
	p.Update(2, 0, "<b>")
	p.Done()
	bs := r.all()
	if len(bs) != 2 {
		t.Fatalf("published %d, want 2", len(bs))
	}
	if s := bs[1].Data[MIMEText]; s != "2 0:00 total <b>" {
		t.Errorf("text %q", s)
	}
	if h := bs[1].Data[MIMEHTML].(string); !strings.Contains(h, "&lt;b&gt;") {
		t.Errorf("status not escaped in %q", h)
	}
}

func TestProgressConcurrent(t *testing.T) {
	r := install(t)
	p := NewProgress("par")
	p.Interval = time.Nanosecond
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				p.Update(i, 100, "")
				_ = p.String()
			}
		}(g)
	}
	wg.Wait()
	p.Done()
	bs := r.all()
	if len(bs) == 0 || bs[0].Update || !bs[len(bs)-1].Update {
		t.Fatalf("%d bundles; first must be new, later updates", len(bs))
	}
	for _, b := range bs[1:] {
		if !b.Update || b.ID != bs[0].ID {
			t.Fatalf("bundle %+v is not an update of %q", b, bs[0].ID)
		}
	}
}

func TestDisplayConcurrent(t *testing.T) {
	r := install(t)
	d := New()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				d.Show(i)
				Show(i)
			}
		}()
	}
	wg.Wait()
	news := 0
	for _, b := range r.all() {
		if b.ID == d.ID() && !b.Update {
			news++
		}
	}
	if news != 1 {
		t.Errorf("%d display_data for one Display, want 1", news)
	}
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "0:00", 1499 * time.Millisecond: "0:01", 61 * time.Second: "1:01",
		3600 * time.Second: "1:00:00", -time.Second: "0:00",
	} {
		if got := formatDuration(d); got != want {
			t.Errorf("formatDuration(%v) = %q, want %q", d, got, want)
		}
	}
}
