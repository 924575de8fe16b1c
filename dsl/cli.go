package dsl

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"go/scanner"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// CommandUsage is the help text of the sweep command.
const CommandUsage = `usage: rbm-kernel sweep <command> [flags] FILE.sweep

commands:
  describe [NAME]  list the names a sweep file can use, or NAME's parameters
            with their types, defaults and documentation (no sweep file)
  check     check the file and print the axes and the number of runs
  plan      list every run: index, key, seed and axis levels
  run       run the runs without a result and run again those that failed
            (flags: -out, -workers, -shard, -no-retry: keep failed results,
            -replace, -checkpoint N: save each run's state every N updates
            instead of every 5 minutes, and on an interrupt, in <key>.ckpt
            beside its result; an unfinished run resumes from it when run again;
            -retry is accepted and is the default)
  status    count done, failed, stopped and missing runs; list the runs in
            progress, the failed ones with their error and the end of their
            log (<key>.log), those an asha rule stopped with its decision,
            and the missing ones
  collect   write the plan's results as one long CSV and print the report (-csv, -md)
  plot      draw a measurement's curves, one colour per cell, the median and a
            quantile band of its runs, legend outside the data, to a PNG, SVG
            or PDF file (-measure, -by a,b, -q, -to FILE)
  emit slurm  print a Slurm array script (-shards, -cpus, -time, -mem, -name)
  emit k8s    print a Kubernetes Indexed Job (-shards, -image, -claim, -cpus, -mem, -parallel);
            FILE and -out are taken relative to the claim, mounted at /sweep
            (sbatch and k8s are short for emit slurm and emit k8s)

-set NAME=VALUE (repeatable; check, plan, run, status, collect) overrides
the file: seed, repeat or updates; an axis's levels (rate=[0.1,0.2] or
rate=0.1); a parameter (learner.rate=0.1, or rate=0.1 when one part of the
sweep has it). The result is another plan: give it its own -out.

The result folder (-out) defaults to FILE without .sweep plus ".results".
The shard defaults to SWEEP_SHARD=i/n, or Slurm's SLURM_ARRAY_TASK_ID and
SLURM_ARRAY_TASK_COUNT, or Kubernetes' JOB_COMPLETION_INDEX with
SWEEP_SHARD_COUNT. Several runners may share a folder: each run is claimed
(<key>.lock) while it runs, and another runner passes over it.

Exit status: 0 success, 1 an error (e.g. an unwritable result folder),
2 a mistake in the command line or the sweep file, 3 run left failed runs,
130 interrupted (SIGINT or SIGTERM; run the same command again to resume).

A result folder belongs to one plan (recorded in sweep-plan.json): run
refuses a folder of another plan unless the new plan only adds runs (more
repeats or levels); -replace makes the new plan the folder's, moving the
results of runs not in it to a subfolder replaced-<time>. status and
collect count only the results of the file's plan.
`

// UsageError is an error of Command that is the caller's mistake rather
// than a failure of the runs: a bad flag or argument, an unknown command,
// an unreadable sweep file or one with errors, or a plan that cannot be
// made. A command line program exits with a usage status (2) for it.
type UsageError struct{ Err error }

// Error returns the message of the wrapped error.
func (e *UsageError) Error() string { return e.Err.Error() }

// Unwrap returns the wrapped error.
func (e *UsageError) Unwrap() error { return e.Err }

// RunsFailedError is the error of the command "run" when runs of its shard
// are left failed: Failed ran now and failed, Kept had a stored failure and
// were not run again (-no-retry). A command line program exits with
// ExitRunsFailed for it.
type RunsFailedError struct{ Failed, Kept int }

// Error says how many runs failed.
func (e *RunsFailedError) Error() string {
	msg := fmt.Sprintf("sweep run: %d runs failed", e.Failed)
	if e.Kept > 0 {
		msg += fmt.Sprintf(", %d failed runs kept from before (-no-retry)", e.Kept)
	}
	return msg + "; `sweep status` shows their errors and logs"
}

// Exit statuses of `rbm-kernel sweep` beyond 0 (success), 1 (an error
// such as an unwritable result folder) and 2 (a usage error, exitUsage).
const (
	exitUsage = 2
	// ExitRunsFailed is the status of a run that leaves failed runs.
	ExitRunsFailed = 3
	// ExitInterrupted is the status of a sweep stopped by SIGINT or
	// SIGTERM, as shells report a process ended by SIGINT (128+2).
	ExitInterrupted = 130
)

// usage wraps err, if not nil, in a *UsageError.
func usage(err error) error {
	if err == nil {
		return nil
	}
	return &UsageError{err}
}

// Command runs the sweep command line args (without the program and the
// word "sweep"), e.g. {"run", "-workers", "4", "table1.sweep"}, resolving
// names with reg and running runs with fn (fn may be nil for commands other
// than run). Output goes to stdout; progress and diagnostics to stderr,
// where every error of a sweep file is printed, one per line. Mistakes of
// the caller (see UsageError) are returned as a *UsageError; "run" returns
// an ordinary error when runs failed or a result could not be written, and
// ctx's error when it was cancelled.
func Command(ctx context.Context, args []string, reg Registry, fn RunFunc, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprint(stdout, CommandUsage)
		return nil
	}
	cmd := args[0]
	if cmd == "describe" {
		text, err := describeCommand(reg, args[1:])
		if err != nil {
			return usage(err)
		}
		fmt.Fprint(stdout, text)
		return nil
	}
	if cmd == "emit" {
		targets := []string{"slurm", "k8s"}
		if len(args) < 2 || !contains(targets, args[1]) {
			got := "nothing"
			if len(args) >= 2 {
				got = fmt.Sprintf("%q%s", args[1], didYouMean(args[1], targets))
			}
			return usage(fmt.Errorf("sweep emit: want slurm or k8s, found %s\n%s", got, CommandUsage))
		}
		cmd, args = map[string]string{"slurm": "sbatch", "k8s": "k8s"}[args[1]], args[1:]
	}
	fs := flag.NewFlagSet("sweep "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "", "result folder")
	workers := fs.Int("workers", 0, "runs at once (0: all cores)")
	shardFlag := fs.String("shard", "", "run shard i/n of the runs")
	retry := fs.Bool("retry", true, "run again runs whose stored result is a failure (the default; -retry=false is -no-retry)")
	noRetry := fs.Bool("no-retry", false, "keep the stored results of failed runs instead of running them again")
	replace := fs.Bool("replace", false, "make this plan the result folder's, moving results of other runs aside")
	ckptEvery := fs.Int("checkpoint", 0, "updates between checkpoints of a run (0: every 5 minutes)")
	csvPath := fs.String("csv", "", "CSV file to write (default: <out>/results.csv)")
	md := fs.Bool("md", false, "print the report as Markdown")
	shards := fs.Int("shards", 1, "number of array tasks")
	cpus := fs.Int("cpus", 1, "CPUs (and workers) per task")
	limit := fs.String("time", "", "time limit per task (Slurm)")
	mem := fs.String("mem", "", "memory per task, e.g. 4G")
	name := fs.String("name", "", "job name (default: the file name)")
	image := fs.String("image", "", "container image (Kubernetes)")
	claim := fs.String("claim", "", "volume claim mounted at /sweep (Kubernetes)")
	parallel := fs.Int("parallel", 0, "pods at once (Kubernetes; 0: all)")
	plotMeasure := fs.String("measure", "", "measurement to plot (default: the file's first)")
	plotBy := fs.String("by", "", "axes whose cells get a curve each, comma-separated (default: every axis)")
	plotQ := fs.Float64("q", 0.25, "band between the q- and (1-q)-quantiles of a cell's runs")
	plotTo := fs.String("to", "", "image file to write: .png, .svg or .pdf (default: <out>/<measure>.png)")
	var sets SetFlags
	fs.Var(&sets, "set", "override NAME=VALUE (repeatable): a setting, an axis's levels or a parameter")
	if err := fs.Parse(args[1:]); err != nil {
		return usage(err)
	}
	if fs.NArg() != 1 {
		return usage(fmt.Errorf("sweep %s: want one sweep file, found %d arguments\n%s", cmd, fs.NArg(), CommandUsage))
	}
	file := fs.Arg(0)
	if *out == "" {
		*out = strings.TrimSuffix(file, filepath.Ext(file)) + ".results"
	}
	src, err := os.ReadFile(file)
	if err != nil {
		return usage(fmt.Errorf("sweep: %w", err))
	}
	if len(sets) > 0 && (cmd == "sbatch" || cmd == "k8s") {
		return usage(fmt.Errorf("sweep emit: -set is not passed on to the cluster tasks; write the overrides into %s (or a copy of it) instead", file))
	}
	spec, err := CompileWith(file, src, reg, sets)
	if list, ok := err.(scanner.ErrorList); ok {
		scanner.PrintError(stderr, list) // every error, one per line
		return usage(fmt.Errorf("sweep: %s has %d errors", file, len(list)))
	}
	if err != nil {
		return usage(err)
	}
	if cmd == "check" {
		// Counted, not planned: a plan of millions of runs needs gigabytes.
		n, err := CountRuns(spec)
		if err != nil {
			return usage(err)
		}
		for _, a := range spec.Axes {
			fmt.Fprintf(stdout, "axis %s: %s\n", a.Name, formatValues(a.Values))
		}
		if r := spec.ASHA; r != nil {
			fmt.Fprintf(stdout, "%s: rungs at updates %s\n", r, strings.Trim(fmt.Sprint(r.Rungs), "[]"))
		}
		fmt.Fprintf(stdout, "%s: %d runs (%d repeats)\n", file, n, spec.Repeats)
		return nil
	}
	plan, err := NewPlan(spec)
	if err != nil {
		return usage(err)
	}
	cluster := func() ClusterOptions {
		n := *name
		if n == "" {
			n = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		}
		return ClusterOptions{Name: n, SweepFile: file, OutDir: *out, Shards: *shards, CPUs: *cpus,
			Time: *limit, Memory: *mem, Image: *image, Claim: *claim, Parallelism: *parallel}
	}
	switch cmd {
	case "plan":
		for _, j := range plan.Jobs {
			var lv []string
			for _, a := range j.Axes {
				lv = append(lv, a.Name+"="+formatValue(a.Value))
			}
			fmt.Fprintf(stdout, "%d\t%s\t%d\trepeat=%d %s\n", j.Index, j.Key, j.Seed, j.Repeat, strings.Join(lv, " "))
		}
		return nil
	case "run":
		if fn == nil {
			return errors.New("sweep run: no run function")
		}
		shard, err := ShardFromEnv(nil)
		if *shardFlag != "" {
			shard, err = ParseShard(*shardFlag)
		}
		if err != nil {
			return usage(err)
		}
		store, err := OpenStore(*out)
		if err != nil {
			return err
		}
		if *ckptEvery < 0 {
			return usage(fmt.Errorf("sweep run: -checkpoint %d is negative", *ckptEvery))
		}
		sum, err := Run(ctx, plan, store, fn, &Options{Workers: *workers, Shard: shard, NoRetry: *noRetry || !*retry, Replace: *replace, CheckpointEvery: *ckptEvery,
			Progress: func(done, failed, total int, eta time.Duration) {
				fmt.Fprintf(stderr, "\r%d/%d runs, %d failed, eta %v   ", done, total, failed, eta.Round(time.Second))
			}})
		var changed *PlanChangedError
		if errors.As(err, &changed) {
			return usage(err)
		}
		if sum != nil {
			fmt.Fprintf(stderr, "\n")
			if sum.Note != "" {
				fmt.Fprintf(stderr, "%s: %s\n", *out, sum.Note)
			}
			fmt.Fprintln(stdout, sum)
		}
		if err == nil && sum.Failed+sum.KeptFailed > 0 {
			err = &RunsFailedError{Failed: sum.Failed, Kept: sum.KeptFailed}
		}
		return err
	case "status":
		store := &Store{Dir: *out}
		results, err := LoadResults(*out)
		if err != nil {
			return err
		}
		rep, _ := NewReport(plan, results)
		running := store.Running(plan)
		line := fmt.Sprintf("%d runs: %d done (%d failed), %d missing", len(plan.Jobs), rep.Results, rep.Failed, rep.Missing)
		if rep.Stopped > 0 {
			line = fmt.Sprintf("%d runs: %d done (%d failed, %d stopped early by asha), %d missing",
				len(plan.Jobs), rep.Results, rep.Failed, rep.Stopped, rep.Missing)
		}
		if len(running) > 0 {
			line += fmt.Sprintf(", %d running", len(running))
		}
		fmt.Fprintln(stdout, line)
		if err := folderNote(stdout, *out, plan, rep.Other); err != nil {
			return err
		}
		writeStatus(stdout, store, plan, results, running)
		return nil
	case "collect":
		all, err := LoadResults(*out)
		if err != nil {
			return err
		}
		results, other := plan.Select(all)
		if err := folderNote(stderr, *out, plan, other); err != nil {
			return err
		}
		path := *csvPath
		if path == "" {
			path = filepath.Join(*out, "results.csv")
		}
		f, err := os.Create(path)
		if err != nil {
			return fmt.Errorf("sweep collect: %w", err)
		}
		if err := WriteCSV(f, results); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return fmt.Errorf("sweep collect: %w", err)
		}
		rep, err := NewReport(plan, results)
		if err != nil {
			return err
		}
		if *md {
			fmt.Fprint(stdout, rep.Markdown())
		} else {
			fmt.Fprint(stdout, rep.Text())
		}
		fmt.Fprintf(stderr, "wrote %s\n", path)
		return nil
	case "plot":
		return plotCommand(plan, *out, *plotMeasure, *plotBy, *plotQ, *plotTo, stderr)
	case "sbatch":
		s, err := Sbatch(cluster())
		if err != nil {
			return usage(err)
		}
		fmt.Fprint(stdout, s)
		return nil
	case "k8s":
		s, err := KubeJob(cluster())
		if err != nil {
			return usage(err)
		}
		fmt.Fprint(stdout, s)
		return nil
	}
	return usage(fmt.Errorf("sweep: unknown command %q\n%s", cmd, CommandUsage))
}

// SetFlags is a flag.Value that collects repeatable -set NAME=VALUE
// overrides, in order, for CompileWith: the command line's `-set` and the
// %%sweep cell magic's. Set refuses a value without "=" or with an empty
// name, so that the flag parser names the bad flag at once; the rest is
// checked by Override.
type SetFlags []string

// String returns the overrides separated by spaces.
func (s *SetFlags) String() string {
	if s == nil {
		return ""
	}
	return strings.Join(*s, " ")
}

// Set adds one override NAME=VALUE.
func (s *SetFlags) Set(v string) error {
	if name, _, ok := strings.Cut(v, "="); !ok || strings.TrimSpace(name) == "" {
		return fmt.Errorf("want NAME=VALUE, e.g. -set rate=0.1, found %q", v)
	}
	*s = append(*s, v)
	return nil
}

// folderNote writes to w, when the folder dir records another plan than
// plan or holds other results, what differs and that those results are
// not counted.
func folderNote(w io.Writer, dir string, plan *Plan, other int) error {
	old, err := ReadPlanRecord(dir)
	if err != nil {
		return err
	}
	if rec := plan.Record(); old != nil && old.Fingerprint != rec.Fingerprint {
		changes := strings.Join(old.Changes(rec), "; ")
		if changes == "" {
			changes = "other runs"
		}
		fmt.Fprintf(w, "note: %s records another plan (%s); run with -replace to make this plan the folder's\n", dir, changes)
	}
	if other > 0 {
		fmt.Fprintf(w, "note: %d results in %s are of runs not in this plan and are not counted\n", other, dir)
	}
	return nil
}
