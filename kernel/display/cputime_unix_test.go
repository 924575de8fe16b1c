//go:build unix

package display

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time (user and system) the process has used so
// far, or a negative duration if it cannot be read.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
