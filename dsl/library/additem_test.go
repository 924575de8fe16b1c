package library

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// randomScan is the sampler of the worked example in docs/contributing.md,
// written here as a user of package mcmc writes one (the mcmc.Sampler
// contract only): each transition updates sweeps·(m + n_h) units chosen
// uniformly at random, each drawn from its conditional given the others.
type randomScan struct {
	sweeps int
	rng    *rand.Rand
}

func newRandomScan(sweeps int, seed uint64) *randomScan {
	return &randomScan{sweeps: sweeps, rng: rand.New(rand.NewPCG(seed, 1))}
}

func (s *randomScan) Sample(m *rbm.Binary, c *mcmc.Chains, steps int) error {
	if steps < 0 {
		return errors.New("negative steps")
	}
	nv, nh := m.Visible(), m.Hidden()
	bern := func(x float64) float64 {
		if s.rng.Float64() < 1/(1+math.Exp(-x)) {
			return 1
		}
		return 0
	}
	for k := 0; k < c.Len(); k++ {
		v, h := c.V.RawRowView(k), c.H.RawRowView(k)
		for range steps * s.sweeps * (nv + nh) {
			if u := s.rng.IntN(nv + nh); u < nv {
				x := m.B[u]
				for j, hj := range h {
					x += m.W.At(u, j) * hj
				}
				v[u] = bern(x)
			} else {
				x := m.C[u-nv]
				for i, vi := range v {
					x += m.W.At(i, u-nv) * vi
				}
				h[u-nv] = bern(x)
			}
		}
	}
	return nil
}

// TestAddSamplerIsOneItem adds a sampler to the library the way
// docs/contributing.md says, with one item in items (the entry and the
// builder of the worked example, nothing else), and checks that the rest
// follows from it: the registry lists it with its parameter, the checker
// refuses sweeps = 0 at its position and the sampler on a Gaussian model,
// and a sweep trains with it to finite log-likelihoods, the same on a
// second run of the same job.
func TestAddSamplerIsOneItem(t *testing.T) {
	saved := items
	t.Cleanup(func() { items = saved; indexItems() })
	items = append(append([]item(nil), items...), item{
		entry: &dsl.Entry{Kind: dsl.KindSampler, Name: "random_scan", Models: binaryOnly,
			Doc: "random-scan Gibbs sampling: single units chosen uniformly at random, each drawn from its conditional given the others",
			Params: []dsl.Param{
				{Name: "sweeps", Type: dsl.TypeInt, Default: 1, Check: atLeast(1), Doc: "unit updates per transition, in multiples of the number of units"},
			}},
		sampler: func(r *reader, seed uint64) (any, error) { return newRandomScan(r.positive("sweeps"), seed), nil },
	})
	indexItems()

	reg := Registry()
	e, ok := reg.Lookup(dsl.KindSampler, "random_scan")
	if !ok || len(e.Params) != 1 || e.Params[0].Name != "sweeps" {
		t.Fatalf("registry entry %+v, %v", e, ok)
	}
	sweep := func(model, learner, sampler string) string {
		return "seed 3\nupdates 30\ndata bars_stripes(size = 3)\nmodel " + model +
			"\nlearner " + learner + "\nsampler " + sampler + "\nmeasure loglik every 10\n"
	}
	for _, c := range []struct{ model, learner, sampler, want string }{
		{"binary(hidden = 4)", "cd", "random_scan(sweeps = 0)", "ex.sweep:6:30: parameter sweeps = 0: want at least 1"},
		{"gaussian(hidden = 4)", "mcd", "random_scan", "ex.sweep:6:9: sampler random_scan does not work on model gaussian"},
	} {
		if _, err := dsl.Compile("ex.sweep", []byte(sweep(c.model, c.learner, c.sampler)), reg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s on %s: error %v, want one saying %q", c.sampler, c.model, err, c.want)
		}
	}

	spec, err := dsl.Compile("ex.sweep", []byte(sweep("binary(hidden = 4, init_sd = 0.3)", "cd(k = 1, rate = 0.3)", "random_scan(sweeps = 2)")), reg)
	if err != nil {
		t.Fatal(err)
	}
	plan, err := dsl.NewPlan(spec)
	if err != nil || len(plan.Jobs) != 1 {
		t.Fatalf("plan: %v, %d jobs", err, len(plan.Jobs))
	}
	pts, err := Run(context.Background(), plan.Jobs[0])
	if err != nil {
		t.Fatal(err)
	}
	again, _ := Run(context.Background(), plan.Jobs[0])
	if len(pts) != 3 || !reflect.DeepEqual(pts, again) {
		t.Errorf("points %v, again %v: want 3, the same twice", pts, again)
	}
	for _, p := range pts {
		if !(p.Value <= -math.Log(14)) || math.IsInf(p.Value, 0) {
			t.Errorf("loglik %v at %d, want finite and ≤ −ln 14", p.Value, p.Step)
		}
	}
}
