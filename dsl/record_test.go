package dsl

import (
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestIndexNeverStale grows a sweep by a learning rate in front of the
// axis: the old runs move to other plan indices. Before, their results
// kept the old index, so the CSV showed an index twice and results did not
// match the plan; now the index is derived from the plan when the results
// are selected, and each index of the CSV names exactly the plan's run.
func TestIndexNeverStale(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.sweep")
	run := func(src string) {
		t.Helper()
		// Runs at rate 0.5 fail (fakeRun): a summary, not an error.
		if _, err := RunSource(context.Background(), file, []byte(src), testRegistry(t), fakeRun, &SourceOptions{Options: Options{Workers: 2}}); err != nil {
			t.Fatal(err)
		}
	}
	run(resumeSweep)
	grown := strings.Replace(resumeSweep, "axis rate = [0.01, 0.1, 0.5]", "axis rate = [0.001, 0.01, 0.1, 0.5]", 1)
	run(grown)
	p := mustPlan(t, grown)
	if err := Collect(p, filepath.Join(dir, "s.results"), filepath.Join(dir, "r.csv"), false, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "r.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	keyOf := map[string]string{} // index → key
	for _, row := range rows[1:] {
		key, index := row[0], row[1]
		if k, ok := keyOf[index]; ok && k != key {
			t.Errorf("index %s names runs %s and %s", index, k, key)
		}
		keyOf[index] = key
	}
	if len(keyOf) != len(p.Jobs) {
		t.Errorf("%d indices in the CSV, want %d", len(keyOf), len(p.Jobs))
	}
	for _, j := range p.Jobs {
		if k := keyOf[strconv.Itoa(j.Index)]; k != j.Key {
			t.Errorf("CSV index %d is run %s, the plan's run %d is %s", j.Index, k, j.Index, j.Key)
		}
	}
	// Result files do not store the index at all.
	b, err := os.ReadFile(filepath.Join(strings.TrimSuffix(file, ".sweep")+".results", p.Jobs[0].Key+".json"))
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b, []byte(`"index"`)) {
		t.Error(`a result file stores "index"`)
	}
}

// TestResultProvenanceAndLog checks what a result records of where it was
// made (version, whether the tree was modified, Go, BLAS, host, command
// line) and the run's log beside it: its start, what the run wrote, how it
// ended, a panic's stack; and that status shows a failed run's error and
// the end of its log.
func TestResultProvenanceAndLog(t *testing.T) {
	p := mustPlan(t, resumeSweep)
	st, _ := OpenStore(t.TempDir())
	command := []string{"rbm-kernel", "sweep", "run", "s.sweep"}
	_, err := Run(context.Background(), p, st, func(ctx context.Context, j *Job) ([]Point, error) {
		if j.Index == 1 {
			panic("boom in run 1")
		}
		j.Log.Write([]byte("resuming from nothing\n"))
		return fakeRun(ctx, j)
	}, &Options{Workers: 2, Command: command})
	if err != nil {
		t.Fatal(err)
	}
	all, _ := st.Load()
	rs, _ := p.Select(all)
	host, _ := os.Hostname()
	for _, r := range rs {
		if r.Go != runtime.Version() || r.BLAS != "gonum (pure Go)" || r.Host != host ||
			strings.Join(r.Command, " ") != strings.Join(command, " ") || r.Version == "" {
			t.Fatalf("result %d: version %q modified known %v go %q blas %q host %q command %q", r.Index, r.Version, r.Modified != nil, r.Go, r.BLAS, r.Host, r.Command)
		}
	}
	b, _ := os.ReadFile(st.Path(p.Jobs[0].Key))
	// A test binary has no VCS data (go test does not stamp it), so
	// "modified" is left out rather than claimed false; where a build has
	// the data, the result carries vcs.modified.
	_, vcs := buildVersion()
	switch {
	case vcs == nil && (rs[0].Modified != nil || bytes.Contains(b, []byte(`"modified"`))):
		t.Error("modified recorded without VCS data in the build")
	case vcs != nil && (rs[0].Modified == nil || *rs[0].Modified != *vcs):
		t.Errorf("modified %v, the build says %v", rs[0].Modified, *vcs)
	}
	for _, field := range []string{`"go"`, `"blas"`, `"host"`, `"command"`} {
		if !bytes.Contains(b, []byte(field)) {
			t.Errorf("result file has no %s", field)
		}
	}
	logOf := func(i int) string {
		b, err := os.ReadFile(st.LogPath(p.Jobs[i].Key))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	if l := logOf(0); !strings.Contains(l, "run 0 (key "+p.Jobs[0].Key) || !strings.Contains(l, "rbm-kernel sweep run s.sweep") ||
		!strings.Contains(l, "resuming from nothing\n") || !strings.Contains(l, "done after") {
		t.Errorf("log of run 0:\n%s", l)
	}
	if l := logOf(1); !strings.Contains(l, "panic: boom in run 1") || !strings.Contains(l, "goroutine") {
		t.Errorf("log of run 1 has no panic stack:\n%s", l)
	}
	if l := logOf(2); !strings.Contains(l, "failed after") || !strings.Contains(l, "diverged at step 300") {
		t.Errorf("log of run 2 (rate 0.5) does not say it failed:\n%s", l)
	}

	var out bytes.Buffer
	if err := WriteStatus(&out, mustPlan(t, resumeSweep), st.Dir); err != nil {
		t.Fatal(err)
	}
	want := "failed 2 " + p.Jobs[2].Key + ": diverged at step 300\n  log " + st.LogPath(p.Jobs[2].Key) + " (last lines):\n"
	if !strings.Contains(out.String(), want) || !strings.Contains(out.String(), "failed 1 "+p.Jobs[1].Key+": panic: boom in run 1") {
		t.Errorf("status does not show the failed runs with their logs:\n%s", out.String())
	}
}
