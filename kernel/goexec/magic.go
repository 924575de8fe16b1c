package goexec

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"go/parser"
	"go/scanner"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"time"
	"unicode"

	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/dsl/library"
	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// cellMagic splits a cell whose first line is a cell magic "%%name args"
// into the name, the arguments of the first line and the body (the rest
// of the cell, from its second line). ok is false for other cells.
func cellMagic(code string) (name, args, body string, ok bool) {
	if !strings.HasPrefix(code, "%%") {
		return "", "", "", false
	}
	first, body, _ := strings.Cut(code, "\n")
	first = strings.TrimSpace(first[2:])
	name, args, _ = strings.Cut(first, " ")
	return name, strings.TrimSpace(args), body, true
}

// magic runs a cell magic: %%sweep or %%compile.
func (e *Executor) magic(ctx context.Context, code, name, args, body string) (*kernel.ExecResult, error) {
	switch name {
	case "sweep":
		return e.sweepMagic(ctx, code, args, body)
	case "compile":
		return e.compileMagic(ctx, code, args, body)
	}
	msg := fmt.Sprintf("unknown cell magic %%%%%s (the kernel knows %%%%sweep and %%%%compile)", name)
	return nil, &kernel.ExecError{Name: "UsageError", Value: msg, Traceback: []string{msg}}
}

// sweepError is the failure of a %%sweep cell.
func sweepError(format string, a ...any) *kernel.ExecError {
	msg := fmt.Sprintf(format, a...)
	return &kernel.ExecError{Name: "SweepError", Value: msg, Traceback: []string{msg}}
}

// sweepDir is the default result folder of a sweep named name:
// sweeps/<name> with every run of characters other than letters, digits,
// '-', '_' and '.' replaced by one '-' ("sweep" for an empty name).
func sweepDir(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.TrimSpace(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' || r == '.' {
			b.WriteRune(r)
			dash = false
		} else if !dash {
			b.WriteByte('-')
			dash = true
		}
	}
	s := strings.Trim(b.String(), "-.")
	if s == "" {
		s = "sweep"
	}
	return filepath.Join("sweeps", s)
}

// sweepMagic runs a %%sweep cell: the flags of its first line (split at
// spaces, quotes keeping a value whole), its body a sweep file compiled
// against library.Registry() with the line's -set overrides (dsl.SetFlags,
// as the command line) by dsl.RunSource, which the command line's run
// shares. It runs the runs that have no
// result in the result folder yet, or a failed one, with library.Run
// under ctx (each result records the magic line as its command), showing
// a progress bar, shows the report as Markdown, and sets the session
// variable (-var, default sweep) to a *dsl.Sweep of the plan, the run's
// summary, the results of the plan's runs and the report. A folder of
// another plan fails the cell before anything runs, unless -replace is
// given (dsl.Store.Bind).
func (e *Executor) sweepMagic(ctx context.Context, code, args, body string) (*kernel.ExecResult, error) {
	fs := flag.NewFlagSet("%%sweep", flag.ContinueOnError)
	var usage bytes.Buffer
	fs.SetOutput(&usage)
	out := fs.String("out", "", "result folder (default: sweeps/<name of the sweep>)")
	workers := fs.Int("workers", 0, "runs at once (0: all cores)")
	varName := fs.String("var", "sweep", "the variable set to the loaded *dsl.Sweep")
	replace := fs.Bool("replace", false, "make this plan the result folder's, moving results of runs not in it aside")
	var sets dsl.SetFlags
	fs.Var(&sets, "set", "override NAME=VALUE (repeatable): a setting, an axis's levels or a parameter")
	fields, err := splitMagicArgs(args)
	if err != nil {
		return nil, sweepError("%%%%sweep: %v", err)
	}
	if err := fs.Parse(fields); err != nil {
		return nil, sweepError("%%%%sweep: %v\nusage: %%%%sweep [-out DIR] [-workers N] [-var NAME] [-replace] [-set NAME=VALUE]...\n%s", err, usage.String())
	}
	if fs.NArg() > 0 {
		return nil, sweepError("%%%%sweep: unexpected arguments %q; the sweep file goes on the lines below", fs.Args())
	}
	if !token.IsIdentifier(*varName) {
		return nil, sweepError("%%%%sweep: -var %q is not a Go identifier", *varName)
	}
	var bar *display.Progress
	sw, runErr := dsl.RunSource(ctx, cellFile, []byte(body), library.Registry(), library.Run, &dsl.SourceOptions{
		Sets: sets,
		Folder: func(spec *dsl.Spec) string {
			if *out != "" {
				return *out
			}
			return sweepDir(spec.Name)
		},
		Start: func(sw *dsl.Sweep) {
			label := sw.Name
			if label == "" {
				label = "sweep"
			}
			bar = display.NewProgress(label)
		},
		Options: dsl.Options{
			Workers: *workers,
			Replace: *replace,
			Command: append([]string{"%%sweep"}, fields...),
			Progress: func(done, failed, total int, eta time.Duration) {
				bar.Update(done, total, fmt.Sprintf("%d failed", failed))
			},
		},
	})
	if bar != nil {
		bar.Done()
	}
	var stage *dsl.StageError
	switch {
	case errors.As(runErr, &stage) && stage.Stage == dsl.StageCompile:
		return nil, sweepCompileError(code, stage.Err)
	case errors.As(runErr, &stage) && stage.Stage == dsl.StagePlan:
		return nil, sweepError("%%%%sweep: planning the runs: %v", stage.Err)
	case errors.As(runErr, &stage) && stage.Stage == dsl.StageFolder:
		return nil, sweepError("%%%%sweep: opening the result folder: %v", stage.Err)
	case sw == nil:
		return nil, sweepError("%%%%sweep: %v", runErr) // a folder of another plan
	}
	dir, sum, rep := sw.Dir, sw.Summary, sw.Report
	if sum != nil && sum.Note != "" {
		e.out.write(0, []byte(fmt.Sprintf("%s: %s\n", dir, sum.Note)))
	}
	if sum != nil {
		e.out.write(0, []byte(fmt.Sprintf("%s: %s\n", dir, sum)))
	}
	if errors.As(runErr, &stage) { // the results could not be read back
		return nil, sweepError("%%%%sweep: %v", stage.Err)
	}
	if err := e.setSweepVar(*varName, sw); err != nil {
		return nil, sweepError("%%%%sweep: setting the variable %s: %v", *varName, err)
	}
	if runErr != nil {
		if ctx.Err() != nil {
			have := "some"
			if rep != nil {
				have = fmt.Sprint(rep.Results)
			}
			return nil, &kernel.ExecError{
				Name:  "Interrupted",
				Value: "the sweep was interrupted",
				Traceback: []string{fmt.Sprintf("Interrupted: the sweep was interrupted; %s of %d runs have a result in %s, run the cell again to run the rest",
					have, len(sw.Plan.Jobs), dir)},
			}
		}
		return nil, sweepError("%%%%sweep: %v", runErr)
	}
	if rep != nil {
		display.Markdown(rep.Markdown())
	}
	if sum != nil && sum.Failed > 0 {
		return nil, sweepError("%%%%sweep: %d runs failed: %s", sum.Failed, strings.Join(sum.Errors, "; "))
	}
	return &kernel.ExecResult{}, nil
}

// splitMagicArgs splits the flags of a magic line at spaces, as a shell
// would for words without special characters: a part in single or double
// quotes is kept whole, quotes removed, so that -set "rate=[0.1, 0.2]"
// is one flag value. An unclosed quote is an error.
func splitMagicArgs(args string) ([]string, error) {
	var out []string
	var word strings.Builder
	inWord := false
	var quote rune
	for _, r := range args {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			word.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case unicode.IsSpace(r):
			if inWord {
				out = append(out, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unclosed %c in the flags %q", quote, strings.TrimSpace(args))
	}
	if inWord {
		out = append(out, word.String())
	}
	return out, nil
}

// sweepCompileError turns the errors of dsl.Compile on the body of a
// %%sweep cell into a SweepError whose traceback has every error as
// "line:col: message", the line counted in the cell (the magic line is
// line 1), and the source line of the first.
func sweepCompileError(code string, err error) *kernel.ExecError {
	var list scanner.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		return sweepError("%%%%sweep: %v", err)
	}
	e := &kernel.ExecError{Name: "SweepError"}
	for i, se := range list {
		if se.Pos.Filename != cellFile {
			// An error of a -set override names it: "-set hiden=3: …"
			// or, in its value, "-set rate:1:7: …".
			e.Traceback = append(e.Traceback, se.Error())
			if i == 0 {
				e.Value = se.Error()
			}
			continue
		}
		p := cellPos{line: se.Pos.Line + 1, col: se.Pos.Column}
		line := fmt.Sprintf("%d:%d: %s", p.line, p.col, se.Msg)
		e.Traceback = append(e.Traceback, line)
		if i == 0 {
			e.Value = line
			e.Traceback = append(e.Traceback, sourceLines(code, p)...)
		}
	}
	if len(list) > 1 {
		e.Value = fmt.Sprintf("%s (and %d more errors)", e.Value, len(list)-1)
	}
	return e
}

// lastSweep is called (as __goexec.Sweep) by the declaration that
// setSweepVar runs.
func (e *Executor) lastSweep() *dsl.Sweep {
	e.run.mu.Lock()
	defer e.run.mu.Unlock()
	return e.run.sweep
}

// setSweepVar sets the session variable name to s: directly when it exists
// with type *dsl.Sweep, otherwise by declaring it, "var name =
// __goexec.Sweep()".
func (e *Executor) setSweepVar(name string, s *dsl.Sweep) error {
	e.run.mu.Lock()
	e.run.sweep = s
	e.run.mu.Unlock()
	if g := e.globals(); g != nil {
		if v, ok := g[name]; ok && v.CanSet() && reflect.TypeOf(s).AssignableTo(v.Type()) {
			v.Set(reflect.ValueOf(s))
			return nil
		}
	}
	f, err := parser.ParseFile(e.in.FileSet(), cellFile, declPrefix+"var "+name+" = "+rtName+".Sweep()\n", 0)
	if err != nil {
		return err
	}
	prog, err := e.compile(f)
	if err != nil {
		return err
	}
	if _, err = e.in.Execute(prog); err != nil {
		return err
	}
	e.declareVar(name, "github.com/rbm-kernel/rbm-kernel/dsl", "Sweep", true)
	return nil
}
