package library_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl/library"
)

// TestLibraryArtificialModes runs the artificial_modes data set through a
// sweep whose compared axis is the sampler. With p_mut = 0 and n = 4 the
// data set is exactly the four basic modes, so no model can have a mean
// log-likelihood above −ln 4; every measured value must be finite and at
// most that bound (the exact loglik is a mean of log-probabilities of a
// normalised distribution, so a value above it is a bug, not noise; 1e-9
// allows for rounding in ln Z). The G and T runs of one repeat share their
// seed (the sampler axis is compared), and different repeats do not.
func TestLibraryArtificialModes(t *testing.T) {
	p := libPlan(t, `seed 3
repeat 2
updates 40
data artificial_modes(pmut = 0.0, n = 4)
model binary(hidden = 4)
axis op = [gibbs, flip]
learner pcd(k = 2, rate = 0.1)
sampler $op
measure loglik every 20
compare op flip vs gibbs on max loglik
`)
	if len(p.Jobs) != 4 {
		t.Fatalf("%d jobs, want 4 (2 repeats × 2 samplers)", len(p.Jobs))
	}
	seeds := map[uint64]int{}
	bound := -math.Log(4)
	for _, j := range p.Jobs {
		seeds[j.Seed]++
		pts, err := library.Run(context.Background(), j)
		if err != nil {
			t.Fatalf("run %d: %v", j.Index, err)
		}
		if len(pts) != 2 {
			t.Fatalf("run %d: %d points, want 2 (loglik at 20 and 40): %v", j.Index, len(pts), pts)
		}
		for _, q := range pts {
			if math.IsNaN(q.Value) || q.Value > bound+1e-9 {
				t.Errorf("run %d: loglik at %d = %v, want finite and ≤ −ln 4 = %v", j.Index, q.Step, q.Value, bound)
			}
		}
	}
	if len(seeds) != 2 {
		t.Errorf("seeds %v: want 2 distinct seeds, each shared by the gibbs and flip runs of a repeat", seeds)
	}
	for s, n := range seeds {
		if n != 2 {
			t.Errorf("seed %d used by %d runs, want 2", s, n)
		}
	}
}

// TestLibraryArtificialModesErrors checks that bad parameters of
// artificial_modes fail the run with an error that names the problem.
func TestLibraryArtificialModesErrors(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"pmut = 1.5", "flip probability"},
		{"pmut = 0.1, n = 0", "examples out of range"},
		{"pmut = 0.1, seed = -1", "seed = -1"},
	} {
		p := uncheckedPlan(t, `seed 1
updates 2
data artificial_modes(`+c.args+`)
model binary(hidden = 2)
learner cd
measure recon
`)
		_, err := library.Run(context.Background(), p.Jobs[0])
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("artificial_modes(%s): error %v, want one containing %q", c.args, err, c.want)
		}
	}
}
