package mcmc

import (
	"context"
	"errors"
	"fmt"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// FirstClassChanges measures how long chains stay in the mode they start
// in, as in the flip-the-state paper's Table 4: it starts one chain at
// every row of starts (binary visible states, m.Visible() columns) as
// SampleFrom does (hidden states drawn from p(h|v)), runs s on all of
// them one transition at a time for at most maxSteps transitions, and
// returns for chain k the first t ≥ 1 at which the class of its visible
// state (Classes, against the rows of modes) is assigned and differs from
// its first assigned class, the class of v_0 = starts_k unless that is
// Unassigned:
//
//	t_k = min{t ≥ 1 : class(v_t) ∉ {Unassigned, class_first}},
//
// or −1 if the chain has not changed class after maxSteps transitions.
// It checks ctx before every transition and returns its error, wrapped,
// when ctx ends. It returns an error for nil arguments, negative maxSteps,
// or starts and modes that do not fit m.
func FirstClassChanges(ctx context.Context, s Sampler, m *rbm.Binary, starts, modes mat.Matrix, maxSteps int) ([]int, error) {
	if s == nil || m == nil || starts == nil || modes == nil {
		return nil, errors.New("mcmc: FirstClassChanges: nil sampler, model, starts or modes")
	}
	if maxSteps < 0 {
		return nil, fmt.Errorf("mcmc: FirstClassChanges: negative number of steps %d", maxSteps)
	}
	cls, err := Classes(nil, starts, modes)
	if err != nil {
		return nil, fmt.Errorf("mcmc: FirstClassChanges: %w", err)
	}
	c, err := NewChains(m, len(cls), nil)
	if err != nil {
		return nil, fmt.Errorf("mcmc: FirstClassChanges: %w", err)
	}
	first := append([]int(nil), cls...)
	out := make([]int, len(cls))
	for k := range out {
		out[k] = -1
	}
	left := len(out)
	var p0 mat.Dense
	for t := 1; t <= maxSteps && left > 0; t++ {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("mcmc: FirstClassChanges: stopped after %d of %d steps: %w", t-1, maxSteps, err)
		}
		if t == 1 {
			err = SampleFrom(s, m, c, starts, 1, &p0)
		} else {
			err = s.Sample(m, c, 1)
		}
		if err != nil {
			return nil, fmt.Errorf("mcmc: FirstClassChanges: step %d: %w", t, err)
		}
		if _, err := Classes(cls, c.V, modes); err != nil {
			return nil, fmt.Errorf("mcmc: FirstClassChanges: %w", err)
		}
		for k, cl := range cls {
			switch {
			case out[k] >= 0 || cl == Unassigned:
			case first[k] == Unassigned:
				first[k] = cl
			case cl != first[k]:
				out[k] = t
				left--
			}
		}
	}
	return out, nil
}

// ClassChangesFrom counts how often one chain moves between modes, as in
// the flip-the-state paper's Table 3: it starts a chain at the visible
// state start (as SampleFrom does), runs steps transitions of s under m,
// and returns ClassChanges of the classes (Classes, against the rows of
// modes) of the visible states v_1, …, v_steps after each transition. It
// checks ctx every 1000 transitions and returns its error, wrapped, when
// ctx ends; it returns an error for nil arguments, negative steps, or a
// start or modes that do not fit m.
func ClassChangesFrom(ctx context.Context, s Sampler, m *rbm.Binary, start []float64, modes mat.Matrix, steps int) (int, error) {
	if s == nil || m == nil || modes == nil {
		return 0, errors.New("mcmc: ClassChangesFrom: nil sampler, model or modes")
	}
	if steps < 0 {
		return 0, fmt.Errorf("mcmc: ClassChangesFrom: negative number of steps %d", steps)
	}
	if len(start) != m.Visible() {
		return 0, fmt.Errorf("mcmc: ClassChangesFrom: start has %d values, model has %d visible units", len(start), m.Visible())
	}
	c, err := NewChains(m, 1, nil)
	if err != nil {
		return 0, fmt.Errorf("mcmc: ClassChangesFrom: %w", err)
	}
	v := mat.NewDense(1, len(start), append([]float64(nil), start...))
	seq := make([]int, steps)
	var p0 mat.Dense
	for t := 0; t < steps; t++ {
		if t%1000 == 0 {
			if err := ctx.Err(); err != nil {
				return 0, fmt.Errorf("mcmc: ClassChangesFrom: stopped after %d of %d steps: %w", t, steps, err)
			}
		}
		if t == 0 {
			err = SampleFrom(s, m, c, v, 1, &p0)
		} else {
			err = s.Sample(m, c, 1)
		}
		if err != nil {
			return 0, fmt.Errorf("mcmc: ClassChangesFrom: step %d: %w", t+1, err)
		}
		if _, err := Classes(seq[t:t+1], c.V, modes); err != nil {
			return 0, fmt.Errorf("mcmc: ClassChangesFrom: %w", err)
		}
	}
	return ClassChanges(seq), nil
}
