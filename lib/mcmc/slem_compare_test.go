package mcmc

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// TestCompareSLEMs checks CompareSLEMs against the same experiment written
// out (the same draws from a source with the same seed, TransitionMatrix
// and SLEM of each RBM), exactly; that with weight bound 0 (every input 0,
// where the tie rule makes T equal to G) no RBM counts as a win of T; and
// its refusals and cancellation.
func TestCompareSLEMs(t *testing.T) {
	const n, c, count = 2, 5.0, 12
	var done int
	got, err := CompareSLEMs(context.Background(), n, c, count, rand.New(rand.NewPCG(3, 3)), func(d int) { done = d })
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 3))
	var want SLEMComparison
	wins := 0
	for r := 0; r < count; r++ {
		m, _ := rbm.NewBinary(n, n, nil)
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				m.W.Set(i, j, c*(2*rng.Float64()-1))
			}
		}
		pg, _ := TransitionMatrix(m, 0)
		pt, _ := TransitionMatrix(m, 1)
		g, _ := SLEM(pg)
		tt, _ := SLEM(pt)
		if tt < g {
			wins++
		}
		want.MeanG += g / count
		want.MeanT += tt / count
	}
	want.FracT = float64(wins) / count
	if got != want || done != count {
		t.Errorf("CompareSLEMs = %+v after %d RBMs, written out %+v after %d", got, done, want, count)
	}
	if wins == 0 || wins == count {
		t.Errorf("T wins %d of %d: the comparison is not exercised both ways", wins, count)
	}
	zero, err := CompareSLEMs(context.Background(), 3, 0, 3, rand.New(rand.NewPCG(1, 1)), nil)
	if err != nil || zero.FracT != 0 || math.Abs(zero.MeanG-zero.MeanT) > 1e-12 {
		t.Errorf("c = 0: %+v, %v; want no wins of T and equal SLEMs", zero, err)
	}
	rng = rand.New(rand.NewPCG(1, 1))
	for _, bad := range []struct {
		n     int
		c     float64
		count int
	}{{0, 1, 1}, {5, 1, 1}, {2, math.NaN(), 1}, {2, math.Inf(1), 1}, {2, 1, 0}} {
		if _, err := CompareSLEMs(context.Background(), bad.n, bad.c, bad.count, rng, nil); err == nil {
			t.Errorf("CompareSLEMs(%d, %v, %d) accepted", bad.n, bad.c, bad.count)
		}
	}
	if _, err := CompareSLEMs(context.Background(), 2, 1, 1, nil, nil); err == nil {
		t.Error("nil source accepted")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CompareSLEMs(ctx, 2, 1, 1, rng, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
