package dsl

import (
	"fmt"
	"path/filepath"
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

// command returns the command line of a task: `rbm-kernel sweep run` with
// the argument -shard shard (unless shard is empty: the shard then comes
// from the environment), the workers, the result folder out and the sweep
// file file.
func (o *ClusterOptions) command(shard, out, file string) []string {
	bin := o.Binary
	if bin == "" {
		bin = "rbm-kernel"
	}
	cpus := o.CPUs
	if cpus == 0 {
		cpus = 1
	}
	cmd := []string{bin, "sweep", "run"}
	if shard != "" {
		cmd = append(cmd, "-shard", shard)
	}
	return append(cmd, "-workers", strconv.Itoa(cpus), "-out", out, file)
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	if regexp.MustCompile(`^[A-Za-z0-9_./=:-]+$`).MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Sbatch returns a Slurm batch script that runs the sweep as a job array
// of o.Shards tasks: task i runs
//
//	rbm-kernel sweep run -shard "${SLURM_ARRAY_TASK_ID}/n" …
//
// the runs whose index is i mod n, with n written into the script, so that
// resubmitting some of the tasks (`sbatch --array=3,5 FILE`) runs exactly
// their shards. Each task logs to NAME-<job>_<task>.out and .err, appending
// when Slurm requeues it (--requeue: after a node failure or a preemption
// the task starts again and resumes its runs from their checkpoints).
// Resubmitting the script after a failure runs the runs without a result
// and those that failed.
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
	fmt.Fprintf(&b, "#SBATCH --output=%s-%%A_%%a.out\n", o.Name)
	fmt.Fprintf(&b, "#SBATCH --error=%s-%%A_%%a.err\n", o.Name)
	b.WriteString("#SBATCH --open-mode=append\n")
	b.WriteString("#SBATCH --requeue\n")
	fmt.Fprintf(&b, "# Task i runs shard i/%d; the count is fixed here, so that any tasks can be\n", o.Shards)
	b.WriteString("# resubmitted alone (sbatch --array=3,5 this-file). Exit status 3: runs failed\n")
	b.WriteString("# (resubmit to run them again); 130: interrupted (resubmit to resume).\n")
	b.WriteString("set -euo pipefail\n")
	var args []string
	for _, a := range o.command("SHARD", o.OutDir, o.SweepFile) {
		if a == "SHARD" {
			args = append(args, fmt.Sprintf(`"${SLURM_ARRAY_TASK_ID}/%d"`, o.Shards))
			continue
		}
		args = append(args, shellQuote(a))
	}
	b.WriteString("exec " + strings.Join(args, " ") + "\n")
	return b.String(), nil
}

// KubeMount is where the Kubernetes Job from KubeJob mounts its volume
// claim, and the working folder of its pods.
const KubeMount = "/sweep"

// KubeRetriesPerIndex is the backoffLimitPerIndex of the Job from KubeJob:
// how often Kubernetes starts a pod again for an index whose pod failed
// (its runs failed, or it was evicted); each new pod runs the failed runs
// again and resumes the interrupted ones from their checkpoints.
const KubeRetriesPerIndex = 3

// kubePath returns path as the pods see it: a relative path is taken
// relative to the volume (KubeMount); an absolute one must be on it.
func kubePath(path, what string) (string, error) {
	if !filepath.IsAbs(path) {
		return filepath.Join(KubeMount, path), nil
	}
	clean := filepath.Clean(path)
	if clean != KubeMount && !strings.HasPrefix(clean, KubeMount+"/") {
		return "", fmt.Errorf("dsl: Kubernetes job: %s %s is not on the volume mounted at %s: give a path relative to the volume's root or under %s", what, path, KubeMount, KubeMount)
	}
	return clean, nil
}

// KubeJob returns a Kubernetes Indexed Job manifest (YAML) that runs the
// sweep in o.Shards pods. The claim o.Claim is mounted at KubeMount
// (/sweep), the pods' working folder; o.SweepFile and o.OutDir are taken
// relative to the volume's root (or must be absolute paths under /sweep),
// and the command names them by absolute paths. Pod i gets
// JOB_COMPLETION_INDEX=i from Kubernetes and SWEEP_SHARD_COUNT=n from the
// manifest (fixed at emit time), and runs shard i/n. A pod whose runs
// failed (exit status 3) or that was stopped is started again, up to
// KubeRetriesPerIndex times per index (backoffLimitPerIndex, Kubernetes
// 1.29 or later); a mistake in the sweep file (exit status 2) fails its
// index at once, and a pod stopped by a disruption (preemption, eviction,
// a drained node) does not count as a failure (podFailurePolicy). The pods request o.CPUs CPUs and, when
// set, o.Memory of memory (also their memory limit). Apply it with
// `kubectl apply -f`.
func KubeJob(o ClusterOptions) (string, error) {
	if err := o.check(true); err != nil {
		return "", err
	}
	file, err := kubePath(o.SweepFile, "sweep file")
	if err != nil {
		return "", err
	}
	out, err := kubePath(o.OutDir, "result folder")
	if err != nil {
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
	fmt.Fprintf(&b, "spec:\n  completionMode: Indexed\n  completions: %d\n  parallelism: %d\n  backoffLimitPerIndex: %d\n", o.Shards, par, KubeRetriesPerIndex)
	b.WriteString("  podFailurePolicy:\n    rules:\n    - action: FailIndex\n      onExitCodes:\n        containerName: sweep\n        operator: In\n")
	fmt.Fprintf(&b, "        values: [%d]\n", ExitUsage)
	b.WriteString("    - action: Ignore\n      onPodConditions:\n      - type: DisruptionTarget\n        status: \"True\"\n")
	b.WriteString("  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: sweep\n")
	fmt.Fprintf(&b, "        image: %s\n", q(o.Image))
	fmt.Fprintf(&b, "        workingDir: %s\n", KubeMount)
	var cmd []string
	for _, a := range o.command("", out, file) {
		cmd = append(cmd, q(a))
	}
	fmt.Fprintf(&b, "        command: [%s]\n", strings.Join(cmd, ", "))
	fmt.Fprintf(&b, "        env:\n        - name: %s\n          value: %s\n", EnvShardCount, q(strconv.Itoa(o.Shards)))
	fmt.Fprintf(&b, "        resources:\n          requests:\n            cpu: %s\n", q(strconv.Itoa(cpus)))
	if o.Memory != "" {
		fmt.Fprintf(&b, "            memory: %s\n", q(o.Memory))
		fmt.Fprintf(&b, "          limits:\n            memory: %s\n", q(o.Memory))
	}
	fmt.Fprintf(&b, "        volumeMounts:\n        - name: sweep\n          mountPath: %s\n", KubeMount)
	fmt.Fprintf(&b, "      volumes:\n      - name: sweep\n        persistentVolumeClaim:\n          claimName: %s\n", q(o.Claim))
	return b.String(), nil
}
