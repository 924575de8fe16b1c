package dsl

import (
	"os"
	"strings"
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
