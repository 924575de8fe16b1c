package rbm

// Model is what every RBM in this package offers to samplers, learners and
// the training loop.
type Model interface {
	// Visible returns the number of visible units m.
	Visible() int
	// Hidden returns the number of hidden units n.
	Hidden() int
	// Params returns the model's parameters as slices that alias its
	// storage, weights first (the row-major data of W), then the biases.
	// A learner's gradient has the same shapes in the same order, so an
	// optimiser can update any model without knowing its type.
	Params() [][]float64
}
