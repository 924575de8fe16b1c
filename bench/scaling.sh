#!/bin/sh
# scaling.sh measures how the library's parallel sampling scales from 1
# core to 2: one block Gibbs step of 100 chains (BenchmarkGibbsMNIST,
# lib/mcmc) and one AIS estimate with 100 runs × 1,000 distributions
# (BenchmarkAISMNIST, lib/rbm), both on a 784×500 RBM, in float64 and
# float32, each with GOMAXPROCS=1 pinned to core 0, then GOMAXPROCS=2
# pinned to cores 0 and 1; and the two products of such a Gibbs step
# alone, on one core and split over two in three ways
# (BenchmarkSplitProducts, internal/kern: the samplers' bands of rows,
# tiles of columns, OpenBLAS's own two threads). (OpenBLAS runs on one thread whatever
# OPENBLAS_NUM_THREADS says: the library spreads the work over GOMAXPROCS
# goroutines itself, see docs/precision.md; the variable is still set, for
# builds from before that change.)
# It prints the medians of the wall time and of the CPU time per
# operation and the speed-up, wall(1 core)/wall(2 cores).
#
# It runs in two steps, so that the measurement can be made on a machine
# with neither Go nor OpenBLAS installed (any x86-64 Linux):
#
#   bench/scaling.sh build [dir]   here, with Go and OpenBLAS: compiles the
#                                  two test binaries (-tags openblas) into
#                                  dir (default build/scaling), copies the
#                                  OpenBLAS shared library and the
#                                  libraries it needs (found with ldd; not
#                                  the C library itself) and this script
#                                  beside them
#   dir/scaling.sh run [count]     there, from the copied folder: runs each
#                                  benchmark count times (default 5) per
#                                  configuration with LD_LIBRARY_PATH set
#                                  to the folder; about 1.5 minutes on a
#                                  quiet machine, well under 4 (the AIS
#                                  estimate is one operation per run)
#
# bench/README.md keeps the figures ("Scaling from 1 core to 2").
set -eu
script=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")

usage() {
	echo "usage: $0 build [dir] | $0 run [count]" >&2
	exit 2
}

build() {
	here=$(cd "$(dirname "$script")/.." && pwd)
	dir=${1:-$here/build/scaling}
	mkdir -p "$dir"
	cd "$here"
	go test -c -tags openblas -o "$dir/mcmc.test" ./lib/mcmc
	go test -c -tags openblas -o "$dir/rbm.test" ./lib/rbm
	go test -c -tags openblas -o "$dir/kern.test" ./internal/kern
	# The shared libraries the binaries load, less the C library's own
	# (libc, libm, libpthread, libdl, librt, the loader and the vDSO),
	# which every Linux has and which must match its kernel and loader.
	for bin in "$dir/mcmc.test" "$dir/rbm.test" "$dir/kern.test"; do
		ldd "$bin" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }'
	done | sort -u | while read -r lib; do
		case "$(basename "$lib")" in
		libc.so* | libm.so* | libpthread.so* | libdl.so* | librt.so* | ld-linux*) ;;
		*) cp -L "$lib" "$dir/" ;;
		esac
	done
	if ! ls "$dir"/libopenblas* >/dev/null 2>&1; then
		echo "scaling.sh: no libopenblas among the libraries of the test binaries (built without -tags openblas?)" >&2
		exit 1
	fi
	cp "$script" "$dir/scaling.sh"
	chmod +x "$dir/scaling.sh"
	echo "built into $dir:"
	ls -l "$dir"
	echo "copy the folder to the machine to measure and run: $dir/scaling.sh run"
}

# median reads numbers, one a line, and prints their median.
median() {
	sort -g | awk '{ x[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print x[(NR + 1) / 2]; else print (x[NR / 2] + x[NR / 2 + 1]) / 2 }'
}

run() {
	dir=$(dirname "$script")
	count=${1:-5}
	for f in mcmc.test rbm.test kern.test; do
		[ -x "$dir/$f" ] || {
			echo "scaling.sh: $dir/$f is missing: run '$0 build' first (on a machine with Go), then run the copy" >&2
			exit 1
		}
	done
	if [ "$(nproc)" -lt 2 ]; then
		echo "scaling.sh: needs at least 2 cores, this machine has $(nproc)" >&2
		exit 1
	fi
	pin=1
	command -v taskset >/dev/null 2>&1 || {
		echo "scaling.sh: warning: no taskset, the processes are not pinned" >&2
		pin=0
	}
	export LD_LIBRARY_PATH="$dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
	echo "== $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')), load average $(cut -d' ' -f1-3 /proc/loadavg), $count runs each"
	for cores in 1 2; do
		cpus=0
		[ "$cores" = 2 ] && cpus=0,1
		set --
		[ "$pin" = 1 ] && set -- taskset -c "$cpus"
		# Gibbs: 200 steps an operation median; AIS: one estimate each.
		GOMAXPROCS=$cores OPENBLAS_NUM_THREADS=$cores OMP_NUM_THREADS=$cores "$@" \
			"$dir/mcmc.test" -test.run '^$' -test.bench '^BenchmarkGibbsMNIST$' \
			-test.benchtime 200x -test.count "$count" >"$out/gibbs.$cores" 2>&1
		GOMAXPROCS=$cores OPENBLAS_NUM_THREADS=$cores OMP_NUM_THREADS=$cores "$@" \
			"$dir/rbm.test" -test.run '^$' -test.bench '^BenchmarkAISMNIST$' \
			-test.benchtime 1x -test.count "$count" >"$out/ais.$cores" 2>&1
		# The products alone: one on 1 core, the three splits on 2.
		products='^BenchmarkSplitProducts$/^float(64|32)$/^one$'
		[ "$cores" = 2 ] && products='^BenchmarkSplitProducts$/^float(64|32)$/^(bands|tiles|threads)$'
		GOMAXPROCS=$cores OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 "$@" \
			"$dir/kern.test" -test.run '^$' -test.bench "$products" \
			-test.benchtime 100x -test.count "$count" >"$out/products.$cores" 2>&1
		cat "$out/gibbs.$cores" "$out/ais.$cores" "$out/products.$cores" | grep '^Benchmark' | sed "s/^/[$cores core(s)] /"
	done
	echo "== medians of $count runs; speed-up = wall with 1 core / wall with 2 cores"
	printf '%-28s %12s %12s %12s %12s %9s\n' benchmark "wall 1" "wall 2" "CPU 1" "CPU 2" speed-up
	for w in gibbs:GibbsMNIST ais:AISMNIST; do
		file=${w%%:*}
		name=${w#*:}
		for p in float64 float32; do
			b="Benchmark$name/$p"
			# Lines: name-GOMAXPROCS N ns/op "ns/op" ... cpu-ns/op "cpu-ns/op" ...
			wall1=$(grep "^$b" "$out/$file.1" | awk '{ print $3 }' | median)
			wall2=$(grep "^$b" "$out/$file.2" | awk '{ print $3 }' | median)
			cpu1=$(grep "^$b" "$out/$file.1" | awk '{ for (i = 4; i <= NF; i++) if ($i == "cpu-ns/op") print $(i - 1) }' | median)
			cpu2=$(grep "^$b" "$out/$file.2" | awk '{ for (i = 4; i <= NF; i++) if ($i == "cpu-ns/op") print $(i - 1) }' | median)
			awk -v b="$b" -v w1="$wall1" -v w2="$wall2" -v c1="$cpu1" -v c2="$cpu2" 'BEGIN {
				u = (w1 > 1e8) ? 1e9 : 1e6; s = (w1 > 1e8) ? "s" : "ms"
				printf "%-28s %9.3f %-2s %9.3f %-2s %9.3f %-2s %9.3f %-2s %9.2f\n", b, w1 / u, s, w2 / u, s, c1 / u, s, c2 / u, s, (w2 > 0 ? w1 / w2 : 0)
			}'
		done
	done
	echo "== the two products of a Gibbs step alone: one core, and split over two; speed-up = one / split"
	printf '%-40s %12s %12s %9s\n' benchmark "wall" "CPU" speed-up
	for p in float64 float32; do
		one=$(grep "^BenchmarkSplitProducts/$p/one" "$out/products.1" | awk '{ print $3 }' | median)
		for split in one bands tiles threads; do
			file=$out/products.2
			[ "$split" = one ] && file=$out/products.1
			b="BenchmarkSplitProducts/$p/$split"
			grep -q "^$b" "$file" || continue
			wall=$(grep "^$b" "$file" | awk '{ print $3 }' | median)
			cpu=$(grep "^$b" "$file" | awk '{ for (i = 4; i <= NF; i++) if ($i == "cpu-ns/op") print $(i - 1) }' | median)
			awk -v b="$b" -v w="$wall" -v c="$cpu" -v o="$one" 'BEGIN {
				printf "%-40s %9.3f ms %9.3f ms %9.2f\n", b, w / 1e6, c / 1e6, (w > 0 ? o / w : 0)
			}'
		done
	done
}

case "${1:-}" in
build)
	shift
	build "$@"
	;;
run)
	shift
	run "$@"
	;;
*) usage ;;
esac
