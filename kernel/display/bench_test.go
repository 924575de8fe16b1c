package display

import (
	"testing"
	"time"
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
