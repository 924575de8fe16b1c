// Package rbm holds the models: the binary Restricted Boltzmann Machine and
// (later) the Gaussian-Bernoulli RBM, with their energies, conditionals, free
// energies, exact log partition functions, and a versioned file format.
//
// Conventions: rows are examples and columns are units. A batch of visible
// states is an n×m matrix (m visible units); the weight matrix W is m×n_h, so
// the hidden input of a batch V is V·W + 1·cᵀ. All numbers are float64.
package rbm
