// Package learn trains RBMs: learners that turn a mini-batch into a
// parameter update, an SGD optimiser, learning-rate schedules, observers
// that measure the model during training, and the training loop Train,
// which returns a History of the measurements.
//
// # Learners
//
// A [Learner] makes one parameter update of a model from a mini-batch and
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
// into a Grad with the shapes of Model.Params, and hands it to an [Optimizer],
// which applies an ascent step. A learner owns whatever state it needs
// between updates (persistent chains, fast weights, offsets) and may call
// the optimiser more than once per batch (S-DCP's d inner updates).
//
// The learners, each with its constructor (New…):
//
//   - CD: contrastive divergence, CD-k; the negative statistics come from
//     chains started at the batch and run k steps of any mcmc.Sampler.
//   - PCD: persistent CD; its chains carry over from update to update.
//   - FPCD: fast PCD; the chains sample the model plus decaying fast
//     weights.
//   - PT: PCD with the negative phase from parallel tempering
//     (mcmc.Tempered).
//   - Centered: the centered gradient, with offsets for both layers.
//   - SDCP and CSDCP: stochastic difference-of-convex programming, plain
//     and centered, with several inner updates per batch.
//   - SSD: stochastic spectral descent on the gradient of an Estimator (CD
//     or PCD).
//   - ModifiedCD: modified CD for Gaussian-Bernoulli RBMs, with negative
//     chains started from noise.
//
// All but ModifiedCD train an *rbm.Binary; any of them takes any fitting
// sampler, one's own included. Sparse wraps any learner of binary RBMs
// with a sparsity target on the mean hidden activations.
//
// # A learner's state belongs to one model
//
// A learner that keeps state between updates keeps the state of the model
// it trains: CD its chains' hidden states (from which the next update's
// chains start), PCD, FPCD and PT their persistent chains (PT's at every
// temperature), FPCD its fast weights, Centered and CSDCP their offsets,
// SDCP its chains, SSD whatever its estimator keeps. Each of them is bound
// to the model of its first update and refuses, with an error, an update
// of any other model (compared as pointers), even one of the same shape,
// whose training would otherwise silently start from the first model's
// chains. To train another model with it, call its Reset method, which
// forgets the state and the model (the sampler's random streams run on),
// or make a new learner. ModifiedCD keeps no state of a model (its chains
// start from noise at every update) and takes any.
//
// # Training
//
// Train runs a learner over a data set in shuffled mini-batches for a number
// of epochs or updates, with a learning-rate Schedule, momentum, weight
// decay and an L1 penalty (Settings; nil means defaults). It measures the model with
// Observers every so many updates, reports progress through callbacks (never
// by printing), stops promptly when its context is cancelled and returns
// the History measured so far.
//
// The observers of this package: ExactLogLikelihood (enumeration, small
// models), AISLogLikelihood and ReverseAISLogLikelihood (annealed
// importance sampling of log Z, forward and reverse, which bracket the
// log-likelihood from above and below and record their standard errors
// as the series "ais-loglik-se" and "rais-loglik-se"),
// PseudoLogLikelihood (no partition function) and ReconstructionError.
//
// # Resuming
//
// Train is a whole run: calling it again starts another run, with a new
// schedule, no momentum and the first batch order again, from the model as
// the last call left it. To train in pieces, make a Run with NewRun and
// call its Continue method as often as needed (a number of updates each
// time, or all that are left): the Run keeps what Train keeps only while it
// runs, the optimiser's velocity, the position in the schedule and in the
// batch order, the learner's state and the History, so that the pieces
// together make exactly the updates of one Train call, bit for bit (the
// tests check every learner). A cancelled Continue (the interrupt button)
// leaves the Run consistent, and the next Continue goes on from there.
//
// Run.Save writes the whole state to a checkpoint file, atomically (a
// temporary file in the same folder, synced, then renamed), and Resume
// reads it back, in this process or another, given the data set, a learner
// made again with the same constructor and arguments, and the same
// Settings; what differs (a setting, the data, the learner's kind or
// settings, a sampler's seed) is an error that names it, and so is a
// corrupt or truncated file. With Settings.Checkpoint, Continue and Train
// save the checkpoint as they go (every so many updates or minutes, and
// when interrupted), and Train resumes from it when the file exists: a
// notebook cell that trains with a Checkpoint path can be run again after
// an interrupt or a restart of the kernel and goes on where it stopped.
//
// A checkpoint holds the learner's state through encoding.BinaryMarshaler
// and encoding.BinaryUnmarshaler, which the learners of this package
// implement, and with them every sampler of package mcmc. A learner or a
// sampler of one's own that does not implement them can still be
// continued in memory; Save then fails with an error naming its type.
//
// # Concurrency
//
// Runs are independent: any number of Train calls may run at once in
// separate goroutines (a hand-written sweep), each with its own model and
// its own learner. What may be shared and what may not:
//
//   - A model belongs to one run: Train changes it in place. Train refuses
//     a model (by pointer) that another Train call is still training.
//     Clone it to start several runs from one initial model.
//   - A learner belongs to one run, and so does its sampler: learners keep
//     chains, buffers and random sources between updates (every learner of
//     this package, CD included), and a sampler is not safe for concurrent
//     use (package mcmc). Train refuses a learner (by pointer) that another
//     Train call is still using; it cannot see a sampler shared by two
//     learners, so make one sampler per learner.
//   - Observers may be shared: one list may be handed to every run. The
//     observers of this package keep no state between calls. A Func
//     written by the user is called concurrently when its Observer is
//     shared, and must then guard whatever it keeps.
//   - The data set may be shared: Train and the observers only read it.
//   - Settings may be shared, read-only; its callbacks (Progress,
//     OnObserve) are then called from every run's goroutine.
//
// The History that Train returns is the caller's; OnObserve sees it while
// the run appends to it, on the run's goroutine.
//
// Precision: CD, PCD, FPCD, PT, S-DCP and CS-DCP sample and form their
// gradient's products in the precision of the model
// (rbm.Binary.Precision; float32 through single-precision BLAS);
// gradients, optimisers and the parameters stay float64
// (docs/precision.md).
package learn
