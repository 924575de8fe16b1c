#!/usr/bin/env bash
# run.sh runs the browser tests (*.test.mjs: JupyterLab 4 in headless
# Chromium, see lab.mjs) with Node's test runner, one file at a time.
# JUPYTER_PATH must point at the test kernelspec (make browser does it);
# Jupyter comes from $VENV (default build/venv). Screenshots go to
# build/test/browser/; writes build/test/browser.count.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mkdir -p "$root/build/test"
rm -rf "$root/build/test/browser"
log="$root/build/test/browser.log"
cd "$here"
node --test --test-concurrency=1 --test-reporter=tap ${BROWSER_TESTS:-*.test.mjs} 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$log" | tail -1)
fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$log" | tail -1)
pass=${pass:-0} fail=${fail:-0}
if ((status != 0 && fail == 0)); then fail=1; fi
echo "$pass $fail 0" >"$root/build/test/browser.count"
exit "$status"
