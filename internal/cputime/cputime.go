// Package cputime reads the CPU time the process has used, for benchmarks
// that report it beside the wall time (cpu-ns/op): on a machine shared
// with other jobs the wall time of an operation swings with the load, its
// CPU time much less.
package cputime

import "time"

// Now returns the CPU time (user and system) the process has used so far,
// or a negative duration where it cannot be read.
func Now() time.Duration { return now() }
