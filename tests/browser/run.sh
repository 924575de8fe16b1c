#!/usr/bin/env bash
# run.sh runs the browser end-to-end test with Node's test runner.
# JUPYTER_PATH must point at the test kernelspec (make browser does it).
# Writes build/test/browser.count.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mkdir -p "$root/build/test"
log="$root/build/test/browser.log"
cd "$here"
node --test --test-reporter=tap notebook.test.mjs 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$log" | tail -1)
fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$log" | tail -1)
pass=${pass:-0} fail=${fail:-0}
if ((status != 0 && fail == 0)); then fail=1; fi
echo "$pass $fail 0" >"$root/build/test/browser.count"
exit "$status"
