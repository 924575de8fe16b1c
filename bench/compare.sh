#!/bin/sh
# compare.sh runs, in one go, the Go benchmarks of the hot paths and the
# same work in PyTorch and numpy (bench/compare.py, Debian's python3-torch
# and python3-numpy), all in float64 on the same number of threads, and
# prints the medians and the ratios Go/torch and Go/numpy (below 1: Go is
# faster).
#
#   CD-1 update, 784 visible × 500 hidden, batch 100:
#       Go BenchmarkCD1MNIST (lib/learn)  vs  torch and numpy
#   Exact log Z of a 16×16 RBM (weights std 0.01 and std 10):
#       Go BenchmarkExactLogZ16x16 (lib/rbm)  vs  numpy, vectorised
#
# Usage: bench/compare.sh [count [threads]]
#   count    runs of each benchmark, the median is reported (default 5)
#   threads  GOMAXPROCS, OpenBLAS and torch threads (default: all cores)
#
# Go uses OpenBLAS (build tag openblas, see internal/openblas), as numpy
# does; Debian's torch uses its own BLAS.
set -eu
cd "$(dirname "$0")/.."
count=${1:-5}
threads=${2:-$(nproc)}
export GOMAXPROCS="$threads" OPENBLAS_NUM_THREADS="$threads" OMP_NUM_THREADS="$threads"
python=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $threads threads, $count runs each"
echo "== Go benchmarks (go test -tags openblas)"
for pkg in ./lib/rbm ./lib/learn; do
	if ! go test -tags openblas -run '^$' -bench 'CD1MNIST|ExactLogZ16x16' -count "$count" "$pkg" >"$tmp/go.$(basename "$pkg")" 2>&1; then
		echo "warning: benchmarks of $pkg failed:" >&2
		tail -5 "$tmp/go.$(basename "$pkg")" >&2
	fi
	grep '^Benchmark' "$tmp/go.$(basename "$pkg")" || true
done >"$tmp/go.txt"
cat "$tmp/go.txt"
echo "== PyTorch $("$python" -c 'import torch; print(torch.__version__)') and numpy $("$python" -c 'import numpy; print(numpy.__version__)')"
"$python" bench/compare.py run "$threads" "$count" | tee "$tmp/py.txt"
echo "== summary (median seconds per operation)"
"$python" bench/compare.py summary "$tmp/go.txt" "$tmp/py.txt"
