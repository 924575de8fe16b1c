#!/usr/bin/env bash
# venv-setup.sh makes the project's Python environment, build/venv, and
# installs into it exactly what python/jupyter.lock pins (JupyterLab 4,
# nbconvert, nbclient, nbformat, jupyter_client, jupyter_console,
# jupyter_kernel_test, jupytext and everything they need), every file checked against
# its hash. Every Jupyter command of the Makefile and the tests runs from
# there (build/venv/bin/jupyter, build/venv/bin/python).
#
# `scripts/venv-setup.sh bench` makes build/venv-bench from python/bench.lock
# instead (numpy and JAX for bench/compare.sh), the same way.
#
# Idempotent: a stamp in the environment records the sha256 of the lock it
# holds; when it matches, nothing is installed. A changed lock re-installs
# into a fresh environment, so no stale package survives.
#
# A failed install ends with one message naming the package and what to do;
# pip's own output goes to build/venv-install.log.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf 'setup: %s\n' "$*" >&2; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

python=/usr/bin/python3
name=${1:-jupyter}
lock=python/$name.lock
venv=build/venv
ready=jupyter-lab # the command whose presence says the install finished
if [[ $name != jupyter ]]; then
	venv=build/venv-$name
	ready=python
fi
[[ -f "$lock" ]] || die "no lock $lock"
stamp="$venv/.rbm-lock-sha256"
pipLog=build/venv-$name-install.log
[[ $name == jupyter ]] && pipLog=build/venv-install.log

[[ -x "$python" ]] || die "$python is missing: install Debian's python3 and python3-venv"
want="$(sha256sum "$lock" | cut -d' ' -f1)"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -x "$venv/bin/$ready" ]]; then
	log "Python environment $venv present ($lock)"
	exit 0
fi

log "making the Python environment $venv from $lock"
mkdir -p build
rm -rf "$venv"
if ! "$python" -m venv "$venv" >"$pipLog" 2>&1; then
	die "could not make the virtual environment $venv with $python: $(tail -n 1 "$pipLog"). Install Debian's python3-venv (apt-get install python3-venv) and run set-up again"
fi
# --no-deps with --require-hashes: the lock lists every package, so pip
# resolves nothing itself; --only-binary: no package is built from source.
if ! "$venv/bin/python" -m pip install --disable-pip-version-check --no-input \
	--require-hashes --no-deps --only-binary=:all: -r "$lock" >>"$pipLog" 2>&1; then
	# Name the package pip stopped at, from its error lines, without its
	# traceback or the long list of versions it did find.
	what="$(grep -E '^ERROR: ' "$pipLog" | head -n 2 | sed -e 's/^ERROR: //' -e 's/ (from versions: [^)]*)//' | tr '\n' ' ' || true)"
	pkg="$(grep -oE -m1 '(requirement|for) [A-Za-z0-9_.-]+==[^ ;)]+' "$pipLog" | awk '{print $2}' || true)"
	if [[ -z "$pkg" ]]; then # hash mismatches list "NAME==V from URL:"
		pkg="$(grep -oE -m1 '^ +[A-Za-z0-9_.-]+==[^ ]+ from ' "$pipLog" | awk '{print $1}' || true)"
	fi
	rm -rf "$venv" # no half-made environment is taken for a whole one
	die "pip could not install ${pkg:-a package of $lock}: ${what:-see the log}
  Check that this machine reaches the Python package index (pip's own settings,
  e.g. PIP_INDEX_URL, apply). If a pinned version or hash is no longer served,
  refresh the lock with scripts/lock-python.sh and commit it.
  pip's full output: $pipLog"
fi
# Jupytext pairs the notebooks with their Go sources (notebooks/jupytext.toml)
# through its server extension. Its JupyterLab extension only adds launcher
# cards and menus, one card per kernel beside our own; keep it off.
# (Only the jupyter environment has Jupytext.)
if [[ $name == jupyter ]] && ! "$venv/bin/jupyter" labextension disable --level=sys_prefix jupyterlab-jupytext >>"$pipLog" 2>&1; then
	rm -rf "$venv"
	die "could not turn off Jupytext's JupyterLab extension; pip's and jupyter's output: $pipLog"
fi
echo "$want" >"$stamp"
if [[ $name == jupyter ]]; then
	log "Python environment ready: $("$venv/bin/jupyter-lab" --version | sed 's/^/JupyterLab /')"
else
	log "Python environment $venv ready ($lock)"
fi
