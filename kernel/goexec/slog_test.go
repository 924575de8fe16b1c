package goexec

import (
	"regexp"
	"testing"
)

// TestCompiledLoggersWriteToCell: slog's default logger and the process's
// standard logger (log.Default(), which compiled code logs through)
// wrote to the worker's stderr, which no cell showed; go run writes them
// to stderr, which in a notebook is the cell's. slog.SetDefault redirects
// a cell's log.Print as in Go, and a new session starts with Go's
// default logger again. The lines are go run's (the time left out).
func TestCompiledLoggersWriteToCell(t *testing.T) {
	e := newExec(t)
	_, rec := run(t, e, "import \"log/slog\"\nslog.Info(\"s\")\nslog.Default().Warn(\"w\", \"k\", 1)\nlog.Print(\"plain\")")
	stamp := `\d{4}/\d\d/\d\d \d\d:\d\d:\d\d `
	want := regexp.MustCompile("^" + stamp + "INFO s\n" + stamp + "WARN w k=1\n" + stamp + "plain\n$")
	if got := rec.stream("stderr"); !want.MatchString(got) {
		t.Errorf("wrote %q to stderr, want go run's %q", got, want)
	}
	_, rec = run(t, e, "slog.SetDefault(slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {\n"+
		"\tif a.Key == \"time\" {\n\t\treturn slog.Attr{}\n\t}\n\treturn a\n}})))\nlog.Print(\"x\")\nslog.Info(\"y\", \"n\", 2)")
	if got, want := rec.stream("stdout"), "level=INFO msg=x\nlevel=INFO msg=y n=2\n"; got != want || rec.stream("stderr") != "" {
		t.Errorf("printed %q and %q to stderr, want go run's %q", got, rec.stream("stderr"), want)
	}
	e = newExec(t)
	_, rec = run(t, e, "import \"log/slog\"\nslog.Info(\"again\")")
	if got, want := rec.stream("stderr"), regexp.MustCompile("^"+stamp+"INFO again\n$"); !want.MatchString(got) {
		t.Errorf("a new session wrote %q to stderr, want %q", got, want)
	}
}
