package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"go/scanner"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
)

// sweepSummary is the help line of the sweep command.
const sweepSummary = "run a sweep file: sweep describe|check|plan|run|status|collect|plot|emit [flags] FILE.sweep"

// runSweep runs `rbm-kernel sweep ARGS` with the library's registry and
// run function (dsl/library). SIGINT and SIGTERM cancel the runs in
// progress, whose results are not written, so running the same command
// again resumes the sweep. A mistake in the command line or the sweep
// file is a usage error (exit status 2); a run that leaves failed runs
// exits with dsl.ExitRunsFailed (3), an interrupted sweep with
// dsl.ExitInterrupted (130), and any other error, such as an unwritable
// result folder, with 1.
func runSweep(e *env, args []string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return sweep(ctx, e, args)
}

// sweep is runSweep with a given context, for tests.
func sweep(ctx context.Context, e *env, args []string) error {
	s := &sweeper{reg: library.Registry(), run: library.Run, stdout: e.stdout, stderr: e.stderr}
	return sweepExit(ctx, s.command(ctx, args))
}

// sweepExit maps an error of a sweep command to the command line's: a
// *dsl.UsageError to a usageError, an interruption to dsl.ExitInterrupted
// and failed runs to dsl.ExitRunsFailed.
func sweepExit(ctx context.Context, err error) error {
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
	case errors.As(err, new(*runsFailedError)):
		return exitError{dsl.ExitRunsFailed, err}
	}
	return err
}

// runsFailedError is the error of `sweep run` when runs of its shard are
// left failed: Failed ran now and failed, Kept had a stored failure and
// were not run again (-no-retry).
type runsFailedError struct{ Failed, Kept int }

// Error says how many runs failed.
func (e *runsFailedError) Error() string {
	msg := fmt.Sprintf("sweep run: %d runs failed", e.Failed)
	if e.Kept > 0 {
		msg += fmt.Sprintf(", %d failed runs kept from before (-no-retry)", e.Kept)
	}
	return msg + "; `sweep status` shows their errors and logs"
}

// usage wraps err, if not nil, in a *dsl.UsageError: the caller's
// mistake, which exits with status 2.
func usage(err error) error {
	if err == nil {
		return nil
	}
	return &dsl.UsageError{Err: err}
}

// sweeper runs the verbs of `rbm-kernel sweep` with a registry and a run
// function (the library's, or a test's).
type sweeper struct {
	reg            dsl.Registry
	run            dsl.RunFunc
	stdout, stderr io.Writer
}

// command runs the sweep command line args (without the program and the
// word "sweep"), e.g. {"run", "-workers", "4", "table1.sweep"}. Output
// goes to stdout; progress and diagnostics to stderr, where every error
// of a sweep file is printed, one per line. The caller's mistakes are
// returned as a *dsl.UsageError; "run" returns a *runsFailedError when
// runs failed, and ctx's error when it was cancelled.
func (s *sweeper) command(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "-help" {
		fmt.Fprint(s.stdout, sweepUsage())
		return nil
	}
	name, args := args[0], args[1:]
	if name == "help" {
		return s.help(args)
	}
	if name == "emit" {
		targets := []string{"slurm", "k8s"}
		if len(args) == 0 || !contains(targets, args[0]) {
			got := "nothing"
			if len(args) > 0 {
				got = fmt.Sprintf("%q%s", args[0], dsl.DidYouMean(args[0], targets))
			}
			return usage(fmt.Errorf("sweep emit: want slurm or k8s, found %s\n%s", got, sweepUsage()))
		}
		name, args = "emit "+args[0], args[1:]
	}
	v := findVerb(name)
	if v == nil {
		return usage(fmt.Errorf("sweep: unknown command %q%s\n%s", name, dsl.DidYouMean(name, verbNames()), sweepUsage()))
	}
	fs := flag.NewFlagSet("sweep "+v.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	run := v.flags(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			v.printHelp(s.stdout, fs)
			return err
		}
		return usage(fmt.Errorf("sweep %s: %w\nusage: %s (rbm-kernel sweep help %s lists its flags)", v.name, err, v.usageLine(), v.name))
	}
	return run(ctx, s, fs.Args())
}

// help answers `sweep help [VERB]`: the whole help, or VERB's usage line
// and flags.
func (s *sweeper) help(args []string) error {
	switch len(args) {
	case 0:
		fmt.Fprint(s.stdout, sweepUsage())
		return nil
	case 1:
	default:
		args = []string{strings.Join(args, " ")} // help emit slurm
	}
	v := findVerb(args[0])
	if v == nil {
		return usage(fmt.Errorf("sweep help: unknown command %q%s", args[0], dsl.DidYouMean(args[0], verbNames())))
	}
	fs := flag.NewFlagSet("sweep "+v.name, flag.ContinueOnError)
	v.flags(fs)
	v.printHelp(s.stdout, fs)
	return nil
}

// sweepFile is what the verbs that read a sweep file share: its name,
// the result folder (-out, default FILE without .sweep plus ".results")
// and the -set overrides.
type sweepFile struct {
	out  string
	sets dsl.SetFlags
}

// define defines -out (unless noOut) and -set on fs.
func (f *sweepFile) define(fs *flag.FlagSet, noOut bool) {
	if !noOut {
		fs.StringVar(&f.out, "out", "", "result folder (default: FILE without .sweep plus .results)")
	}
	fs.Var(&f.sets, "set", "override NAME=VALUE (repeatable): a setting, an axis's levels or a parameter")
}

// file returns the one sweep file of args, and sets the default folder.
func (f *sweepFile) file(verb string, args []string) (string, error) {
	if len(args) != 1 {
		return "", usage(fmt.Errorf("sweep %s: want one sweep file, found %d arguments\n%s", verb, len(args), sweepUsage()))
	}
	if f.out == "" {
		f.out = strings.TrimSuffix(args[0], filepath.Ext(args[0])) + ".results"
	}
	return args[0], nil
}

// read reads the source of the sweep file.
func (f *sweepFile) read(file string) ([]byte, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, usage(fmt.Errorf("sweep: %w", err))
	}
	return src, nil
}

// compile reads and compiles the sweep file of args with the overrides,
// printing every error of the file to stderr, one per line.
func (f *sweepFile) compile(s *sweeper, verb string, args []string) (string, *dsl.Spec, error) {
	file, err := f.file(verb, args)
	if err != nil {
		return "", nil, err
	}
	src, err := f.read(file)
	if err != nil {
		return "", nil, err
	}
	spec, err := dsl.CompileWith(file, src, s.reg, f.sets)
	if err != nil {
		return "", nil, s.compileError(file, err)
	}
	return file, spec, nil
}

// plan compiles the sweep file of args and plans its runs.
func (f *sweepFile) plan(s *sweeper, verb string, args []string) (*dsl.Plan, error) {
	_, spec, err := f.compile(s, verb, args)
	if err != nil {
		return nil, err
	}
	plan, err := dsl.NewPlan(spec)
	if err != nil {
		return nil, usage(err)
	}
	return plan, nil
}

// compileError prints the errors of a sweep file to stderr, one per line,
// and returns the usage error that counts them.
func (s *sweeper) compileError(file string, err error) error {
	if list, ok := err.(scanner.ErrorList); ok {
		scanner.PrintError(s.stderr, list) // every error, one per line
		return usage(fmt.Errorf("sweep: %s has %d errors", file, len(list)))
	}
	return usage(err)
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
