#!/usr/bin/env bash
# validate.sh checks that every Kubernetes manifest `rbm-kernel sweep emit
# k8s` writes is a valid batch/v1 Job: kubernetes-validate --strict (pinned in
# python/jupyter.lock, installed into build/venv by `make setup`; it carries
# the Kubernetes schemas, so nothing is fetched) against Kubernetes 1.29, the
# first release with backoffLimitPerIndex on by default, and against the
# newest release it knows. A manifest with a misspelt field must fail, so
# that a validator that accepts anything cannot pass the test.
#
#   tests/k8s/validate.sh     (from `make k8s`; RBM_KERNEL_BIN and VENV name
#                              the binary and the virtual environment)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
bin="${RBM_KERNEL_BIN:-$root/build/rbm-kernel}"
validate="${VENV:-$root/build/venv}/bin/kubernetes-validate"
die() {
	printf 'k8s: FAIL: %s\n' "$*" >&2
	exit 1
}
[[ -x "$bin" ]] || die "no kernel binary at $bin: run 'make build' first"
[[ -x "$validate" ]] || die "no $validate: run 'make setup'"

tmp="$(mktemp -d /tmp/rbm-k8s.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
cp tests/slurm/tiny.sweep "$tmp/tiny.sweep"
cd "$tmp"

# Every option that changes the manifest: memory or not, parallelism below
# and above the shards, one shard, a name that is not a DNS label as typed,
# paths relative to the volume and absolute on it.
cases=(
	"-shards 2 -image rbm-kernel:1 -claim sweep-data tiny.sweep"
	"-shards 50 -cpus 4 -mem 4G -parallel 10 -image registry.example/rbm:v1 -claim pvc -out /sweep/out/tiny.results tiny.sweep"
	"-shards 1 -mem 512Mi -parallel 5 -name Table_1.run -image img -claim c ./tiny.sweep"
)
n=0
for c in "${cases[@]}"; do
	n=$((n + 1))
	# shellcheck disable=SC2086 # the options are words
	"$bin" sweep emit k8s $c >"job$n.yaml" || die "emit k8s $c failed"
	for v in 1.29 ""; do
		args=(--strict --quiet)
		[[ -n "$v" ]] && args+=(-k "$v")
		"$validate" "${args[@]}" "job$n.yaml" >"val$n.txt" 2>&1 ||
			die "emit k8s $c: kubernetes-validate ${args[*]} rejects the manifest: $(cat "val$n.txt")
$(cat "job$n.yaml")"
	done
	grep -q 'workingDir: /sweep$' "job$n.yaml" || die "emit k8s $c: no workingDir /sweep"
done
# The negative control: a misspelt field must be refused.
sed 's/backoffLimitPerIndex/backoffLimitPerIndx/' job1.yaml >bad.yaml
if "$validate" --strict --quiet bad.yaml >bad.txt 2>&1; then
	die "kubernetes-validate accepted a manifest with a misspelt field"
fi
printf 'k8s: PASS: %d emitted manifests valid against Kubernetes 1.29 and the newest schema\n' "$n" >&2
