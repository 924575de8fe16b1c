// Package rbm holds the models: the binary Restricted Boltzmann Machine
// (Binary) and the Gaussian-Bernoulli RBM (Gaussian), with their energies,
// conditionals, free energies, exact log partition functions and
// likelihoods, annealed importance sampling of log Z from both sides
// (Binary.AIS, biased low, and Binary.ReverseAIS, biased high), the
// pseudo-log-likelihood (Binary.PseudoLogLikelihood and its one-unit
// estimate), and a versioned file format.
//
// Conventions: rows are examples and columns are units. A batch of visible
// states is an n×m matrix (m visible units); the weight matrix W is m×n_h, so
// the hidden input of a batch V is V·W + 1·cᵀ. All numbers are float64.
//
// Exact computations (ExactLogZ, LogLikelihood, ExactGradient and the state
// tables ExactVisibleDist, ExactHiddenDist, ExactJointDist) enumerate every
// state of the smaller layer, summing the other one out analytically, in
// log-sum-exp form, on all cores, with a result that does not depend on the
// number of cores. They are meant for models whose smaller layer has at
// most MaxExactUnits units; the long ones take a context.Context.
//
// Data given to a binary model's likelihoods and exact gradients must be
// binary states: Binary.CheckData refuses any other value, naming its row
// and column. The conditionals (HiddenProb, VisibleProb, …) are the hot
// path and check nothing but shapes: like gonum's Mul, they panic with
// mat.ErrShape on a batch of the wrong width.
//
// A model is not safe for concurrent use while it is being changed (by a
// learner, say); methods that only read it may run concurrently.
//
// Models are saved with Save/SaveFile and read with Load/LoadFile in a
// small binary format (magic "RBMK", version 1, CRC-32 checked) described in
// file.go.
package rbm
