package cell

import (
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/cputime"
)

// CPUTime returns the CPU time, user and system, that the process running
// the cells has used so far: the cells' own work and that of the sweeps
// they run (Sweep runs them in the same process), on every core; −1 where
// the system does not report it. A notebook prints it beside its wall
// time: on a machine shared with other jobs the wall time of a run
// depends on their load, its CPU time much less, and on c cores with
// nothing else running a run of CPU time t takes at least t/c.
func CPUTime() time.Duration { return cputime.Now() }
