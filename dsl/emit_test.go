package dsl

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// TestEmitGolden checks the Slurm script and the Kubernetes manifest
// against testdata/cluster.sbatch.golden and cluster.k8s.yaml.golden.
func TestEmitGolden(t *testing.T) {
	o := ClusterOptions{Name: "fts-table1", SweepFile: "/sweep/table1.sweep", OutDir: "/sweep/results",
		Shards: 50, CPUs: 4, Time: "04:00:00", Memory: "4G", Image: "rbm-kernel:1", Claim: "sweep-data", Parallelism: 10}
	sb, err := Sbatch(o)
	if err != nil {
		t.Fatal(err)
	}
	kj, err := KubeJob(o)
	if err != nil {
		t.Fatal(err)
	}
	for file, got := range map[string]string{"testdata/cluster.sbatch.golden": sb, "testdata/cluster.k8s.yaml.golden": kj} {
		if *update {
			os.WriteFile(file, []byte(got), 0o644)
			continue
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			t.Errorf("%s: got\n%s\nwant\n%s", file, got, want)
		}
	}
	for _, bad := range []ClusterOptions{
		{Name: "a b", SweepFile: "f", OutDir: "o", Shards: 1},
		{Name: "a", SweepFile: "f", OutDir: "o", Shards: 0},
		{Name: "a", OutDir: "o", Shards: 1},
	} {
		if _, err := Sbatch(bad); err == nil {
			t.Errorf("Sbatch accepted %+v", bad)
		}
	}
	if _, err := KubeJob(ClusterOptions{Name: "a", SweepFile: "f", OutDir: "o", Shards: 1}); err == nil {
		t.Error("KubeJob accepted options without image and claim")
	}
}

// TestSbatchPartialResubmission runs the emitted Slurm script with bash as
// Slurm would run task 3 of a resubmission `sbatch --array=3,5` of a
// 6-task array (SLURM_ARRAY_TASK_COUNT=2, SLURM_ARRAY_TASK_MIN=3), with
// echo in place of rbm-kernel, and runs the command it printed: before,
// the shard came from the environment (shard 0/2, half the sweep); now
// the script names the count, and exactly the runs of shard 3/6 run.
func TestSbatchPartialResubmission(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Fatalf("no bash to run the emitted script: %v", err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "s.sweep")
	os.WriteFile(file, []byte(resumeSweep), 0o644)
	script, err := Sbatch(ClusterOptions{Name: "s", SweepFile: file, OutDir: filepath.Join(dir, "out"), Shards: 6, Binary: "echo"})
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bash, "-c", script)
	cmd.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID=3", "SLURM_ARRAY_TASK_COUNT=2", "SLURM_ARRAY_TASK_MIN=3")
	printed, err := cmd.Output()
	if err != nil {
		t.Fatalf("emitted script: %v", err)
	}
	args := strings.Fields(string(printed))
	if len(args) < 3 || args[0] != "sweep" || args[1] != "run" {
		t.Fatalf("the script ran %q", printed)
	}
	var mu sync.Mutex
	var ran []int
	var out, errb bytes.Buffer
	err = Command(context.Background(), args[1:], testRegistry(t), func(ctx context.Context, j *Job) ([]Point, error) {
		mu.Lock()
		ran = append(ran, j.Index)
		mu.Unlock()
		return []Point{{"loglik", 100, -1}}, nil
	}, &out, &errb)
	if err != nil {
		t.Fatalf("%v: %v\n%s", args, err, errb.String())
	}
	sort.Ints(ran)
	if fmt.Sprint(ran) != "[3 9 15 21]" {
		t.Errorf("task 3 of the resubmission ran runs %v, want shard 3/6: [3 9 15 21]", ran)
	}
}

// TestKubeJobPaths checks that the manifest names the sweep file and the
// result folder where the pod finds them: relative paths are taken on the
// volume (before, they were passed as they were, with no working folder,
// and the pod could not find the file), absolute paths off the volume are
// refused, and the working folder is the mount.
func TestKubeJobPaths(t *testing.T) {
	o := ClusterOptions{Name: "lr", SweepFile: "lr.sweep", OutDir: "lr.results", Shards: 3, Image: "img", Claim: "pvc"}
	y, err := KubeJob(o)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"-out", "/sweep/lr.results", "/sweep/lr.sweep"]`, "workingDir: /sweep\n", "mountPath: /sweep\n",
		"backoffLimitPerIndex: 3\n", "completions: 3\n", "value: \"3\"\n", "cpu: \"1\"\n"} {
		if !strings.Contains(y, want) {
			t.Errorf("manifest lacks %q:\n%s", want, y)
		}
	}
	o.SweepFile = "/home/me/lr.sweep"
	if _, err := KubeJob(o); err == nil || !strings.Contains(err.Error(), "sweep file /home/me/lr.sweep is not on the volume mounted at /sweep") {
		t.Errorf("a sweep file off the volume: %v", err)
	}
	o.SweepFile = "/sweep/x/../lr.sweep"
	if y, err := KubeJob(o); err != nil || !strings.Contains(y, `"/sweep/lr.sweep"]`) {
		t.Errorf("a sweep file on the volume: %v", err)
	}
}
