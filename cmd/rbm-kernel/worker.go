package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/goexec"
	"github.com/rbm-kernel/rbm-kernel/kernel/worker"
)

// newWorkerClient returns the kernel's executor: a worker.Client that runs
// `rbm-kernel worker` (this binary) for each session, with the kernel's
// environment, and copies the worker's runtime messages to log.
func newWorkerClient(log io.Writer) (kernel.Executor, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find this binary to start a worker: %w", err)
	}
	return worker.NewClient(worker.Options{
		Command: func() *exec.Cmd {
			cmd := exec.Command(exe, "worker")
			cmd.Env = os.Environ()
			return cmd
		},
		Log: log,
	})
}

// runWorker serves one session's cells to the kernel process that started
// it, over file descriptors 3 (requests) and 4 (events).
func runWorker(e *env, args []string) error {
	fs := newFlags(e, "worker", "worker")
	if err := fs.parse(args); err != nil {
		return err
	}
	// Interrupts come as messages from the kernel process; a Ctrl-C meant
	// for a terminal's kernel must not end the worker too.
	signal.Ignore(os.Interrupt)
	// Whether compiled cells can run here is checked at start, in the
	// background: a mismatch is one line of the kernel's log now, and the
	// error of the first %%compile cell later.
	go func() {
		if err := goexec.CheckCompiled(context.Background(), goexec.Options{}); err != nil {
			fmt.Fprintf(e.stderr, "rbm-kernel worker: compiled cells will not run: %v\n", err)
		}
	}()
	err := worker.ServeFDs(func() (kernel.Executor, error) { return e.newSession(true) })
	if errors.Is(err, worker.ErrNoPipes) {
		return usageError{strings.TrimPrefix(err.Error(), "worker: ")}
	}
	return err
}
