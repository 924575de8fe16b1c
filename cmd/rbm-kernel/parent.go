package main

import (
	"context"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"
)

// ParentEnv is the variable in which jupyter_client's launcher passes the
// process id of the process that starts the kernel (a Jupyter server,
// nbconvert, jupyter console).
const ParentEnv = "JPY_PARENT_PID"

// parentPoll is how often the kernel checks that its parent is alive, as
// ipykernel's ParentPollerUnix does (once a second).
const parentPoll = time.Second

// parentToWatch returns the parent process id to watch: the value of
// ParentEnv when it is a process id other than init's (1) and is the
// kernel's parent now. Otherwise (not set, malformed, or the kernel was
// started through another process, e.g. a shell) there is nothing to
// watch, as in ipykernel.
func parentToWatch(value string, ppid int) (int, bool) {
	pid, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil || pid <= 1 || pid != ppid {
		return 0, false
	}
	return pid, true
}

// watchParent calls stop once getppid no longer returns parent: the
// process that started the kernel has ended (the kernel was handed to
// init or a subreaper), so no client will ever ask it to shut down, and a
// kernel left running would keep its worker and whatever cell it runs
// (a notebook run killed half-way) busy for nothing. It checks every
// interval until ctx is done.
func watchParent(ctx context.Context, parent int, getppid func() int, interval time.Duration, log *slog.Logger, stop func()) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if p := getppid(); p != parent {
				log.Warn("the process that started the kernel has ended: shutting down", "parent", parent, "now", p)
				stop()
				return
			}
		}
	}
}

// getppid is os.Getppid (a variable for the tests).
var getppid = os.Getppid
