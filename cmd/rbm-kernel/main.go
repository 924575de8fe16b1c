// Command rbm-kernel is a Jupyter kernel for Go with a library for research
// on Restricted Boltzmann Machines.
//
// Usage:
//
//	rbm-kernel kernel --connection-file FILE   serve one Jupyter session (Jupyter runs this)
//	rbm-kernel worker                          run a session's cells for a kernel process (the kernel runs this)
//	rbm-kernel install [--user | --prefix DIR | --sys-prefix] [--name NAME]
//	rbm-kernel sweep describe|check|plan|run|status|collect|plot|emit|help [flags] FILE.sweep
//	rbm-kernel vet NOTEBOOK.ipynb…                type-check a notebook's cells, running nothing
//	rbm-kernel version
//	rbm-kernel help
//
// Usage errors and a missing or malformed connection file end the command
// with a one-line message on stderr and exit status 2.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"sort"
	"syscall"
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/openblas"
	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/goexec"
)

// version is the release of this binary, set at build time with
// -ldflags "-X main.version=v1.2.3".
var version = "dev"

// command is one subcommand.
type command struct {
	summary string
	run     func(e *env, args []string) error
}

// env is what a command sees of the process, so that tests can run
// commands in process.
type env struct {
	stdout, stderr io.Writer
	getenv         func(string) string
	executable     func() (string, error)
	// newExecutor is the executor of the kernel command: by default a
	// worker.Client, which runs the cells in a worker process.
	newExecutor func() (kernel.Executor, error)
	// newSession is the in-process cell executor: what a worker runs
	// (inWorker true), and what `kernel --in-process` uses.
	newSession func(inWorker bool) (kernel.Executor, error)
}

// usageError is a mistake in the command line; it exits with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// badInputError is a missing or malformed input file; it exits with
// status 2 as well.
type badInputError struct{ err error }

func (e badInputError) Error() string { return e.err.Error() }
func (e badInputError) Unwrap() error { return e.err }

// commands is the dispatch table of the subcommands.
func commands() map[string]command {
	return map[string]command{
		"kernel":  {"serve one Jupyter session: kernel --connection-file FILE", runKernel},
		"worker":  {"run a session's cells for a kernel process, on fds 3 and 4 (the kernel starts it)", runWorker},
		"install": {"write the kernelspec: install [--user | --prefix DIR | --sys-prefix] [--name NAME]", runInstall},
		"sweep":   {sweepSummary, runSweep},
		"vet":     {vetSummary, runVet},
		"warm":    {"build the library for compiled cells into the go build cache (make build runs it)", runWarm},
		"version": {"print the versions of rbm-kernel, Go and yaegi", runVersion},
		"help":    {"print this help", runHelp},
	}
}

func main() {
	e := &env{
		stdout:     os.Stdout,
		stderr:     os.Stderr,
		getenv:     os.Getenv,
		executable: os.Executable,
		newExecutor: func() (kernel.Executor, error) {
			return newWorkerClient(os.Stderr)
		},
		newSession: func(inWorker bool) (kernel.Executor, error) {
			// In a worker, an interrupted cell waits for its code to end:
			// the kernel stops a worker whose cell does not.
			return goexec.New(goexec.Options{Env: os.Environ(), WaitInterrupted: inWorker})
		},
	}
	os.Exit(run(e, os.Args[1:]))
}

// run runs the command line args and returns the exit status.
func run(e *env, args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(e.stderr, "rbm-kernel: no command; run 'rbm-kernel help'")
		return 2
	}
	name := args[0]
	if name == "-h" || name == "--help" || name == "-help" {
		name = "help"
	}
	cmd, ok := commands()[name]
	if !ok {
		fmt.Fprintf(e.stderr, "rbm-kernel: unknown command %q; run 'rbm-kernel help'\n", args[0])
		return 2
	}
	err := cmd.run(e, args[1:])
	code := exitCode(err)
	if code != 0 {
		fmt.Fprintf(e.stderr, "rbm-kernel %s: %v\n", name, err)
	}
	return code
}

// exitCode returns the exit status for a command's error: 0 for none or a
// request for help, 2 for a usage error or bad input, the status of an
// exitError, and 1 for any other error.
func exitCode(err error) int {
	var ee exitError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, new(usageError)), errors.As(err, new(badInputError)):
		return 2
	case errors.As(err, &ee):
		return ee.code
	}
	return 1
}

// exitError is an error with its own exit status (see the sweep command).
type exitError struct {
	code int
	err  error
}

func (e exitError) Error() string { return e.err.Error() }
func (e exitError) Unwrap() error { return e.err }

// flagSet is a flag set that reports errors instead of exiting and prints
// its help (to stdout) only when asked with -h.
type flagSet struct {
	*flag.FlagSet
	help func()
}

func newFlags(e *env, name, usage string) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flagSet{fs, func() {
		fmt.Fprintf(e.stdout, "usage: rbm-kernel %s\n", usage)
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}}
}

// parse parses args and turns flag errors into usage errors.
func (fs *flagSet) parse(args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.help()
			return err
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("unexpected argument %q", fs.Arg(0))}
	}
	return nil
}

func runHelp(e *env, args []string) error {
	fmt.Fprintln(e.stdout, "rbm-kernel: a Jupyter kernel for Go with a library for Restricted Boltzmann Machines.")
	fmt.Fprintln(e.stdout, "\nusage: rbm-kernel COMMAND [flags]\n\ncommands:")
	cmds := commands()
	names := make([]string, 0, len(cmds))
	for n := range cmds {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(e.stdout, "  %-8s %s\n", n, cmds[n].summary)
	}
	fmt.Fprintln(e.stdout, "\nRun 'rbm-kernel COMMAND -h' for the flags of a command.")
	return nil
}

// runWarm builds a compiled cell that uses the library (goexec.WarmCompiled)
// so that the first %%compile cell of a session does not wait for the
// library to be compiled for plugins. It fails, saying why, where compiled
// cells cannot run (no go command of the kernel's release, no cgo).
func runWarm(e *env, args []string) error {
	fs := newFlags(e, "warm", "warm")
	if err := fs.parse(args); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	if err := goexec.WarmCompiled(ctx, goexec.Options{}); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "compiled cells: the library is built for plugins (%.1f s)\n", time.Since(start).Seconds())
	return nil
}

func runVersion(e *env, args []string) error {
	fs := newFlags(e, "version", "version")
	if err := fs.parse(args); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "rbm-kernel %s\n%s\nyaegi %s\nBLAS %s\n", version, runtime.Version(), yaegiVersion(), openblas.Name())
	return nil
}

// yaegiVersion returns the version of the interpreter module linked in.
func yaegiVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, d := range bi.Deps {
		if d.Path == "github.com/traefik/yaegi" {
			if d.Replace != nil {
				return d.Replace.Version
			}
			return d.Version
		}
	}
	return "unknown"
}

func runKernel(e *env, args []string) error {
	fs := newFlags(e, "kernel", "kernel --connection-file FILE [--in-process]")
	file := fs.String("connection-file", "", "the connection `file` Jupyter wrote")
	inProcess := fs.Bool("in-process", false, "run cells in this process, not in a worker process (a deadly cell then ends the kernel)")
	if err := fs.parse(args); err != nil {
		return err
	}
	if *file == "" {
		return usageError{"missing --connection-file"}
	}
	ci, err := kernel.ReadConnectionFile(*file)
	if err != nil {
		return badInputError{err}
	}
	newExecutor := e.newExecutor
	if *inProcess {
		newExecutor = func() (kernel.Executor, error) { return e.newSession(false) }
	}
	// The executor starts once the sockets are bound (see lateExecutor).
	ex := newLateExecutor()
	logger := slog.New(slog.NewTextHandler(e.stderr, nil))
	k, err := kernel.New(ci, kernel.Options{
		Executor: ex,
		Logger:   logger,
		Version:  version,
	})
	if err != nil {
		return err
	}
	// A write to a closed stderr (the Jupyter server's log gone) must fail,
	// not end the kernel with SIGPIPE.
	signal.Ignore(syscall.SIGPIPE)
	// SIGINT interrupts the running cell; SIGTERM ends the kernel cleanly.
	stopSignals := k.InterruptOn(os.Interrupt)
	defer stopSignals()
	ctx, cancel := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer cancel()
	// Like ipykernel, end when the process that started the kernel ends.
	if parent, ok := parentToWatch(e.getenv(ParentEnv), getppid()); ok {
		go watchParent(ctx, parent, getppid, parentPoll, logger, cancel)
	}
	done := make(chan error, 1)
	go func() { done <- k.Run(ctx) }()
	select {
	case <-k.Ready():
	case err := <-done: // no socket bound
		return err
	}
	defer ex.Close()
	if err := ex.start(newExecutor); err != nil {
		k.Stop()
		<-done
		return fmt.Errorf("start the Go interpreter: %w", err)
	}
	return <-done
}
