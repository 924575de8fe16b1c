package dsl

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// logTailLines is how many lines of a failed run's log `status` shows.
const logTailLines = 5

// Running returns the runs of p that a runner holds now (it runs them and
// has not stored their result yet), in plan order: another process or
// another Run in this one. It only looks; it never takes a run.
func (s *Store) Running(p *Plan) []*Job {
	if p == nil {
		return nil
	}
	names, err := filepath.Glob(filepath.Join(s.Dir, "*.lock"))
	if err != nil || len(names) == 0 {
		return nil
	}
	held := map[string]bool{}
	for _, n := range names {
		if runHeld(n) {
			held[strings.TrimSuffix(filepath.Base(n), ".lock")] = true
		}
	}
	var out []*Job
	for _, j := range p.Jobs {
		if held[j.Key] {
			out = append(out, j)
		}
	}
	return out
}

// writeStatus lists, after `status`'s count, the runs in progress, the
// failed runs with their error and the end of their log, the runs stopped
// by an asha rule with its decision, and the missing runs (those running
// excepted), each with its index in plan and key.
func writeStatus(w io.Writer, s *Store, plan *Plan, results []*Result, running []*Job) {
	busy := map[string]bool{}
	for _, j := range running {
		busy[j.Key] = true
		fmt.Fprintf(w, "running %d %s\n", j.Index, j.Key)
	}
	mine, _ := plan.Select(results)
	jobs := plan.byKey()
	rule := ""
	if plan.Spec != nil {
		rule = plan.Spec.ASHA.String()
	}
	for _, r := range mine {
		if r.Error == "" && r.Stopped != nil {
			again := ""
			if r.Stopped.Rule != rule {
				again = " (another rule: the next run runs it again)"
			}
			fmt.Fprintf(w, "stopped %d %s: %s%s\n", jobs[r.Key].Index, r.Key, r.Stopped, again)
			continue
		}
		if r.Error == "" {
			continue
		}
		fmt.Fprintf(w, "failed %d %s: %s\n", jobs[r.Key].Index, r.Key, firstLine(r.Error))
		if tail := logTail(s.LogPath(r.Key), logTailLines); len(tail) > 0 {
			fmt.Fprintf(w, "  log %s (last lines):\n", s.LogPath(r.Key))
			for _, l := range tail {
				fmt.Fprintf(w, "  | %s\n", l)
			}
		}
	}
	for _, j := range s.Missing(plan) {
		if !busy[j.Key] {
			fmt.Fprintf(w, "missing %d %s\n", j.Index, j.Key)
		}
	}
}

// firstLine returns s up to its first newline, with " …" if cut.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// logTail returns the last n lines of the file at path, or nil if it
// cannot be read.
func logTail(path string, n int) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return lines
}
