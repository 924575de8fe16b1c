package learn

import (
	"math"
	"strings"
	"testing"
	"time"
)

// TestHistoryShow: the summary gives each series' last value and where it
// was measured, its range, and no unexported field.
func TestHistoryShow(t *testing.T) {
	h := &History{Updates: 1000, Elapsed: 1234567 * time.Microsecond}
	for i := 0; i <= 10; i++ {
		h.Add("loglik", 100*i, float64(i), -10+float64(i)*0.4)
	}
	h.Add("recon", 1000, 10, math.NaN())
	want := "training history: 1,000 updates in 1.235s, 2 series\n" +
		"series  points  last  at update  min  max\n" +
		"loglik      11    -6      1,000  -10   -6\n" +
		"recon        1   NaN      1,000  NaN  NaN"
	if got := h.String(); got != want {
		t.Errorf("String =\n%s\nwant\n%s", got, want)
	}
	if strings.Contains(h.String(), "series:") {
		t.Error("String shows the unexported field")
	}
	p := h.Plot()
	if p == nil {
		t.Fatal("no plot")
	}
	if p.X.Label.Text != "updates" || p.Y.Label.Text != "value" {
		t.Errorf("axes %q, %q; want updates, value", p.X.Label.Text, p.Y.Label.Text)
	}
	one := &History{}
	one.Add("loglik", 0, 0, -1)
	if p := one.Plot(); p == nil || p.Y.Label.Text != "loglik" {
		t.Error("a single series does not label the y axis")
	}
	if (&History{}).Plot() != nil || (*History)(nil).Plot() != nil {
		t.Error("an empty history has a plot")
	}
	if got := (&History{}).String(); got != "training history: 0 updates in 0s, no observations (Settings.Observers was empty)" {
		t.Errorf("empty history: %q", got)
	}
}

func TestRoundDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		105517 * time.Microsecond: "105.5ms", 1234567 * time.Microsecond: "1.235s", 12345678 * time.Microsecond: "12.35s",
		2*time.Hour + 3*time.Second + 400*time.Millisecond: "2h0m3s", 1500 * time.Nanosecond: "1.5µs", 0: "0s",
	} {
		if got := roundDuration(d).String(); got != want {
			t.Errorf("roundDuration(%v) = %s, want %s", d, got, want)
		}
	}
}

// TestThin: a long series keeps, per bucket, its smallest and largest
// value in their order, and a gap where it had NaN.
func TestThin(t *testing.T) {
	n := 10000
	x, y := make([]float64, n), make([]float64, n)
	for i := range x {
		x[i] = float64(i)
		y[i] = float64(i % 7)
	}
	y[4321] = 100
	y[5000] = -100
	y[7777] = math.NaN()
	tx, ty := thin(x, y, 500)
	if len(tx) != len(ty) || len(tx) > 3*500 {
		t.Fatalf("%d points, want at most 1500", len(tx))
	}
	found := map[float64]float64{}
	gaps := 0
	for i := range tx {
		if i > 0 && tx[i] < tx[i-1] {
			t.Fatalf("x goes back at %d: %v after %v", i, tx[i], tx[i-1])
		}
		if math.IsNaN(ty[i]) {
			gaps++
			continue
		}
		found[tx[i]] = ty[i]
	}
	if found[4321] != 100 || found[5000] != -100 || gaps != 1 {
		t.Errorf("extremes kept: %v at 4321, %v at 5000, %d gaps; want 100, -100, 1", found[4321], found[5000], gaps)
	}
	sx, _ := thin(x[:1000], y[:1000], 500)
	if len(sx) != 1000 {
		t.Errorf("a series of 1,000 points was thinned to %d", len(sx))
	}
}
