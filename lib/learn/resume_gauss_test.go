package learn

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// gaussSetup returns what TestResumeModifiedCD trains: 60 points of a
// Gaussian mixture, a 2×4 Gaussian-Bernoulli RBM, its run settings, and
// the samplers tried.
func gaussSetup(t testing.TB) (set *data.Set, settings *Settings, model func() *rbm.Gaussian, samplers map[string]func() mcmc.GaussianSampler) {
	set, err := data.IsotropicMixture().Sample("gmm", 60, 1)
	if err != nil {
		t.Fatal(err)
	}
	samplers = map[string]func() mcmc.GaussianSampler{
		"gauss-gibbs": func() mcmc.GaussianSampler { return mcmc.NewGaussGibbs(1) },
		"gibbs-langevin": func() mcmc.GaussianSampler {
			s := mcmc.NewGibbsLangevin(0.1, 3, true, 2)
			s.TargetAccept, s.AdaptSteps = 0.6, 2
			return s
		},
		"langevin": func() mcmc.GaussianSampler { return mcmc.NewLangevin(0.05, true, 3) },
	}
	settings = &Settings{Updates: 31, BatchSize: 16, Rate: 0.05, Schedule: Cosine{}, Momentum: 0.5, Seed: 3, Every: 7,
		Observers: []Observer{GaussianLogLikelihood(set)}}
	model = func() *rbm.Gaussian {
		g, err := rbm.NewGaussian(2, 4, &rbm.Init{WeightStd: 0.1, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	return set, settings, model, samplers
}

// gaussLearner returns the modified-CD learner of TestResumeModifiedCD
// with the sampler s. Step 0: the sampler's own step runs on (adapted by
// gibbs-langevin), state that the checkpoint must carry.
func gaussLearner(s func() mcmc.GaussianSampler) Learner {
	l := NewModifiedCD(2, s(), 0, 5)
	l.SamplePositive = true
	return l
}

// TestResumeModifiedCD checks resuming for the Gaussian-Bernoulli learner
// with each of its samplers (adjusted and adapting Langevin included,
// whose Step and acceptance counts are state): a run continued in pieces
// in memory, and one saved after 13 updates and resumed from the file
// with a learner made afresh, leave the parameters and history of one
// uninterrupted Train, bit for bit.
func TestResumeModifiedCD(t *testing.T) {
	set, settings, model, samplers := gaussSetup(t)
	for name, s := range samplers {
		learner := func() Learner { return gaussLearner(s) }
		m1 := model()
		h1, err := Train(context.Background(), m1, set, learner(), settings)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		m2 := model()
		r, err := NewRun(m2, set, learner(), settings)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{6, 7, 0} {
			if _, err := r.Continue(context.Background(), n); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		sameBits(t, name+" in memory", m1, m2, h1, r.History())

		path := filepath.Join(t.TempDir(), "gauss.ckpt")
		r, err = NewRun(model(), set, learner(), settings)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Continue(context.Background(), 13); err != nil {
			t.Fatal(err)
		}
		if err := r.Save(path); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r, err = Resume(path, set, learner(), settings)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := r.Continue(context.Background(), 0); err != nil {
			t.Fatal(err)
		}
		sameBits(t, name+" through a checkpoint", m1, r.Model(), h1, r.History())
	}
}
