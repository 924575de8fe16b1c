package dsl

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// ClusterOptions describe a sweep split into array tasks on a cluster.
type ClusterOptions struct {
	Name      string // job name; letters, digits, '-', '_' and '.'
	SweepFile string // path of the sweep file as seen by the tasks
	OutDir    string // result folder as seen by the tasks (shared by all)
	Shards    int    // number of array tasks (≥ 1)
	// Binary is the rbm-kernel command; empty means "rbm-kernel".
	Binary string
	// CPUs per task; 0 means 1. Each task runs that many runs at once.
	CPUs int
	// Time limit per task, e.g. "04:00:00" (Slurm only; empty: none).
	Time string
	// Memory per task, e.g. "4G"; empty means unset.
	Memory string
	// Image is the container image (Kubernetes only, required there).
	Image string
	// Parallelism is how many tasks run at once (Kubernetes); 0: Shards.
	Parallelism int
	// Claim is the PersistentVolumeClaim mounted at /sweep holding the
	// sweep file and the results (Kubernetes only, required there).
	Claim string
}

var jobName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

func (o *ClusterOptions) check(kube bool) error {
	switch {
	case !jobName.MatchString(o.Name):
		return fmt.Errorf("dsl: bad job name %q: use letters, digits, '-', '_' and '.'", o.Name)
	case o.SweepFile == "" || o.OutDir == "":
		return fmt.Errorf("dsl: cluster job %s needs a sweep file and a result folder", o.Name)
	case o.Shards < 1:
		return fmt.Errorf("dsl: cluster job %s: shards must be at least 1, found %d", o.Name, o.Shards)
	case kube && (o.Image == "" || o.Claim == ""):
		return fmt.Errorf("dsl: Kubernetes job %s needs an image and a volume claim", o.Name)
	}
	return nil
}

func (o *ClusterOptions) command() []string {
	bin := o.Binary
	if bin == "" {
		bin = "rbm-kernel"
	}
	cpus := o.CPUs
	if cpus == 0 {
		cpus = 1
	}
	return []string{bin, "sweep", "run", "-workers", strconv.Itoa(cpus), "-out", o.OutDir, o.SweepFile}
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	if regexp.MustCompile(`^[A-Za-z0-9_./=:-]+$`).MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Sbatch returns a Slurm batch script that runs the sweep as a job array
// of o.Shards tasks; task i runs shard i/n (the runs whose index is i mod
// n), which the sweep command reads from SLURM_ARRAY_TASK_ID and
// SLURM_ARRAY_TASK_COUNT. Submit it with `sbatch`; resubmitting after a
// failure redoes only the runs without a result.
func Sbatch(o ClusterOptions) (string, error) {
	if err := o.check(false); err != nil {
		return "", err
	}
	cpus := o.CPUs
	if cpus == 0 {
		cpus = 1
	}
	var b strings.Builder
	b.WriteString("#!/bin/bash\n")
	fmt.Fprintf(&b, "#SBATCH --job-name=%s\n", o.Name)
	fmt.Fprintf(&b, "#SBATCH --array=0-%d\n", o.Shards-1)
	fmt.Fprintf(&b, "#SBATCH --cpus-per-task=%d\n", cpus)
	if o.Time != "" {
		fmt.Fprintf(&b, "#SBATCH --time=%s\n", o.Time)
	}
	if o.Memory != "" {
		fmt.Fprintf(&b, "#SBATCH --mem=%s\n", o.Memory)
	}
	fmt.Fprintf(&b, "#SBATCH --output=%s-%%A_%%a.log\n", o.Name)
	b.WriteString("set -euo pipefail\n")
	var args []string
	for _, a := range o.command() {
		args = append(args, shellQuote(a))
	}
	b.WriteString("exec " + strings.Join(args, " ") + "\n")
	return b.String(), nil
}

// KubeJob returns a Kubernetes Indexed Job manifest (YAML) that runs the
// sweep in o.Shards pods; pod i gets JOB_COMPLETION_INDEX=i from
// Kubernetes and SWEEP_SHARD_COUNT=n from the manifest, and runs shard
// i/n. The claim o.Claim is mounted at /sweep: put the sweep file there and
// give paths under /sweep. Apply it with `kubectl apply -f`.
func KubeJob(o ClusterOptions) (string, error) {
	if err := o.check(true); err != nil {
		return "", err
	}
	par := o.Parallelism
	if par <= 0 || par > o.Shards {
		par = o.Shards
	}
	cpus := o.CPUs
	if cpus == 0 {
		cpus = 1
	}
	var b strings.Builder
	q := strconv.Quote
	// Kubernetes names are lower-case DNS labels.
	name := strings.NewReplacer("_", "-", ".", "-").Replace(strings.ToLower(o.Name))
	fmt.Fprintf(&b, "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: %s\n", name)
	fmt.Fprintf(&b, "spec:\n  completionMode: Indexed\n  completions: %d\n  parallelism: %d\n  backoffLimit: %d\n", o.Shards, par, o.Shards)
	b.WriteString("  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: sweep\n")
	fmt.Fprintf(&b, "        image: %s\n", q(o.Image))
	var cmd []string
	for _, a := range o.command() {
		cmd = append(cmd, q(a))
	}
	fmt.Fprintf(&b, "        command: [%s]\n", strings.Join(cmd, ", "))
	fmt.Fprintf(&b, "        env:\n        - name: %s\n          value: %s\n", EnvShardCount, q(strconv.Itoa(o.Shards)))
	fmt.Fprintf(&b, "        resources:\n          requests:\n            cpu: %s\n", q(strconv.Itoa(cpus)))
	if o.Memory != "" {
		fmt.Fprintf(&b, "            memory: %s\n", q(o.Memory))
	}
	b.WriteString("        volumeMounts:\n        - name: sweep\n          mountPath: /sweep\n")
	fmt.Fprintf(&b, "      volumes:\n      - name: sweep\n        persistentVolumeClaim:\n          claimName: %s\n", q(o.Claim))
	return b.String(), nil
}
