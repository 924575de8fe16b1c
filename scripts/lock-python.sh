#!/usr/bin/env bash
# lock-python.sh refreshes python/NAME.lock from python/NAME.in: the newest
# versions that fit, every file's sha256, resolved for Debian's
# /usr/bin/python3 (the interpreter scripts/venv-setup.sh uses). Run it, look
# at the diff, run `make test` (or `make bench` for the bench lock), and
# commit both files.
#
#   scripts/lock-python.sh                   python/jupyter.lock, newest versions
#   scripts/lock-python.sh bench             python/bench.lock (numpy and JAX
#                                            for bench/compare.sh)
#   scripts/lock-python.sh [NAME] -P PKG==V  upgrade or add one package only,
#                                            keeping every other pin
#                                            (pip-compile's options are passed on)
set -euo pipefail
cd "$(dirname "$0")/.."
name=jupyter
if [[ $# -gt 0 && "$1" != -* ]]; then
	name=$1
	shift
fi
[[ -f "python/$name.in" ]] || { echo "lock-python: no python/$name.in" >&2; exit 2; }
tools=build/lock-tools
if [[ ! -x "$tools/bin/pip-compile" ]]; then
	/usr/bin/python3 -m venv "$tools"
	"$tools/bin/python" -m pip install -q --disable-pip-version-check pip-tools==7.6.2
fi
out=python/$name.lock
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT
# With -P, start from the current lock so that pip-compile keeps every other
# pin (it reads the output file's pins); without arguments, upgrade all.
upgrade=(--upgrade)
if [[ $# -gt 0 ]]; then
	cp "$out" "$tmp"
	upgrade=()
fi
"$tools/bin/pip-compile" --quiet --generate-hashes --allow-unsafe --strip-extras \
	--no-emit-index-url --no-emit-find-links --no-header "${upgrade[@]}" "$@" --output-file "$tmp" "python/$name.in"
{
	if [[ $name == jupyter ]]; then
		cat <<'HEADER'
# python/jupyter.lock: the exact Jupyter that build/venv holds, every package
# pinned with the sha256 of each of its files; scripts/venv-setup.sh installs
# it with `pip install --require-hashes --no-deps --only-binary=:all:`.
#
# Generated from python/jupyter.in by scripts/lock-python.sh (pip-compile
# --generate-hashes, for Debian 12's Python 3.11); do not edit by hand.
# To refresh: edit python/jupyter.in if the direct requirements change, run
# scripts/lock-python.sh (or `scripts/lock-python.sh -P jupyterlab==X.Y.Z` to
# move one package), run `make test`, and commit both files.
HEADER
	else
		cat <<HEADER
# python/$name.lock: the exact packages that build/venv-$name holds, every
# one pinned with the sha256 of each of its files; scripts/venv-setup.sh
# $name installs it with \`pip install --require-hashes --no-deps
# --only-binary=:all:\`.
#
# Generated from python/$name.in by \`scripts/lock-python.sh $name\`
# (pip-compile --generate-hashes, for Debian 12's Python 3.11); do not edit
# by hand. To refresh: edit python/$name.in if the direct requirements
# change, run \`scripts/lock-python.sh $name\`, and commit both files.
HEADER
	fi
	cat "$tmp"
} >"$out"
echo "lock-python: wrote $out ($(grep -c '^[A-Za-z0-9].*==' "$out") packages)"
