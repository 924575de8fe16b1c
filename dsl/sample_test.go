package dsl

import (
	"context"
	"math"
	"sort"
	"strings"
	"testing"
)

const sampleSweep = `seed 4
updates 1000
data bars_stripes
model binary(hidden = 4)
axis (rate, momentum) = sample(N, loguniform(1e-4, 1e-1), uniform(0, 0.9))
learner cd(rate = $rate)
measure loglik every 100
`

func sampleSpec(t *testing.T, n, seed string) *Spec {
	t.Helper()
	src := strings.Replace(strings.Replace(sampleSweep, "N", n, 1), "seed 4", "seed "+seed, 1)
	s, err := Compile("s.sweep", []byte(src), testRegistry(t))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSampleGrows checks that sample(30, …) begins with the levels of
// sample(20, …), that the levels lie in their ranges and depend on the
// seed, and that a result folder of the 20-draw plan grows to the 30-draw
// plan by running only the 10 new runs (content-addressed, like grid
// levels).
func TestSampleGrows(t *testing.T) {
	s20, s30 := sampleSpec(t, "20", "4"), sampleSpec(t, "30", "4")
	for k := range s20.Axes {
		a, b := s20.Axes[k].Values, s30.Axes[k].Values
		if len(a) != 20 || len(b) != 30 {
			t.Fatalf("axis %s: %d and %d levels", s20.Axes[k].Name, len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Errorf("axis %s level %d: %v with 20 draws, %v with 30", s20.Axes[k].Name, i, a[i], b[i])
			}
		}
	}
	for _, v := range s30.Axes[0].Values {
		if x := v.(float64); !(x >= 1e-4 && x <= 1e-1) {
			t.Errorf("rate %v outside [1e-4, 0.1]", x)
		}
	}
	for _, v := range s30.Axes[1].Values {
		if x := v.(float64); !(x >= 0 && x <= 0.9) {
			t.Errorf("momentum %v outside [0, 0.9]", x)
		}
	}
	if other := sampleSpec(t, "20", "5"); other.Axes[0].Values[0] == s20.Axes[0].Values[0] {
		t.Error("another seed gives the same first draw")
	}
	p20, _ := NewPlan(s20)
	p30, _ := NewPlan(s30)
	st, _ := OpenStore(t.TempDir())
	if _, err := Run(context.Background(), p20, st, fakeRun, &Options{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	sum, err := Run(context.Background(), p30, st, fakeRun, &Options{Workers: 2})
	if err != nil {
		t.Fatalf("growing the sample: %v", err)
	}
	if sum.Skipped != 20 || sum.Done != 10 {
		t.Errorf("growing 20 → 30 draws: %s, want 20 skipped and 10 run", sum)
	}
}

// TestSampleUniform checks the stream behind sample(…): 4000 draws pass
// the Kolmogorov–Smirnov test of uniformity, D ≤ 1.63/√n (the
// asymptotic critical value at α = 0.01; the draws are fixed, so the
// test is deterministic and fails only if the stream is biased), and
// intuniform(1, 3) gives each of 1, 2, 3 with frequency within 4
// standard deviations √(p(1−p)/n) of 1/3.
func TestSampleUniform(t *testing.T) {
	const n = 4000
	u := make([]float64, n)
	counts := map[any]int{}
	d := sampleDist{name: "intuniform", from: 1, to: 3}
	for i := range u {
		u[i] = sampleUniform(4, "rate", i)
		counts[d.draw(u[i])]++
	}
	sort.Float64s(u)
	var ks float64
	for i, x := range u {
		ks = math.Max(ks, math.Max(float64(i+1)/n-x, x-float64(i)/n))
	}
	if crit := 1.63 / math.Sqrt(n); ks > crit {
		t.Errorf("KS distance %v > %v", ks, crit)
	}
	sd := math.Sqrt(1.0 / 3 * 2 / 3 / n)
	for _, k := range []int{1, 2, 3} {
		if f := float64(counts[k]) / n; math.Abs(f-1.0/3) > 4*sd {
			t.Errorf("intuniform(1, 3): %d has frequency %v", k, f)
		}
	}
	if len(counts) != 3 {
		t.Errorf("intuniform(1, 3) gave %v", counts)
	}
	if (sampleDist{name: "loguniform", from: 1e-4, to: 1e-1}).draw(0.5) != round6(math.Sqrt(1e-5)) {
		t.Error("loguniform's midpoint is not the geometric mean")
	}
}
