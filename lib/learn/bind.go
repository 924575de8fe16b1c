package learn

import "fmt"

// bound is the model whose state a learner holds (its chains, fast
// weights, offsets): set at the first update, cleared by Reset.
type bound struct {
	model any // a pointer, *rbm.Binary or *rbm.Gaussian
}

// bind makes m the learner's model at the first update, and afterwards
// refuses another: the learner's state belongs to the model it was
// trained with. who names the learner in the error.
func (b *bound) bind(m any, who string) error {
	if b.model == nil {
		b.model = m
		return nil
	}
	if b.model != m {
		return fmt.Errorf("%s: the learner holds the state of another model (%p, given %p): call its Reset method to train a new model with it, or make a new learner", who, b.model, m)
	}
	return nil
}
