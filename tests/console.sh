#!/usr/bin/env bash
# console.sh runs cells through `jupyter console --kernel rbm-kernel`,
# non-interactively (one cell per line on standard input, simple prompt:
# the console reads no multi-line cells there), and checks the printed
# output: statements, state kept across cells (a variable and a function),
# and a final expression's execute_result that depends on every earlier
# cell. JUPYTER_PATH must point at the test kernelspec. Writes
# build/test/console.count. Jupyter runs from the project's environment
# ($VENV, default build/venv).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$root/build/test"
venv="${VENV:-$root/build/venv}"
log="$root/build/test/console.log"
count="$root/build/test/console.count"
echo "0 1 0" >"$count"

cells='x := 6 * 7
fmt.Println("console says", x)
func add(a, b int) int { return a + b }
fmt.Println("sum is", add(x, 1))
add(x, 100)
'
printf '%s' "$cells" |
	timeout 120 "$venv/bin/jupyter" console --kernel rbm-kernel --simple-prompt \
		--ZMQTerminalInteractiveShell.kernel_timeout=60 >"$log" 2>&1 || {
	echo "console: jupyter console failed (exit $?); output:" >&2
	cat "$log" >&2
	exit 1
}

fail=0
for want in "console says 42" "sum is 43" "142"; do
	if ! grep -q -F -- "$want" "$log"; then
		echo "console: output lacks \"$want\"" >&2
		fail=1
	fi
done
if grep -q -E '^Traceback|CompileError|panic:' "$log"; then
	echo "console: an error was printed" >&2
	fail=1
fi
if ((fail)); then
	echo "--- console output:" >&2
	cat "$log" >&2
	exit 1
fi
echo "1 0 0" >"$count"
echo "console: ok"
