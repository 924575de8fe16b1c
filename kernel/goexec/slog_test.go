package goexec

import (
	"context"
	"regexp"
	"strings"
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

// slogDecls and slogBody are a program's declarations and main body,
// run as two cells; slogGoRun is what go run prints for the program.
const slogDecls = "import (\n\t\"context\"\n\t\"io\"\n\t\"log/slog\"\n)\n" + `
type S struct{ a, b int }
type T struct{ n int }

func (t T) String() string { return fmt.Sprintf("T<%d>", t.n) }

type E struct{ code int }

func (e E) Error() string { return fmt.Sprintf("E%d <x>", e.code) }

type J struct {
	A int ` + "`json:\"a\"`" + `
	b int
	S S
	P *T
}

type inner struct{ X, y int }
type Emb struct {
	inner
	Z string
}

func noTime(groups []string, a slog.Attr) slog.Attr {
	if a.Key == "time" && len(groups) == 0 {
		return slog.Attr{}
	}
	return a
}

type mine struct{ out io.Writer }

func (h mine) Enabled(context.Context, slog.Level) bool { return true }
func (h mine) Handle(_ context.Context, r slog.Record) error {
	r.Attrs(func(a slog.Attr) bool {
		v := a.Value.Any()
		switch x := v.(type) {
		case S:
			fmt.Fprintf(h.out, "%s: an S %d %d\n", a.Key, x.a, x.b)
		default:
			fmt.Fprintf(h.out, "%s: %T %v\n", a.Key, v, v)
		}
		return true
	})
	return nil
}
func (h mine) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h mine) WithGroup(string) slog.Handler      { return h }
`

const slogBody = `opts := &slog.HandlerOptions{ReplaceAttr: noTime}
tl := slog.New(slog.NewTextHandler(os.Stdout, opts))
jl := slog.New(slog.NewJSONHandler(os.Stdout, opts))
for _, l := range []*slog.Logger{tl, jl} {
	l.Info("hi", "s", S{1, 2}, "t", T{3}, "p", &S{4, 5})
	l.Warn("e", "err", E{7}, "pe", &E{8}, slog.Any("j", J{A: 1, b: 2, S: S{3, 4}, P: &T{5}}), "emb", Emb{inner{1, 2}, "z"})
	var v any = S{6, 7}
	xs := []any{"k", T{8}, "ts", []T{{9}, {10}}}
	l.With("w", S{11, 12}).Error("with", "v", v, slog.Group("g", "s", S{13, 14}))
	l.Log(context.Background(), slog.LevelDebug+4, "log", xs...)
	l.InfoContext(context.Background(), "ctx", "m", map[string]S{"x": {15, 16}}, "av", slog.AnyValue(T{17}))
}
slog.New(mine{os.Stdout}).Info("mine", "s", S{1, 2}, "t", T{3})
slog.Info("m", "s", S{1, 2})`

const slogGoRun = `level=INFO msg=hi s="{a:1 b:2}" t=T<3> p="&{a:4 b:5}"
level=WARN msg=e err="E7 <x>" pe="E8 <x>" j="{A:1 b:2 S:{a:3 b:4} P:T<5>}" emb="{inner:{X:1 y:2} Z:z}"
level=ERROR msg=with w="{a:11 b:12}" v="{a:6 b:7}" g.s="{a:13 b:14}"
level=INFO msg=log k=T<8> ts="[T<9> T<10>]"
level=INFO msg=ctx m="map[x:{a:15 b:16}]" av=T<17>
{"level":"INFO","msg":"hi","s":{},"t":{},"p":{}}
{"level":"WARN","msg":"e","err":"E7 <x>","pe":"E8 <x>","j":{"a":1,"S":{},"P":{}},"emb":{"X":1,"Z":"z"}}
{"level":"ERROR","msg":"with","w":{},"v":{},"g":{"s":{}}}
{"level":"INFO","msg":"log","k":{},"ts":[{},{}]}
{"level":"INFO","msg":"ctx","m":{"x":{}},"av":{}}
s: an S 1 2
t: main.T T<3>
`

// TestSlogValuesAsGo: values of the session's types given to log/slog
// (the functions, a Logger's methods, With, Group, Any, AnyValue, a
// spread []any) are written as go run writes them by the TextHandler
// (fmt's %+v: Go's field names, String and Error methods), the
// JSONHandler (encoding/json: unexported fields left out, an error's
// Error text) and the default handler, and a handler of the cell's own
// gets the value itself from Value.Any(). yaegi's values were written:
// s="{Xa:1 Xb:2}" t={Xn:3}, {"Xa":1,"Xb":2}.
func TestSlogValuesAsGo(t *testing.T) {
	e := newExec(t)
	run(t, e, slogDecls)
	_, rec := run(t, e, slogBody)
	if got := rec.stream("stdout"); got != slogGoRun {
		t.Errorf("printed\n%s\nwant go run's\n%s", got, slogGoRun)
	}
	stamp := `\d{4}/\d\d/\d\d \d\d:\d\d:\d\d `
	if got, want := rec.stream("stderr"), regexp.MustCompile("^"+stamp+"INFO m s=\"{a:1 b:2}\"\n$"); !want.MatchString(got) {
		t.Errorf("wrote %q to stderr, want go run's %q", got, want)
	}
}

// TestSlogValuesRefused: a value of a session type with a method that
// slog's handlers call (LogValue; go run writes lv=3) is refused before
// the cell runs (yaegi's value was written without it: lv={Xn:3}); a
// value the JSONHandler cannot write as Go does (a value of the session
// held by an interface field: go run {"V":{}}) is written as the reason,
// as slog writes a value's error, and the cell goes on.
func TestSlogValuesRefused(t *testing.T) {
	e := newExec(t)
	run(t, e, "import \"log/slog\"\n\ntype S struct{ a, b int }\n\ntype H struct{ V any }\n\ntype LV struct{ n int }\n\n"+
		"func (l LV) LogValue() slog.Value { return slog.IntValue(l.n) }")
	ee, rec := fail(t, e, context.Background(), "fmt.Println(\"before\")\nslog.New(slog.NewTextHandler(os.Stdout, nil)).Info(\"h\", \"lv\", LV{3})")
	msg := "(*slog.Logger).Info of a main.LV cannot run in the interpreter: slog's handlers would call main.LV's LogValue method, " +
		"which the interpreter does not give to compiled code (they would write its fields); pass what the method gives instead " +
		"(x.LogValue()), or run this code compiled (a cell with func main, or %%compile)"
	if ee.Name != "CompileError" || ee.Value != msg || ee.Traceback[0] != "cell line 2, column 63: "+msg || rec.stream("stdout") != "" {
		t.Errorf("%s %q %q, printed %q; want the CompileError %q", ee.Name, ee.Value, ee.Traceback, rec.stream("stdout"), msg)
	}
	_, rec = run(t, e, "slog.New(slog.NewJSONHandler(os.Stdout, nil)).Info(\"h\", \"h\", H{S{1, 2}})\nfmt.Println(\"after\")")
	msg = "slog's JSONHandler of a main.H cannot run in the interpreter: a value of the session held by an interface (interface {}) " +
		"is not known to it; log it with a TextHandler, or copy the value into a struct of exported fields"
	if got := rec.stream("stdout"); !strings.HasSuffix(got, `,"level":"INFO","msg":"h","h":"!ERROR:`+msg+"\"}\nafter\n") {
		t.Errorf("printed %q, want the reason %q in place of the value, then after", got, msg)
	}
	// A TextHandler writes it as go run does.
	_, rec = run(t, e, "slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {\n"+
		"\tif a.Key == \"time\" {\n\t\treturn slog.Attr{}\n\t}\n\treturn a\n}})).Info(\"h\", \"h\", H{S{1, 2}})")
	if got, want := rec.stream("stdout"), "level=INFO msg=h h=\"{V:{a:1 b:2}}\"\n"; got != want {
		t.Errorf("printed %q, want go run's %q", got, want)
	}
}
