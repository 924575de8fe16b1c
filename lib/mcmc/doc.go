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
// Every sampler owns explicit seeded sources: the same seed gives the same
// chains on the same build. Gibbs derives one stream per block of 16 chains
// from its seed and spreads the sigmoids and Bernoulli draws of a large
// batch over GOMAXPROCS goroutines (a pool started on first use), so its
// results do not depend on the number of cores. Samplers reuse their
// buffers and the chains' buffers and do not allocate in the steady state.
// A sampler and its chains are not safe for concurrent use; give each
// goroutine its own.
package mcmc
