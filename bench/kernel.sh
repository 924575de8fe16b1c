#!/bin/sh
# kernel.sh measures rbm-kernel against ipykernel on this machine with the
# same Go benchmarks (kernel/bench_test.go), and prints the medians side by
# side with the ratio rbm-kernel/ipykernel (below 1: rbm-kernel is faster).
#
#   trivial cell   execute_request of "1+1" to its status idle, p50 over N cells
#                  (target: <= 2 ms)
#   start          process start to the first kernel_info_reply, p50 over M starts
#                  (target: <= 300 ms)
#   print 100 MB   a cell that prints 1.25M lines of 80 bytes, execute_request
#                  to its status idle with every byte received, p50 over H cells
#                  (target: no slower than ipykernel)
#   10k updates    a cell that shows a display and updates it 10,000 times,
#                  execute_request to its status idle with the last value
#                  received, p50 over H cells (target: no slower than ipykernel)
#
# Usage: bench/kernel.sh [cells [starts [heavy]]]   (defaults 200, 20 and 3)
#
# It builds cmd/rbm-kernel into a temporary directory (add build tags with
# GOFLAGS, e.g. GOFLAGS=-tags=openblas) and starts ipykernel with
# build/venv/bin/python -m ipykernel_launcher: the ipykernel of the project
# environment (python/jupyter.lock, made by scripts/setup.sh).
set -eu
cd "$(dirname "$0")/.."
cells=${1:-200}
starts=${2:-20}
heavy=${3:-3}
python="${VENV:-build/venv}/bin/python"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go build -o "$tmp/rbm-kernel" ./cmd/rbm-kernel
# Compile the benchmark once.
go test -c -o "$tmp/kernel.test" ./kernel

# Keep ipykernel's debugger from warning on stderr about frozen modules.
export PYDEVD_DISABLE_FILE_VALIDATION=1

run() { # name command
	echo "== $1: $2" >&2
	RBM_BENCH_KERNEL_CMD="$2" "$tmp/kernel.test" -test.run '^$' \
		-test.bench '^BenchmarkTrivialCell$' -test.benchtime "${cells}x" >"$tmp/$1.cell"
	RBM_BENCH_KERNEL_CMD="$2" "$tmp/kernel.test" -test.run '^$' \
		-test.bench '^BenchmarkStartToKernelInfo$' -test.benchtime "${starts}x" >"$tmp/$1.start"
	RBM_BENCH_KERNEL_CMD="$2" "$tmp/kernel.test" -test.run '^$' \
		-test.bench '^BenchmarkPrintLines$' -test.benchtime "${heavy}x" >"$tmp/$1.print"
	RBM_BENCH_KERNEL_CMD="$2" "$tmp/kernel.test" -test.run '^$' \
		-test.bench '^BenchmarkDisplayUpdates$' -test.benchtime "${heavy}x" >"$tmp/$1.update"
	for what in cell start print update; do
		grep '^Benchmark' "$tmp/$1.$what" >&2 || {
			cat "$tmp/$1.$what" >&2
			exit 1
		}
	done
}

# p50 FILE prints the p50-ms metric of the benchmark line in FILE.
p50() {
	awk '/^Benchmark/ { for (i = 1; i < NF; i++) if ($(i+1) == "p50-ms") print $i }' "$1"
}

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
run rbm "$tmp/rbm-kernel kernel --connection-file {connection_file}"
run ipy "$python -m ipykernel_launcher -f {connection_file}"

printf '\n%-28s %12s %12s %10s\n' "p50 (ms)" rbm-kernel ipykernel ratio
for what in cell start print update; do
	r=$(p50 "$tmp/rbm.$what")
	i=$(p50 "$tmp/ipy.$what")
	case $what in
	cell) label="trivial cell (exec->idle)" ;;
	start) label="start->kernel_info_reply" ;;
	print) label="print 100 MB (exec->idle)" ;;
	update) label="10k updates (exec->idle)" ;;
	esac
	awk -v l="$label" -v r="$r" -v i="$i" 'BEGIN { printf "%-28s %12.3f %12.3f %10.3f\n", l, r, i, r / i }'
done
