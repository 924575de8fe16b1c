package library

import (
	"context"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	"github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// NamesTable is namesTable, for the test of docs/sweep.md.
var NamesTable = namesTable

// RunTrained is Run, returning also the model as the run left it.
func RunTrained(ctx context.Context, j *dsl.Job) ([]dsl.Point, rbm.Model, error) {
	var m rbm.Model
	pts, err := run(ctx, j, &m)
	return pts, m, err
}

// Dataset builds the data set called name from the parameters given (the
// others at their defaults), as a run does.
func Dataset(name string, given map[string]any) (*data.Set, error) {
	it, r, err := lookup(dsl.KindDataset, defaultPart(dsl.KindDataset, name, given))
	if err != nil {
		return nil, err
	}
	set, err := it.dataset(r)
	return set, r.first(err)
}

// Learner builds the learner called name from the parameters given (the
// others at their defaults) for the training set set, with block Gibbs
// sampling, as a run does.
func Learner(name string, given map[string]any, set *data.Set) (learn.Learner, error) {
	it, r, err := lookup(dsl.KindLearner, defaultPart(dsl.KindLearner, name, given))
	if err != nil {
		return nil, err
	}
	l, err := it.learner(r, &runParts{set: set, sampler: mcmc.NewGibbs(1)})
	return l, r.first(err)
}

// Sampler builds the sampler called name from the parameters given (the
// others at their defaults) with the given seed, as a run does.
func Sampler(name string, given map[string]any, seed uint64) (any, error) {
	it, r, err := lookup(dsl.KindSampler, defaultPart(dsl.KindSampler, name, given))
	if err != nil {
		return nil, err
	}
	s, err := it.sampler(r, seed)
	return s, r.first(err)
}

// ClassifierTrainings returns the number of classifiers that the measures
// frechet and classes have trained in this process.
func ClassifierTrainings() int64 { return classifierTrainings.Load() }

// Inner returns the sampler inside a sampler with per-run settings
// (langevin or gibbs_langevin with unadjusted or adapt), or s itself.
func Inner(s any) any {
	if p, ok := s.(*perRun); ok {
		return p.s
	}
	return s
}
