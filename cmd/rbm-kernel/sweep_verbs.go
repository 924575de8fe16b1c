package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/rbm-kernel/rbm-kernel/dsl"
)

// sweepVerb is one verb of `rbm-kernel sweep`, in the manner of cmd/go's
// commands: its name, the arguments of its usage line, the lines that
// describe it in the help, and flags, which defines its flags on its own
// flag set and returns its run function, which reads them.
type sweepVerb struct {
	name  string
	args  string
	short string
	flags func(fs *flag.FlagSet) func(ctx context.Context, s *sweeper, args []string) error
}

// usageLine returns the verb's usage line.
func (v *sweepVerb) usageLine() string {
	return strings.TrimSpace(fmt.Sprintf("rbm-kernel sweep %s [flags] %s", v.name, v.args))
}

// printHelp writes the verb's usage line, description and flags to w.
func (v *sweepVerb) printHelp(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: %s\n\n%s\n", v.usageLine(), v.short)
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n == 0 {
		return
	}
	fmt.Fprintf(w, "\nflags:\n")
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// sweepVerbs are the verbs in the order of the help. Each verb's flags
// are its own: a flag of another verb is an error naming it. It is set by
// init, as the verbs' errors print the help, which lists them.
var sweepVerbs []*sweepVerb

func init() {
	sweepVerbs = []*sweepVerb{
		{name: "describe", args: "[NAME]",
			short: "list the names a sweep file can use, or NAME's parameters\nwith their types, defaults and documentation (no sweep file)",
			flags: describeVerb},
		{name: "check", args: "FILE.sweep",
			short: "check the file and print the axes and the number of runs",
			flags: checkVerb},
		{name: "plan", args: "FILE.sweep",
			short: "list every run: index, key, seed and axis levels",
			flags: planVerb},
		{name: "run", args: "FILE.sweep",
			short: "run the runs without a result and run again those that failed\n" +
				"(-no-retry: keep failed results; -checkpoint N: save each run's\n" +
				"state every N updates instead of every 5 minutes, and on an\n" +
				"interrupt, in <key>.ckpt beside its result; an unfinished run\n" +
				"resumes from it when run again)",
			flags: runVerb},
		{name: "status", args: "FILE.sweep",
			short: "count done, failed, stopped and missing runs; list the runs in\n" +
				"progress, the failed ones with their error and the end of their\n" +
				"log (<key>.log), those an asha rule stopped with its decision,\n" +
				"and the missing ones",
			flags: statusVerb},
		{name: "collect", args: "FILE.sweep",
			short: "write the plan's results as one long CSV and print the report",
			flags: collectVerb},
		{name: "plot", args: "FILE.sweep",
			short: "draw a measurement's curves, one colour per cell, the median and a\n" +
				"quantile band of its runs, legend outside the data, to a PNG, SVG\n" +
				"or PDF file",
			flags: plotVerb},
		{name: "emit slurm", args: "FILE.sweep",
			short: "print a Slurm array script (sbatch is short for emit slurm)",
			flags: func(fs *flag.FlagSet) func(context.Context, *sweeper, []string) error {
				return emitVerb(fs, "emit slurm", dsl.Sbatch)
			}},
		{name: "emit k8s", args: "FILE.sweep",
			short: "print a Kubernetes Indexed Job; FILE and -out are taken relative to\n" +
				"the claim, mounted at /sweep (k8s is short for emit k8s)",
			flags: func(fs *flag.FlagSet) func(context.Context, *sweeper, []string) error {
				return emitVerb(fs, "emit k8s", dsl.KubeJob)
			}},
	}
}

// verbAliases are the short names of verbs.
var verbAliases = map[string]string{"sbatch": "emit slurm", "k8s": "emit k8s"}

// findVerb returns the verb called name (or an alias of it), or nil.
func findVerb(name string) *sweepVerb {
	if long, ok := verbAliases[name]; ok {
		name = long
	}
	for _, v := range sweepVerbs {
		if v.name == name {
			return v
		}
	}
	return nil
}

// verbNames returns the names of the verbs and their aliases.
func verbNames() []string {
	var out []string
	for _, v := range sweepVerbs {
		out = append(out, v.name)
	}
	for a := range verbAliases {
		out = append(out, a)
	}
	return out
}

// sweepUsageTail is the part of the sweep help after the list of verbs.
const sweepUsageTail = `
rbm-kernel sweep help COMMAND (or COMMAND -h) lists a command's flags.

-set NAME=VALUE (repeatable; check, plan, run, status, collect, plot) overrides
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

// sweepUsage returns the help of the sweep command: the verbs, each with
// its description, then what they share.
func sweepUsage() string {
	var b strings.Builder
	b.WriteString("usage: rbm-kernel sweep <command> [flags] FILE.sweep\n\ncommands:\n")
	for _, v := range sweepVerbs {
		lines := strings.Split(v.short, "\n")
		fmt.Fprintf(&b, "  %-11s %s\n", v.name, lines[0])
		for _, l := range lines[1:] {
			fmt.Fprintf(&b, "  %-11s %s\n", "", l)
		}
	}
	b.WriteString(sweepUsageTail)
	return b.String()
}

// describeVerb is `sweep describe [NAME]`, which takes no flags.
func describeVerb(fs *flag.FlagSet) func(context.Context, *sweeper, []string) error {
	return func(ctx context.Context, s *sweeper, args []string) error {
		if len(args) > 1 {
			return usage(fmt.Errorf("sweep describe: want at most one name, found %d arguments", len(args)))
		}
		name := ""
		if len(args) == 1 {
			name = args[0]
		}
		text, err := dsl.DescribeName(s.reg, name)
		if err != nil {
			return err
		}
		fmt.Fprint(s.stdout, text)
		return nil
	}
}

func checkVerb(fs *flag.FlagSet) func(context.Context, *sweeper, []string) error {
	var f sweepFile
	f.define(fs, true)
	return func(ctx context.Context, s *sweeper, args []string) error {
		file, spec, err := f.compile(s, "check", args)
		if err != nil {
			return err
		}
		return usage(dsl.WriteCheck(s.stdout, file, spec))
	}
}

func planVerb(fs *flag.FlagSet) func(context.Context, *sweeper, []string) error {
	return planned(fs, "plan", true, func(s *sweeper, plan *dsl.Plan, _ string) error {
		dsl.WritePlan(s.stdout, plan)
		return nil
	})
}

func runVerb(fs *flag.FlagSet) func(context.Context, *sweeper, []string) error {
	var f sweepFile
	f.define(fs, false)
	workers := fs.Int("workers", 0, "runs at once (0: all cores)")
	shardFlag := fs.String("shard", "", "run shard i/n of the runs (default: from the environment, see sweep help)")
	retry := fs.Bool("retry", true, "run again runs whose stored result is a failure (the default; -retry=false is -no-retry)")
	noRetry := fs.Bool("no-retry", false, "keep the stored results of failed runs instead of running them again")
	replace := fs.Bool("replace", false, "make this plan the result folder's, moving results of other runs aside")
	ckptEvery := fs.Int("checkpoint", 0, "updates between checkpoints of a run (0: every 5 minutes)")
	return func(ctx context.Context, s *sweeper, args []string) error {
		if s.run == nil {
			return errors.New("sweep run: no run function")
		}
		file, err := f.file("run", args)
		if err != nil {
			return err
		}
		shard, err := dsl.ShardFromEnv(nil)
		if *shardFlag != "" {
			shard, err = dsl.ParseShard(*shardFlag)
		}
		if err != nil {
			return usage(fmt.Errorf("sweep run: -shard: %w", err))
		}
		if *ckptEvery < 0 {
			return usage(fmt.Errorf("sweep run: -checkpoint %d is negative", *ckptEvery))
		}
		src, err := f.read(file)
		if err != nil {
			return err
		}
		sw, err := dsl.RunSource(ctx, file, src, s.reg, s.run, &dsl.SourceOptions{
			Sets:   f.sets,
			Folder: func(*dsl.Spec) string { return f.out },
			Options: dsl.Options{Workers: *workers, Shard: shard, NoRetry: *noRetry || !*retry, Replace: *replace, CheckpointEvery: *ckptEvery,
				Progress: func(done, failed, total int, eta time.Duration) {
					fmt.Fprintf(s.stderr, "\r%d/%d runs, %d failed, eta %v   ", done, total, failed, eta.Round(time.Second))
				}},
		})
		var stage *dsl.StageError
		if errors.As(err, &stage) {
			switch stage.Stage {
			case dsl.StageCompile:
				return s.compileError(file, stage.Err)
			case dsl.StagePlan:
				return usage(stage.Err)
			}
			if sw == nil || stage.Stage != dsl.StageResults {
				return stage.Err // the folder cannot be opened
			}
			err = nil // the runs are stored; only reading them back failed
		}
		if errors.As(err, new(*dsl.PlanChangedError)) {
			return usage(err)
		}
		if sw != nil && sw.Summary != nil {
			sum := sw.Summary
			fmt.Fprintf(s.stderr, "\n")
			if sum.Note != "" {
				fmt.Fprintf(s.stderr, "%s: %s\n", f.out, sum.Note)
			}
			fmt.Fprintln(s.stdout, sum)
			if err == nil && sum.Failed+sum.KeptFailed > 0 {
				err = &runsFailedError{Failed: sum.Failed, Kept: sum.KeptFailed}
			}
		}
		return err
	}
}

func statusVerb(fs *flag.FlagSet) func(context.Context, *sweeper, []string) error {
	return planned(fs, "status", false, func(s *sweeper, plan *dsl.Plan, out string) error {
		return dsl.WriteStatus(s.stdout, plan, out)
	})
}

func collectVerb(fs *flag.FlagSet) func(context.Context, *sweeper, []string) error {
	csvPath := fs.String("csv", "", "CSV file to write (default: <out>/results.csv)")
	md := fs.Bool("md", false, "print the report as Markdown")
	return planned(fs, "collect", false, func(s *sweeper, plan *dsl.Plan, out string) error {
		return dsl.Collect(plan, out, *csvPath, *md, s.stdout, s.stderr)
	})
}

func plotVerb(fs *flag.FlagSet) func(context.Context, *sweeper, []string) error {
	measure := fs.String("measure", "", "measurement to plot (default: the file's first)")
	by := fs.String("by", "", "axes whose cells get a curve each, comma-separated (default: every axis)")
	q := fs.Float64("q", 0.25, "band between the q- and (1-q)-quantiles of a cell's runs")
	to := fs.String("to", "", "image file to write: .png, .svg or .pdf (default: <out>/<measure>.png)")
	return planned(fs, "plot", false, func(s *sweeper, plan *dsl.Plan, out string) error {
		return dsl.PlotFile(plan, out, *measure, *by, *q, *to, s.stderr)
	})
}

// planned returns the run function of a verb that reads the sweep file
// of its arguments, with -out (unless noOut) and -set, plans its runs and
// then does do with the plan and the result folder.
func planned(fs *flag.FlagSet, verb string, noOut bool, do func(s *sweeper, plan *dsl.Plan, out string) error) func(context.Context, *sweeper, []string) error {
	f := &sweepFile{}
	f.define(fs, noOut)
	return func(ctx context.Context, s *sweeper, args []string) error {
		plan, err := f.plan(s, verb, args)
		if err != nil {
			return err
		}
		return do(s, plan, f.out)
	}
}

// emitVerb defines the flags of emit slurm and emit k8s, whose cluster
// file write makes.
func emitVerb(fs *flag.FlagSet, verb string, write func(dsl.ClusterOptions) (string, error)) func(context.Context, *sweeper, []string) error {
	var f sweepFile
	f.define(fs, false)
	o := dsl.ClusterOptions{}
	fs.IntVar(&o.Shards, "shards", 1, "number of array tasks")
	fs.IntVar(&o.CPUs, "cpus", 1, "CPUs (and workers) per task")
	fs.StringVar(&o.Memory, "mem", "", "memory per task, e.g. 4G")
	fs.StringVar(&o.Name, "name", "", "job name (default: the file name)")
	if verb == "emit slurm" {
		fs.StringVar(&o.Time, "time", "", "time limit per task")
	} else {
		fs.StringVar(&o.Image, "image", "", "container image")
		fs.StringVar(&o.Claim, "claim", "", "volume claim mounted at /sweep")
		fs.IntVar(&o.Parallelism, "parallel", 0, "pods at once (0: all)")
	}
	return func(ctx context.Context, s *sweeper, args []string) error {
		file, err := f.file(verb, args)
		if err != nil {
			return err
		}
		if len(f.sets) > 0 {
			return usage(fmt.Errorf("sweep emit: -set is not passed on to the cluster tasks; write the overrides into %s (or a copy of it) instead", file))
		}
		if _, err := f.plan(s, verb, args); err != nil {
			return err
		}
		o.SweepFile, o.OutDir = file, f.out
		if o.Name == "" {
			o.Name = strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
		}
		text, err := write(o)
		if err != nil {
			return usage(err)
		}
		fmt.Fprint(s.stdout, text)
		return nil
	}
}
