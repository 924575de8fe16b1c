package display

import (
	"math"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

func BenchmarkRenderInt(b *testing.B) {
	for b.Loop() {
		Render(42)
	}
}

func BenchmarkRenderPlot(b *testing.B) {
	p := testPlot(&testing.T{})
	for b.Loop() {
		if _, ok := Render(p); !ok {
			b.Fatal("nothing rendered")
		}
	}
}

func BenchmarkImage28x28(b *testing.B) {
	img := testImage()
	for b.Loop() {
		if _, err := ImageBundle(img); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProgressUpdateThrottled measures the cost a training loop pays
// per callback when the update is not published.
func BenchmarkProgressUpdateThrottled(b *testing.B) {
	old := SetSink(&recorder{})
	defer SetSink(old)
	p := NewProgress("bench")
	p.Interval = time.Hour
	const total = 1 << 62
	p.Update(0, total, "")
	i := 0
	for b.Loop() {
		i++
		p.Update(i, total, "epoch")
	}
}

// BenchmarkProgressUpdatePublished measures one published update
// (formatting the text and HTML forms).
func BenchmarkProgressUpdatePublished(b *testing.B) {
	old := SetSink(nopSink{})
	defer SetSink(old)
	p := NewProgress("bench")
	p.Interval = time.Nanosecond
	i := 0
	for b.Loop() {
		i++
		p.Update(i%1000, 1000, "epoch")
	}
}

type nopSink struct{}

func (nopSink) Publish(Bundle) {}
func (nopSink) Clear(bool)     {}

// The display of the library's values (issue 25): a 784×500 model (text,
// table of statistics, 100 filters as a PNG) and a history of 10,000
// points (text, table, learning curve as SVG) must each take under 20 ms.
func BenchmarkRenderModel784x500(b *testing.B) {
	m, err := rbm.NewBinary(784, 500, &rbm.Init{WeightStd: 0.01, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	benchmarkRender(b, m)
}

func BenchmarkRenderHistory10000(b *testing.B) {
	h := &learn.History{Updates: 100000, Elapsed: 95 * time.Second}
	for i := 0; i < 10000; i++ {
		x := float64(i)
		h.Add("loglik", 10*i, x/100, -140+40*(1-math.Exp(-x/2000))+math.Sin(x/7))
	}
	benchmarkRender(b, h)
}

// BenchmarkRenderHistory2x5000 is a history of two series of 5,000 points
// each (the exact log-likelihood and the reconstruction error).
func BenchmarkRenderHistory2x5000(b *testing.B) {
	h := &learn.History{Updates: 50000, Elapsed: 50 * time.Second}
	for i := 0; i < 5000; i++ {
		x := float64(i)
		h.Add("loglik", 10*i, x/100, -10+5*(1-math.Exp(-x/1000))+0.1*math.Sin(x/7))
		h.Add("recon", 10*i, x/100, 3*math.Exp(-x/1000)+0.1*math.Cos(x/5))
	}
	benchmarkRender(b, h)
}

func BenchmarkRenderSlice100000(b *testing.B) {
	xs := make([]float64, 100000)
	for i := range xs {
		xs[i] = float64(i) / 3
	}
	benchmarkRender(b, xs)
}

// benchmarkRender times Render(v) and reports, besides the wall time,
// cpu-ns/op (the process's CPU time per render, which other processes on
// a shared machine disturb less) and the size of the bundle's strings.
func benchmarkRender(b *testing.B, v any) {
	b.Helper()
	var size int
	cpu0 := cpuTime()
	for b.Loop() {
		bn, ok := Render(v)
		if !ok {
			b.Fatal("nothing rendered")
		}
		size = 0
		for _, x := range bn.Data {
			s, _ := x.(string)
			size += len(s)
		}
	}
	if cpu0 >= 0 {
		b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(size), "bytes")
}
