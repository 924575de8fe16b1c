package dsl

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommand drives the command line: check, plan, run, status, collect
// and the cluster files, on a sweep file in a temporary folder.
func TestCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.sweep")
	if err := os.WriteFile(file, []byte(resumeSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	reg := testRegistry(t)
	var errb bytes.Buffer
	cmd := func(args ...string) (string, error) {
		var out bytes.Buffer
		errb.Reset()
		err := Command(context.Background(), args, reg, fakeRun, &out, &errb)
		return out.String(), err
	}
	if out, err := cmd("check", file); err != nil || !strings.Contains(out, "24 runs") {
		t.Errorf("check: %q %v", out, err)
	}
	if out, err := cmd("plan", file); err != nil || strings.Count(out, "\n") != 24 {
		t.Errorf("plan: %d lines, %v", strings.Count(out, "\n"), err)
	}
	if out, err := cmd("status", file); err != nil || !strings.Contains(out, "24 runs: 0 done (0 failed), 24 missing") {
		t.Errorf("status before: %q %v", out, err)
	}
	if _, err := cmd("run", "-shard", "0/2", "-workers", "2", file); err == nil || !strings.Contains(err.Error(), "4 runs failed") {
		t.Errorf("run shard 0/2: err = %v, want 4 runs failed", err)
	}
	if out, err := cmd("status", file); err != nil || !strings.Contains(out, "12 done (4 failed), 12 missing") {
		t.Errorf("status after one shard: %q %v", out, err)
	}
	cmd("run", "-shard", "1/2", file)
	out, err := cmd("collect", "-md", file)
	if err != nil || !strings.Contains(out, "24 results, 8 failed, 0 missing") || !strings.Contains(out, "| rate |") {
		t.Errorf("collect: %q %v", out, err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "s.results", "results.csv")); err != nil || !strings.HasPrefix(string(b), "key,index,repeat,seed,sampler,rate,") {
		t.Errorf("csv: %v %.80q", err, b)
	}
	if out, err := cmd("sbatch", "-shards", "3", file); err != nil || !strings.Contains(out, "--array=0-2") {
		t.Errorf("sbatch: %q %v", out, err)
	}
	if out, err := cmd("emit", "slurm", "-shards", "3", file); err != nil || !strings.Contains(out, "--array=0-2") {
		t.Errorf("emit slurm: %q %v", out, err)
	}
	// The sweep file is named relative to the volume's root, as it is in
	// the folder the volume holds.
	t.Chdir(dir)
	if out, err := cmd("emit", "k8s", "-shards", "2", "-image", "img", "-claim", "pvc", "s.sweep"); err != nil ||
		!strings.Contains(out, "completionMode: Indexed") || !strings.Contains(out, `"-out", "/sweep/s.results", "/sweep/s.sweep"]`) {
		t.Errorf("emit k8s: %q %v", out, err)
	}
	var ue *UsageError
	if _, err := cmd("emit", "slurn", file); !errors.As(err, &ue) || !strings.Contains(err.Error(), `want slurm or k8s, found "slurn" (did you mean slurm?)`) {
		t.Errorf("emit slurn: %v", err)
	}
	if _, err := cmd("emit"); !errors.As(err, &ue) || !strings.Contains(err.Error(), "found nothing") {
		t.Errorf("emit alone: %v", err)
	}
	if _, err := cmd("k8s", file); err == nil {
		t.Error("k8s without image accepted")
	}
	if _, err := cmd("frobnicate", file); err == nil {
		t.Error("unknown command accepted")
	}
	os.WriteFile(file, []byte("seed 1\nmodel binary(hidden = 3)\nsampler gibs\n"), 0o644)
	if _, err := cmd("check", file); err == nil || !strings.Contains(err.Error(), "has 2 errors") {
		t.Errorf("check of a bad file: %v", err)
	}
	if want := file + ":1:1: missing data statement (e.g. data bars_stripes(size = 4))\n" +
		file + ":3:9: unknown sampler gibs (did you mean gibbs?)\n"; errb.String() != want {
		t.Errorf("stderr %q, want %q", errb.String(), want)
	}
}
