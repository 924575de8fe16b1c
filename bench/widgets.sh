#!/bin/sh
# widgets.sh measures the widget round trip of issue 18 with
# BenchmarkWidgetRoundTrip (cmd/rbm-kernel/widgets_test.go): the front end
# moves a slider (a comm_msg update over the kernel's sockets) and waits
# for the label update that the slider's Go callback sends, through the
# kernel process and the worker. It prints the p50, p90 and p99 of each
# run in ms against the target, p50 under 20 ms, and exits 1 if the
# median p50 of the runs is not under it.
#
# Usage: bench/widgets.sh [round-trips [runs]]   (defaults 1000 and 3)
#
# It compiles the benchmark once into a temporary directory (add build
# tags with GOFLAGS, e.g. GOFLAGS=-tags=openblas).
set -eu
cd "$(dirname "$0")/.."
n=${1:-1000}
runs=${2:-3}
target=20
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

go test -c -o "$tmp/rbm-kernel.test" ./cmd/rbm-kernel

# metric FILE NAME prints the metric NAME (e.g. p50-ms) of the benchmark
# line in FILE.
metric() {
	awk -v m="$2" '/^Benchmark/ { for (i = 1; i < NF; i++) if ($(i+1) == m) print $i }' "$1"
}

echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $n round trips per run"
printf '%-6s %10s %10s %10s\n' run "p50 (ms)" "p90 (ms)" "p99 (ms)"
i=1
while [ "$i" -le "$runs" ]; do
	"$tmp/rbm-kernel.test" -test.run '^$' -test.bench '^BenchmarkWidgetRoundTrip$' \
		-test.benchtime "${n}x" >"$tmp/run.$i" 2>&1 || {
		cat "$tmp/run.$i" >&2
		exit 1
	}
	grep -q '^Benchmark' "$tmp/run.$i" || {
		cat "$tmp/run.$i" >&2
		exit 1
	}
	printf '%-6s %10s %10s %10s\n' "$i" "$(metric "$tmp/run.$i" p50-ms)" \
		"$(metric "$tmp/run.$i" p90-ms)" "$(metric "$tmp/run.$i" p99-ms)"
	metric "$tmp/run.$i" p50-ms >>"$tmp/p50"
	i=$((i + 1))
done
median=$(sort -g "$tmp/p50" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
if awk -v m="$median" -v t="$target" 'BEGIN { exit !(m < t) }'; then
	echo "median p50 $median ms: under the target of $target ms"
else
	echo "median p50 $median ms: NOT under the target of $target ms"
	exit 1
fi
