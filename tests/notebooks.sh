#!/usr/bin/env bash
# notebooks.sh executes every notebooks/*.ipynb with the rbm-kernel kernel
# in quick mode (RBM_QUICK=1: fewer updates and repeats, same code paths),
# writing the executed copies to build/notebooks, and fails on any cell
# error or widget output without its saved state (scripts/widget_state.py
# check); then it runs the widget-state self-test (widget_state.py
# selftest). JUPYTER_PATH must point at the test kernelspec; Jupyter runs
# from the project's environment ($VENV, default build/venv).
# NOTEBOOK_TIMEOUT is the per-cell limit in seconds (default 600).
# Writes build/test/notebooks.count (one test per notebook, and one for the
# self-test).
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
mkdir -p build/test build/notebooks
venv="${VENV:-$root/build/venv}"
count=build/test/notebooks.count
export RBM_QUICK=1
timeout_s="${NOTEBOOK_TIMEOUT:-600}"

shopt -s nullglob
nbs=(notebooks/*.ipynb)
if ((${#nbs[@]} == 0)); then
	echo "notebooks: no notebooks in notebooks/" >&2
	echo "0 1 0" >"$count"
	exit 1
fi

pass=0 fail=0
for nb in "${nbs[@]}"; do
	name="$(basename "$nb")"
	start=$(date +%s)
	if "$venv/bin/jupyter" nbconvert --to notebook --execute \
		--ExecutePreprocessor.timeout="$timeout_s" \
		--ExecutePreprocessor.kernel_name=rbm-kernel \
		--output-dir build/notebooks --output "$name" "$nb" \
		>"build/test/notebook-$name.log" 2>&1 &&
		"$venv/bin/python" - "build/notebooks/$name" <<'PY' &&
import sys, nbformat
nb = nbformat.read(sys.argv[1], as_version=4)
errs = [(i, o) for i, c in enumerate(nb.cells) if c.cell_type == "code"
        for o in c.get("outputs", []) if o.get("output_type") == "error"]
for i, o in errs:
    print(f"cell {i}: {o.get('ename')}: {o.get('evalue')}", file=sys.stderr)
sys.exit(1 if errs else 0)
PY
		"$venv/bin/python" scripts/widget_state.py check "build/notebooks/$name"
	then
		echo "notebooks: $name ok ($(($(date +%s) - start))s)"
		pass=$((pass + 1))
	else
		echo "notebooks: $name FAILED ($(($(date +%s) - start))s); log:" >&2
		tail -n 40 "build/test/notebook-$name.log" >&2
		fail=$((fail + 1))
	fi
done
# The widget state that nbconvert saves, on a notebook made from cells
# (scripts/widget_state.py selftest): one more test.
if "$venv/bin/python" scripts/widget_state.py selftest >build/test/notebook-widget-state.log 2>&1; then
	echo "notebooks: widget state self-test ok"
	pass=$((pass + 1))
else
	echo "notebooks: widget state self-test FAILED; log:" >&2
	tail -n 40 build/test/notebook-widget-state.log >&2
	fail=$((fail + 1))
fi
echo "$pass $fail 0" >"$count"
echo "notebooks: $pass passed, $fail failed"
((fail == 0))
