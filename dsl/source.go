package dsl

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

// SourceOptions are the settings of RunSource. A nil *SourceOptions means
// the zero value: no overrides, the default folder, Run's defaults.
type SourceOptions struct {
	// Sets are -set NAME=VALUE overrides of the source (CompileWith).
	Sets []string
	// Folder returns the result folder of the compiled sweep; nil means
	// the file name without its extension plus ".results", the command
	// line's default.
	Folder func(spec *Spec) string
	// Start, if not nil, is called once the plan is made and the folder
	// open, before any run, with a Sweep whose Name, Dir and Plan are
	// set: where a caller shows the folder or starts a progress bar.
	Start func(s *Sweep)
	// Options are Run's options: workers, shard, retries, replacing the
	// folder's plan, checkpoints, the command recorded, and Progress, the
	// observer of the runs.
	Options
}

// Stages of RunSource before its runs, named by a StageError.
const (
	StageCompile = "compile" // the source or an override has errors
	StagePlan    = "plan"    // the runs cannot be planned
	StageFolder  = "folder"  // the result folder cannot be opened
	StageResults = "results" // the results cannot be read back or reported
)

// StageError is an error of RunSource outside its runs: Stage says where
// (StageCompile, StagePlan, StageFolder, StageResults) and Err is the
// error, for StageCompile a scanner.ErrorList with every error of the
// source at its file:line:col when the source has errors.
type StageError struct {
	Stage string
	Err   error
}

// Error returns the stage and the error.
func (e *StageError) Error() string { return e.Stage + ": " + e.Err.Error() }

// Unwrap returns Err.
func (e *StageError) Unwrap() error { return e.Err }

// RunSource runs a sweep from its source, the one sequence that the
// command line's `sweep run` and the %%sweep cell magic share: it
// compiles src (named filename in errors) against reg with o.Sets,
// plans the runs, opens the result folder (o.Folder), calls o.Start,
// runs the runs without a result with fn under ctx (Run, with
// o.Options), and reads the plan's results back into a report.
//
// It returns the sweep, with the summary of Run, the results of the
// plan's runs and their report, and Run's error (ctx's error when
// interrupted, a failure to store a result), or else an error in reading
// the results back (a *StageError of StageResults; the report is then
// nil, as it is when Run failed and the results could not be read). An
// error before the runs is a *StageError with a nil sweep, and so is a
// *PlanChangedError of Run, as nothing ran.
func RunSource(ctx context.Context, filename string, src []byte, reg Registry, fn RunFunc, o *SourceOptions) (*Sweep, error) {
	if o == nil {
		o = &SourceOptions{}
	}
	spec, err := CompileWith(filename, src, reg, o.Sets)
	if err != nil {
		return nil, &StageError{StageCompile, err}
	}
	plan, err := NewPlan(spec)
	if err != nil {
		return nil, &StageError{StagePlan, err}
	}
	dir := strings.TrimSuffix(filename, filepath.Ext(filename)) + ".results"
	if o.Folder != nil {
		dir = o.Folder(spec)
	}
	store, err := OpenStore(dir)
	if err != nil {
		return nil, &StageError{StageFolder, err}
	}
	sw := &Sweep{Name: spec.Name, Dir: dir, Plan: plan}
	if o.Start != nil {
		o.Start(sw)
	}
	sum, runErr := Run(ctx, plan, store, fn, &o.Options)
	if errors.As(runErr, new(*PlanChangedError)) {
		return nil, runErr
	}
	sw.Summary = sum
	all, err := LoadResults(dir)
	if err == nil {
		sw.Results, _ = plan.Select(all)
		sw.Report, err = NewReport(plan, sw.Results)
		if err != nil {
			err = fmt.Errorf("report: %w", err)
		}
	} else {
		err = fmt.Errorf("loading the results: %w", err)
	}
	if runErr != nil {
		return sw, runErr
	}
	if err != nil {
		return sw, &StageError{StageResults, err}
	}
	return sw, nil
}
