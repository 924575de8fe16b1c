// Package mcmc holds Markov chain Monte Carlo samplers for RBMs.
//
// A sampler advances a batch of persistent chains (Chains: one chain per row
// of V and H) by a number of transitions of its operator. Every operator
// updates the layers in block order, as block Gibbs sampling does: first the
// hidden layer given the current state, then the visible layer given the new
// hidden state. The hidden state H is part of the chain state because some
// operators (flip-the-state) make the new state depend on the current one.
//
// Block Gibbs sampling (Gibbs) draws
//
//	h ~ p(h | v),  p(h_j = 1 | v) = σ(vᵀW_{·j} + c_j),
//	v ~ p(v | h),  p(v_i = 1 | h) = σ(W_{i·}h + b_i),
//
// with σ(x) = 1/(1+e^{-x}). Its stationary distribution is the model's joint
// p(v, h) = e^{-E(v,h)}/Z, so after enough steps the rows of (V, H) are
// samples of the joint and the rows of V samples of the marginal p(v).
//
// # Writing a sampler of one's own
//
// Any type with the method Sample(m *rbm.Binary, c *Chains, steps int)
// error is a [Sampler], and the interface's doc comment is the whole
// contract: read m and the states c.V and c.H, write the new states into
// them in place, leave p(v, h) invariant; c.PV and c.PH are scratch that
// nothing reads afterwards. Nothing else is carried on the chains from one
// Sample to the next, so such a sampler composes with Gibbs, Flip and
// Tempered in any order (a type whose Sample calls several samplers in
// turn, or one of them as Tempered's base) and runs inside every learner
// of package learn; see ExampleSampler and ExampleSampler_composite. To
// check one, compare where many independent chains end with the exact
// distributions that package rbm computes by enumeration for a tiny model
// (rbm.Binary.ExactJointDist, ExactVisibleDist), or build its exact
// transition matrix and compare with TransitionMatrix and Stationary.
//
// Starting chains at data is SampleFrom: it copies the data into c.V,
// returns p(h|v) of the data (CD's positive phase) and runs the sampler,
// whose first hidden state is drawn from p(h|v) of the data for Gibbs,
// Flip and Tempered (not carried over from the previous batch, which
// would make the chains depend on the order of the rows).
// For Gibbs, Flip and Tempered it takes p(h|v) from their first half-step
// instead of a separate matrix product; that saving is made inside the
// one call and never left on the chains for a later Sample.
//
// Every sampler owns explicit seeded sources: the same seed gives the same
// chains on the same build. Gibbs derives one stream per block of 16 chains
// from its seed; many chains run in bands of blocks, each band through
// whole steps on one goroutine, spread over GOMAXPROCS goroutines (a pool
// started on first use), and the number of bands depends on the chains
// and the model, never on the cores (docs/precision.md), so its results
// do not depend on the number of cores. Samplers reuse their
// buffers and the chains' buffers and do not allocate in the steady state.
// A sampler and its chains are not safe for concurrent use; give each
// goroutine its own.
//
// # Saving a sampler's state
//
// Chains and every sampler of this package (Gibbs, Flip, Tempered,
// Herding, RatesFPCD, GaussGibbs, Langevin, GibbsLangevin) implement
// encoding.BinaryMarshaler and encoding.BinaryUnmarshaler: their state
// (random streams, Tempered's replicas and swap counts, the fast
// parameters of Herding and RatesFPCD, the Langevin samplers' current step
// and acceptance counts) can be saved and restored
// into a sampler made with the same settings, which then continues bit for
// bit as the saved one would have; restoring into one made with other
// settings (seed, α, inverse temperatures, steps) is an error naming the
// setting. Package learn saves them in a training run's checkpoint
// (learn.Run.Save). A sampler of one's own can implement the two methods
// to be saved as well; one that does not can still run in a training run
// continued in memory.
//
// Precision: Gibbs, Flip and Tempered (over Gibbs) run in the precision of
// the model they sample (rbm.Binary.Precision): float64, or float32 through
// single-precision BLAS on float32 copies of the model and the chains,
// with [Chains] and the results float64 either way (docs/precision.md).
package mcmc
