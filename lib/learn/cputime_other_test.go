//go:build !unix

package learn

import "time"

// cpuTime returns a negative duration: the CPU time is not read on this
// system.
func cpuTime() time.Duration { return -1 }
