package dsl

import (
	"os"
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
