package dsl

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// This file holds what the command line's verbs print, so that a
// notebook or another program can print the same: check's axes and
// count, plan's list of runs, status's count and lists, collect's CSV
// and report. The command line itself (flags, files, exit statuses) is
// cmd/rbm-kernel's.

// Exit statuses of `rbm-kernel sweep` beyond 0 (success) and 1 (an error
// such as an unwritable result folder), on which the cluster files that
// Sbatch and KubeJob write rely.
const (
	// ExitUsage is the status of a mistake in the command line or the
	// sweep file: running the task again cannot help.
	ExitUsage = 2
	// ExitRunsFailed is the status of a run that leaves failed runs.
	ExitRunsFailed = 3
	// ExitInterrupted is the status of a sweep stopped by SIGINT or
	// SIGTERM, as shells report a process ended by SIGINT (128+2).
	ExitInterrupted = 130
)

// UsageError is an error of PlotFile or DescribeName that is the
// caller's mistake (an unknown measurement, axis or name) rather than a
// failure; the command line exits with its usage status (2) for it.
type UsageError struct{ Err error }

// Error returns the message of the wrapped error.
func (e *UsageError) Error() string { return e.Err.Error() }

// Unwrap returns the wrapped error.
func (e *UsageError) Unwrap() error { return e.Err }

// usage wraps err, if not nil, in a *UsageError.
func usage(err error) error {
	if err == nil {
		return nil
	}
	return &UsageError{err}
}

// WriteCheck writes to w what `sweep check` prints of spec, compiled
// from filename: each axis with its levels, the asha rule's rungs, and
// the number of runs. The runs are counted, not planned: a plan of
// millions of runs needs gigabytes.
func WriteCheck(w io.Writer, filename string, spec *Spec) error {
	n, err := CountRuns(spec)
	if err != nil {
		return err
	}
	for _, a := range spec.Axes {
		fmt.Fprintf(w, "axis %s: %s\n", a.Name, formatValues(a.Values))
	}
	if r := spec.ASHA; r != nil {
		fmt.Fprintf(w, "%s: rungs at updates %s\n", r, strings.Trim(fmt.Sprint(r.Rungs), "[]"))
	}
	fmt.Fprintf(w, "%s: %d runs (%d repeats)\n", filename, n, spec.Repeats)
	return nil
}

// WritePlan writes to w what `sweep plan` prints: a line a run, with its
// index, key, seed, repeat and axis levels, separated by tabs.
func WritePlan(w io.Writer, plan *Plan) {
	for _, j := range plan.Jobs {
		var lv []string
		for _, a := range j.Axes {
			lv = append(lv, a.Name+"="+formatValue(a.Value))
		}
		fmt.Fprintf(w, "%d\t%s\t%d\trepeat=%d %s\n", j.Index, j.Key, j.Seed, j.Repeat, strings.Join(lv, " "))
	}
}

// WriteStatus writes to w what `sweep status` prints of the result
// folder dir: the plan's runs counted done, failed, stopped, missing and
// running, a note when the folder holds another plan, then the runs in
// progress, the failed ones with their error and the end of their log,
// those an asha rule stopped, and the missing ones.
func WriteStatus(w io.Writer, plan *Plan, dir string) error {
	store := &Store{Dir: dir}
	results, err := LoadResults(dir)
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
	fmt.Fprintln(w, line)
	if err := FolderNote(w, dir, plan, rep.Other); err != nil {
		return err
	}
	writeStatus(w, store, plan, results, running)
	return nil
}

// Collect does what `sweep collect` does: it writes the results in dir
// of plan's runs as one long CSV file, csvPath (default
// dir/results.csv), and their report to stdout, as Markdown if md;
// notes on the folder and the file written go to stderr.
func Collect(plan *Plan, dir, csvPath string, md bool, stdout, stderr io.Writer) error {
	all, err := LoadResults(dir)
	if err != nil {
		return err
	}
	results, other := plan.Select(all)
	if err := FolderNote(stderr, dir, plan, other); err != nil {
		return err
	}
	path := csvPath
	if path == "" {
		path = filepath.Join(dir, "results.csv")
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
	if md {
		fmt.Fprint(stdout, rep.Markdown())
	} else {
		fmt.Fprint(stdout, rep.Text())
	}
	fmt.Fprintf(stderr, "wrote %s\n", path)
	return nil
}

// FolderNote writes to w, when the folder dir records another plan than
// plan or holds other results, what differs and that those results are
// not counted: the note of status, collect and plot on a folder that
// holds more than the plan.
func FolderNote(w io.Writer, dir string, plan *Plan, other int) error {
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
