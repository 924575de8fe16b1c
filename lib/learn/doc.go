// Package learn trains RBMs: learners that turn a mini-batch into a
// parameter update, an SGD optimiser, learning-rate schedules, observers
// that measure the model during training, and the training loop Train,
// which returns a History of the measurements.
//
// # Learners
//
// A Learner makes one parameter update of a model from a mini-batch and
// reports its cost in sampling steps per update (Steps), so that learners
// can be compared at equal sampling cost. A learner estimates the
// log-likelihood gradient
//
//	∂ ln p(v)/∂θ = E_data[−∂E/∂θ] − E_model[−∂E/∂θ],
//
// which for a binary RBM is, averaged over the batch,
//
//	∂/∂W_ij = ⟨v_i p(h_j=1|v)⟩_data − ⟨v_i h_j⟩_model,
//	∂/∂b_i  = ⟨v_i⟩_data − ⟨v_i⟩_model,
//	∂/∂c_j  = ⟨p(h_j=1|v)⟩_data − ⟨h_j⟩_model,
//
// into a Grad with the shapes of Model.Params, and hands it to an Optimizer,
// which applies an ascent step. A learner owns whatever state it needs
// between updates (persistent chains, fast weights, offsets) and may call
// the optimiser more than once per batch (S-DCP's d inner updates).
//
// CD is contrastive divergence, CD-k: the negative statistics come from
// chains started at the batch and run k steps of any mcmc.Sampler. PCD is
// persistent CD: its chains carry over from update to update.
//
// # Training
//
// Train runs a learner over a data set in shuffled mini-batches for a number
// of epochs or updates, with a learning-rate Schedule, momentum and weight
// decay (Settings; nil means defaults). It measures the model with
// Observers every so many updates, reports progress through callbacks (never
// by printing), stops promptly when its context is cancelled and returns
// the History measured so far.
package learn
