//go:build race

package rbm

// raceSlowdown scales the bounds of the tests that bound a duration: the
// race detector instruments every memory access, which slows the loops
// between two context checks 15 to 60 times.
const raceSlowdown = 5
