package corpus

import (
	"fmt"
	"io"
	"strings"
)

// Result is one program's line of the report.
type Result struct {
	Name   string `json:"name"`
	Source string `json:"source"`
	Class  Class  `json:"class"`
	Note   string `json:"note,omitempty"`
	// Stale is set when the Output comment is not what Go prints: the
	// program is measured against Go's output.
	Stale    bool    `json:"stale_comment,omitempty"`
	Stream   string  `json:"stream,omitempty"`
	Expected string  `json:"expected"` // the Output comment
	Go       string  `json:"go"`       // Go's output on the compared stream
	GoPanic  string  `json:"go_panic,omitempty"`
	Got      string  `json:"got"`              // the cell's output on that stream
	Stderr   string  `json:"stderr,omitempty"` // the cell's stderr
	Error    string  `json:"error,omitempty"`  // the cell's error, "Name: value"
	Seconds  float64 `json:"seconds"`
}

// NewResult makes a program's report line.
func NewResult(p Program, ref Reference, o Outcome, v Verdict) Result {
	return Result{
		Name: p.Name, Source: p.Source, Class: v.Class, Note: v.Note, Stale: v.Stale, Stream: v.Stream,
		Expected: p.Expected, Go: v.Want, GoPanic: ref.Panic, Got: v.Got, Stderr: o.Stderr,
		Error: errorText(o.Err), Seconds: o.Elapsed.Seconds(),
	}
}

// Report is the JSON report of a corpus run.
type Report struct {
	GoVersion string         `json:"go_version"`
	Seconds   float64        `json:"seconds"`
	Counts    map[string]int `json:"counts"` // by class, all sources
	// BySource counts the classes of each source.
	BySource map[string]map[string]int `json:"by_source"`
	Skipped  []Skipped                 `json:"skipped"`
	Results  []Result                  `json:"results"`
}

// inSource reports whether a program of source s counts in source: all
// do in "", and a source counts its subsources ("heldout" counts
// "heldout/numeric").
func inSource(s, source string) bool {
	return source == "" || s == source || strings.HasPrefix(s, source+"/")
}

// Count returns how many results of source ("" for all) are in class c.
func Count(results []Result, source string, c Class) int {
	n := 0
	for _, r := range results {
		if inSource(r.Source, source) && r.Class == c {
			n++
		}
	}
	return n
}

// Rate is the pass rate of source ("" for all): passes over the programs
// that are not noise.
func Rate(results []Result, source string) float64 {
	pass, total := 0, 0
	for _, r := range results {
		if !inSource(r.Source, source) || r.Class == ClassNoise {
			continue
		}
		total++
		if r.Class == ClassPass {
			pass++
		}
	}
	if total == 0 {
		return 0
	}
	return float64(pass) / float64(total)
}

// Summary writes the table of counts by class and source, and the pass
// rates.
func Summary(w io.Writer, results []Result, sources []string) {
	fmt.Fprintf(w, "%-20s", "source")
	for _, c := range Classes {
		fmt.Fprintf(w, " %13s", c)
	}
	fmt.Fprintf(w, " %7s %9s\n", "total", "pass rate")
	for _, s := range append(append([]string(nil), sources...), "") {
		name := s
		if s == "" {
			name = "all"
		}
		fmt.Fprintf(w, "%-20s", name)
		total := 0
		for _, c := range Classes {
			total += Count(results, s, c)
		}
		measured := total - Count(results, s, ClassNoise)
		for _, c := range Classes {
			n := Count(results, s, c)
			den := measured
			if c == ClassNoise {
				den = total
			}
			pct := 0.0
			if den > 0 {
				pct = 100 * float64(n) / float64(den)
			}
			fmt.Fprintf(w, " %5d (%5.1f%%)", n, pct)
		}
		fmt.Fprintf(w, " %7d %8.1f%%\n", total, 100*Rate(results, s))
	}
	fmt.Fprintln(w, "(percentages of the programs that are not noise; noise as a percentage of all)")
}
