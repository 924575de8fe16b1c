package rbm

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestAISCoresDeterministic checks that AIS and ReverseAIS give the same
// estimate and standard error bit for bit with 1, 2, 3 and 4 cores
// (GOMAXPROCS, restored by t.Cleanup), in both precisions, on 70 chains
// (5 blocks, the last one short, so the blocks do not divide evenly
// between the goroutines), with the parallel path forced on this small
// model (minParallelAnneal 0). It also checks on the parallel path that
// progress still reaches the total and that a cancelled context stops
// the run with its error.
func TestAISCoresDeterministic(t *testing.T) {
	oldMin, oldProcs := minParallelAnneal, runtime.GOMAXPROCS(0)
	t.Cleanup(func() { minParallelAnneal = oldMin; runtime.GOMAXPROCS(oldProcs) })
	minParallelAnneal = 0
	m, d := aisModel(t)
	for _, p := range []Precision{Float64, Float32} {
		m.Precision = p
		type est struct{ lz, se, rlz, rse float64 }
		run := func(procs int) est {
			runtime.GOMAXPROCS(procs)
			last := 0
			s := &AISSettings{Chains: 70, Steps: 200, Data: d, Seed: 5, Progress: func(done, total int) { last = done }}
			lz, se, err := m.AIS(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if last != 200 {
				t.Errorf("%v, %d cores: progress ended at %d, want 200", p, procs, last)
			}
			s.Progress = nil
			s.BurnIn = 3
			rlz, rse, err := m.ReverseAIS(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			return est{lz, se, rlz, rse}
		}
		one := run(1)
		for _, procs := range []int{2, 3, 4} {
			got := run(procs)
			for i, pair := range [][2]float64{{one.lz, got.lz}, {one.se, got.se}, {one.rlz, got.rlz}, {one.rse, got.rse}} {
				if math.Float64bits(pair[0]) != math.Float64bits(pair[1]) {
					t.Errorf("%v: %s with 1 core %v, with %d cores %v", p, []string{"AIS log Z", "AIS se", "reverse AIS log Z", "reverse AIS se"}[i], pair[0], procs, pair[1])
				}
			}
		}
		runtime.GOMAXPROCS(4)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, _, err := m.AIS(ctx, &AISSettings{Chains: 70, Steps: 200, Seed: 5}); !errors.Is(err, context.Canceled) {
			t.Errorf("%v: AIS with a cancelled context: err = %v, want context.Canceled", p, err)
		}
	}
	m.Precision = Float64
}

// TestAISBandsDeterministic checks AIS and ReverseAIS on the path of
// several bands (kern.Bands: 200 chains of a 131×97 RBM make 2 bands of
// 96 and 104 chains), bit for bit the same with 1 to 4 cores, in both
// precisions. At this size OpenBLAS's products of different numbers of
// rows differ in their last bits, so bands that followed the number of
// cores would show here.
func TestAISBandsDeterministic(t *testing.T) {
	oldProcs := runtime.GOMAXPROCS(0)
	t.Cleanup(func() { runtime.GOMAXPROCS(oldProcs) })
	m, err := NewBinary(131, 97, &Init{WeightStd: 0.1, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	start := mat.NewDense(200, 131, nil)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		for j := range 131 {
			start.Set(i, j, float64(rng.IntN(2)))
		}
	}
	for _, p := range []Precision{Float64, Float32} {
		m.Precision = p
		run := func(procs int) [4]float64 {
			runtime.GOMAXPROCS(procs)
			s := &AISSettings{Chains: 200, Steps: 150, Seed: 9}
			lz, se, err := m.AIS(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			s.BurnIn = 2
			s.Start = start
			rlz, rse, err := m.ReverseAIS(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			return [4]float64{lz, se, rlz, rse}
		}
		one := run(1)
		for _, procs := range []int{2, 3, 4} {
			got := run(procs)
			for i := range got {
				if math.Float64bits(one[i]) != math.Float64bits(got[i]) {
					t.Errorf("%v: %s with 1 core %v, with %d cores %v", p, []string{"AIS log Z", "AIS se", "reverse AIS log Z", "reverse AIS se"}[i], one[i], procs, got[i])
				}
			}
		}
	}
	m.Precision = Float64
}
