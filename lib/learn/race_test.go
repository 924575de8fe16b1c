//go:build race

package learn

// raceSlowdown scales the bounds of the tests that bound a duration: the
// race detector instruments every memory access, which slows the loops
// between two context checks 15 to 60 times (measured: a block of the
// exact enumeration takes 0.1 ms, and 1.5 to 6.5 ms under -race).
const raceSlowdown = 5
