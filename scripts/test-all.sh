#!/usr/bin/env bash
# test-all.sh runs the given make targets (test stages) one after another,
# all of them even when one fails, times each, and ends with one line
#
#   tests: N passed, N failed
#
# A stage that writes build/test/<stage>*.count files ("passed failed
# skipped" per file) contributes those counts (go tests with subtests,
# conformance tests, notebooks, browser tests, fuzz targets); a stage that
# writes none (lint, generate-check) counts as one test. A stage that fails
# without a counted failure adds one failure, so a broken build is never
# reported as passing. After the timings it prints the digests of what
# failed (build/test/<stage>*.failures, written by scripts/gotest.py), so
# that the end of a long log says why. Exits 1 if any stage failed.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p build/test

total_pass=0 total_fail=0 total_skip=0
failed_stages=()
timings=()
for stage in "$@"; do
	rm -f build/test/"$stage"*.count build/test/"$stage"*.failures
	echo
	echo "=== stage $stage"
	start=$(date +%s)
	if make --no-print-directory "$stage"; then ok=1; else ok=0; fi
	secs=$(($(date +%s) - start))
	p=0 f=0 s=0
	shopt -s nullglob
	counts=(build/test/"$stage"*.count)
	shopt -u nullglob
	if ((${#counts[@]} > 0)); then
		for c in "${counts[@]}"; do
			read -r cp cf cs <"$c" || true
			p=$((p + ${cp:-0})) f=$((f + ${cf:-0})) s=$((s + ${cs:-0}))
		done
	elif ((ok)); then
		p=1
	fi
	if ((!ok && f == 0)); then f=$((f + 1)); fi
	if ((!ok)); then failed_stages+=("$stage"); fi
	total_pass=$((total_pass + p)) total_fail=$((total_fail + f)) total_skip=$((total_skip + s))
	status=ok
	((ok)) || status=FAIL
	timings+=("$(printf '%-16s %-4s %5ds  %d passed, %d failed, %d skipped' "$stage" "$status" "$secs" "$p" "$f" "$s")")
	echo "=== stage $stage: $status in ${secs}s"
done

echo
echo "=== stage timings"
printf '%s\n' "${timings[@]}"
if ((${#failed_stages[@]} > 0)); then
	echo "failed stages: ${failed_stages[*]}"
	for stage in "${failed_stages[@]}"; do
		shopt -s nullglob
		for f in build/test/"$stage"*.failures; do
			echo "=== what failed in $stage ($(basename "$f" .failures))"
			head -n 60 "$f"
		done
		shopt -u nullglob
	done
fi
if ((total_skip > 0)); then
	echo "tests: $total_pass passed, $total_fail failed, $total_skip skipped"
else
	echo "tests: $total_pass passed, $total_fail failed"
fi
((${#failed_stages[@]} == 0))
