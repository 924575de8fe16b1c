//go:build !unix

package display

import "time"

// cpuTime returns a negative duration: the CPU time is not read on this
// system.
func cpuTime() time.Duration { return -1 }
