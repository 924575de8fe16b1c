#!/bin/sh
# compare.sh runs, in one go, the Go benchmarks of the hot paths and the
# same algorithms in numpy and in JAX (jax.jit, CPU), in float64 and float32
# (where Go has the precision), on the same number of threads, and prints
# the medians and the ratios Go/numpy and Go/JAX (below 1: Go is faster),
# of the wall time and of the CPU time per operation (Go's cpu-ns/op,
# Python's process_time), which the load of other jobs disturbs less.
#
#   CD-1 update, 784 visible × 500 hidden, batch 100, SGD with momentum:
#       Go BenchmarkCD1MNIST/{float64,float32} (lib/learn)
#   one block Gibbs step of 100 chains of a 784×500 RBM:
#       Go BenchmarkGibbsMNIST/{float64,float32} (lib/mcmc)
#   AIS, 100 runs × 1,000 intermediate distributions, 784×500:
#       Go BenchmarkAISMNIST/{float64,float32} (lib/rbm)
#   exact log Z of a 16×16 RBM (weights std 0.01 and std 10), numpy only:
#       Go BenchmarkExactLogZ16x16 (lib/rbm)
#   the five matrix products of one CD-1 update alone (the floor), numpy
#   only: Go BenchmarkGemmCD1/{float64,float32} (internal/kern)
#
# Usage: bench/compare.sh [count [threads [work]]]
#   count    runs of each benchmark, the median is reported (default 5)
#   threads  GOMAXPROCS, OpenBLAS and XLA threads (default: all cores); the
#            processes are also pinned to that many cores with taskset
#   work     a comma-separated subset of gemm,cd1,gibbs,ais,logz (default all;
#            ais takes about 10 s per run and precision on one core)
#
# Python runs in build/venv-bench, numpy and JAX pinned with hashes by
# python/bench.lock (`scripts/setup.sh --bench` or `make bench` makes it).
# Go uses OpenBLAS (build tag openblas, see internal/openblas), as numpy
# does (PyPI's numpy bundles its own OpenBLAS build).
set -eu
cd "$(dirname "$0")/.."
cores=$(nproc) # before OMP_NUM_THREADS is set: nproc honours it
count=${1:-5}
threads=${2:-$cores}
work=${3:-gemm,cd1,gibbs,ais,logz}
python=build/venv-bench/bin/python
[ -x "$python" ] || scripts/venv-setup.sh bench
export GOMAXPROCS="$threads" OPENBLAS_NUM_THREADS="$threads" OMP_NUM_THREADS="$threads"
if [ "$threads" = 1 ]; then
	export XLA_FLAGS="--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
fi
pin=""
if command -v taskset >/dev/null 2>&1 && [ "$threads" -le "$cores" ]; then
	pin="taskset -c 0-$((threads - 1))"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The Go benchmarks of the chosen work, by package.
pattern() {
	p=""
	for w in $(echo "$work" | tr ',' ' '); do
		case "$1:$w" in
		learn:cd1) p="$p|CD1MNIST" ;;
		mcmc:gibbs) p="$p|GibbsMNIST" ;;
		rbm:ais) p="$p|AISMNIST" ;;
		rbm:logz) p="$p|ExactLogZ16x16" ;;
		kern:gemm) p="$p|GemmCD1" ;;
		esac
	done
	echo "${p#|}"
}

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $cores cores, $threads threads, $count runs each, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "== Go benchmarks (go test -tags openblas)"
for pkg in kern learn mcmc rbm; do
	pat=$(pattern "$pkg")
	[ -n "$pat" ] || continue
	dir=lib/$pkg
	[ "$pkg" = kern ] && dir=internal/kern
	if ! $pin go test -tags openblas -run '^$' -bench "^Benchmark($pat)\$" -count "$count" "./$dir" >"$tmp/go.$pkg" 2>&1; then
		echo "warning: benchmarks of $dir failed:" >&2
		tail -5 "$tmp/go.$pkg" >&2
	fi
	grep '^Benchmark' "$tmp/go.$pkg" || true
done >"$tmp/go.txt"
cat "$tmp/go.txt"
echo "== numpy $("$python" -c 'import numpy; print(numpy.__version__)') and JAX $("$python" -c 'import jax; print(jax.__version__)')"
$pin "$python" bench/compare.py run "$threads" "$count" "$work" | tee "$tmp/py.txt"
echo "== summary (median time per operation)"
"$python" bench/compare.py summary "$tmp/go.txt" "$tmp/py.txt"
