//go:build race

package goexec

// raceDetector reports whether the tests run with -race.
const raceDetector = true
