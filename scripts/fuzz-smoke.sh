#!/usr/bin/env bash
# fuzz-smoke.sh runs every Go fuzz target of the module for a short time
# (FUZZTIME, default 100000x executions: a count, not a duration, see the Makefile) beyond its seed corpus, one target at a time (go
# test -fuzz accepts one target per package run). Writes
# build/test/fuzz-smoke.count ("passed failed 0").
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZTIME="${FUZZTIME:-100000x}"
mkdir -p build/test

pass=0 fail=0
# Packages that declare a Fuzz function in a _test.go file.
mapfile -t dirs < <(grep -rl --include='*_test.go' -E '^func Fuzz[A-Z0-9_]' . 2>/dev/null |
	grep -v -e '^./build/' -e '/node_modules/' | xargs -r -n1 dirname | sort -u)
for d in "${dirs[@]}"; do
	mapfile -t targets < <(go test -list '^Fuzz' "$d" | grep '^Fuzz' || true)
	for t in "${targets[@]}"; do
		echo "fuzz: $d $t for $FUZZTIME"
		if go test -run '^$' -fuzz "^${t}\$" -fuzztime "$FUZZTIME" "$d"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
		fi
	done
done
if ((pass + fail == 0)); then
	echo "fuzz: no fuzz targets found"
fi
echo "$pass $fail 0" >build/test/fuzz-smoke.count
echo "fuzz: $pass passed, $fail failed"
((fail == 0))
