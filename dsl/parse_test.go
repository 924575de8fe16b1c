package dsl

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/scanner"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// describePlan writes a plan compactly for golden files: the axes, the run
// count, and the first and last runs with key, seed and configuration.
func describePlan(p *Plan) string {
	var b strings.Builder
	s := p.Spec
	fmt.Fprintf(&b, "name %q seed %d repeats %d updates %d\n", s.Name, s.Seed, s.Repeats, s.Updates)
	for _, a := range s.Axes {
		fmt.Fprintf(&b, "axis %s (%s, group %d): %s\n", a.Name, a.Type, a.Group, formatValues(a.Values))
	}
	fmt.Fprintf(&b, "paired %v\n", p.Paired)
	fmt.Fprintf(&b, "runs %d\n", len(p.Jobs))
	show := func(j *Job) {
		cfg, _ := jsonString(j.Config)
		fmt.Fprintf(&b, "run %d repeat %d key %s seed %d axes %v\n  %s\n", j.Index, j.Repeat, j.Key, j.Seed, j.Axes, cfg)
	}
	for i, j := range p.Jobs {
		if i < 3 || i == len(p.Jobs)-1 {
			show(j)
		}
	}
	for _, sm := range s.Summaries {
		fmt.Fprintf(&b, "summary %+v\n", sm)
	}
	for _, c := range s.Compares {
		fmt.Fprintf(&b, "compare %+v\n", c)
	}
	if s.ASHA != nil {
		fmt.Fprintf(&b, "%s: rungs %v\n", s.ASHA, s.ASHA.Rungs)
	}
	return b.String()
}

// TestGolden compiles every testdata/*.sweep file and compares the plan
// (for a valid file) or the full error list (for an invalid one) with
// testdata/<name>.golden. Run with -update to rewrite the golden files.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.sweep")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden inputs: %v", err)
	}
	reg := testRegistry(t)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".sweep")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var got string
			spec, err := Compile(filepath.Base(f), src, reg)
			if err != nil {
				got = "ERRORS\n" + errorLines(err)
			} else if p, err := NewPlan(spec); err != nil {
				got = "PLAN ERROR\n" + err.Error() + "\n"
			} else {
				got = describePlan(p)
			}
			if strings.HasPrefix(name, "err_") != strings.HasPrefix(got, "ERRORS") {
				t.Errorf("%s: file name says error=%v, but got:\n%s", f, strings.HasPrefix(name, "err_"), got)
			}
			golden := strings.TrimSuffix(f, ".sweep") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -run TestGolden -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s: got\n%s\nwant\n%s", f, got, want)
			}
		})
	}
}

// errorLines writes every error of a list on its own line, as
// `file:line:col: msg`.
func errorLines(err error) string {
	var b strings.Builder
	if l, ok := err.(scanner.ErrorList); ok {
		for _, e := range l {
			b.WriteString(e.Error() + "\n")
		}
		return b.String()
	}
	return err.Error() + "\n"
}

// TestErrorListFormat checks the one-line form of many errors: the first
// error with its position and "(and N more errors)".
func TestErrorListFormat(t *testing.T) {
	src := "seed x\nmodel binary(hidden = 1)\ndata nope\n"
	_, err := Compile("f.sweep", []byte(src), testRegistry(t))
	if err == nil {
		t.Fatal("no error")
	}
	want := `f.sweep:1:6: seed wants an integer, found name x (and 1 more errors)`
	if err.Error() != want {
		t.Errorf("got %q, want %q", err.Error(), want)
	}
}

// TestParsePartialTree checks that a file with a syntax error still gives
// the statements around it.
func TestParsePartialTree(t *testing.T) {
	f, err := ParseFile("p.sweep", []byte("seed 1\naxis rate = [0.1, ,]\nmodel binary(hidden = 3)\n"))
	if err == nil {
		t.Fatal("want a syntax error")
	}
	if len(f.Stmts) != 3 {
		t.Fatalf("got %d statements, want 3", len(f.Stmts))
	}
	if _, ok := f.Stmts[2].(*ComponentStmt); !ok {
		t.Errorf("statement 3 is %T, want *ComponentStmt", f.Stmts[2])
	}
	if !strings.Contains(err.Error(), "p.sweep:2:19: expected value, found ','") {
		t.Errorf("error %q lacks the position and the expected/found text", err)
	}
}

// TestSuggest checks the "did you mean" edit-distance rule.
func TestSuggest(t *testing.T) {
	names := []string{"cd", "pcd", "pt", "gibbs", "flip"}
	for _, c := range []struct{ in, want string }{
		{"pdc", ""}, {"gibs", "gibbs"}, {"flpi", ""}, {"flp", "flip"}, {"cdd", "cd"}, {"xxxxxx", ""}, {"gibbs", ""},
	} {
		if got := suggest(c.in, names); got != c.want {
			t.Errorf("suggest(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if d := editDistance("kitten", "sitting"); d != 3 {
		t.Errorf("editDistance(kitten, sitting) = %d, want 3", d)
	}
}

// FuzzParse checks that the parser and checker never panic or hang, and
// that every reported error has a position inside the input.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.sweep")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte(table1))
	reg := testRegistry(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		spec, err := Compile("fuzz.sweep", src, reg)
		if err != nil {
			lines := strings.Count(string(src), "\n") + 1
			if l, ok := err.(scanner.ErrorList); ok {
				for _, e := range l {
					var line, col int
					if _, serr := fmt.Sscanf(strings.TrimPrefix(e.Error(), "fuzz.sweep:"), "%d:%d:", &line, &col); serr != nil || line < 1 || line > lines {
						t.Fatalf("error without a valid position: %q", e)
					}
				}
			}
			return
		}
		if len(spec.Axes) > 4 {
			return // keep expansion cheap
		}
		n := spec.Repeats
		for _, a := range spec.Axes {
			n *= len(a.Values)
		}
		if n <= 1000 {
			if _, err := NewPlan(spec); err != nil {
				t.Fatalf("checked spec failed to plan: %v", err)
			}
		}
	})
}

func jsonString(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}
