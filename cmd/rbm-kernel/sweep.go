package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
)

// sweepSummary is the help line of the sweep command.
const sweepSummary = "run a sweep file: sweep check|plan|run|status|collect|sbatch|k8s [flags] FILE.sweep"

// runSweep runs `rbm-kernel sweep ARGS`: the sweep language's command line
// (dsl.Command) with the library's registry and run function. SIGINT and
// SIGTERM cancel the runs in progress, whose results are not written, so
// running the same command again resumes the sweep. A mistake in the
// command line or the sweep file is a usage error (exit status 2); a run
// that leaves failed runs exits with dsl.ExitRunsFailed (3), an
// interrupted sweep with dsl.ExitInterrupted (130), and any other error,
// such as an unwritable result folder, with 1.
func runSweep(e *env, args []string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return sweep(ctx, e, args)
}

// sweep is runSweep with a given context, for tests.
func sweep(ctx context.Context, e *env, args []string) error {
	err := dsl.Command(ctx, args, library.Registry(), library.Run, e.stdout, e.stderr)
	var ue *dsl.UsageError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, flag.ErrHelp):
		return err
	case errors.As(err, &ue):
		return usageError{strings.TrimPrefix(err.Error(), "sweep: ")}
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return exitError{dsl.ExitInterrupted, fmt.Errorf("interrupted; run the same command again to resume: %w", err)}
	case errors.As(err, new(*dsl.RunsFailedError)):
		return exitError{dsl.ExitRunsFailed, err}
	}
	return err
}
