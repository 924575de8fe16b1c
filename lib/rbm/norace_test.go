//go:build !race

package rbm

// raceSlowdown scales the bounds of the tests that bound a duration: 1
// without the race detector (see race_test.go).
const raceSlowdown = 1
