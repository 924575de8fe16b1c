# rbm-kernel: build, install, run and test.
#
#   make run     set up, build, install the kernel for this user, open Jupyter
#   make test    set up, then every check (see `test` below)
#
# Tests install the kernelspec under build/jupyter and point JUPYTER_PATH,
# JUPYTER_RUNTIME_DIR, JUPYTER_CONFIG_DIR and IPYTHONDIR there, so they never
# touch the user's Jupyter folders.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

GO       ?= go
PYTHON   := /usr/bin/python3
JUPYTER  := /usr/bin/jupyter
VERSION  := $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDFLAGS  := -X main.version=$(VERSION)
BIN      := build/rbm-kernel

# staticcheck, pinned; built once into build/bin through the module proxy.
STATICCHECK_VERSION := v0.8.2
STATICCHECK         := build/bin/staticcheck-$(STATICCHECK_VERSION)

# How long each fuzz target runs in `make fuzz-smoke`.
FUZZTIME ?= 10s
# -race for ./kernel/... (set RACE= to skip).
RACE ?= -race

TEST_JUPYTER := $(abspath build/jupyter)
TEST_ENV := JUPYTER_PATH=$(TEST_JUPYTER)/share/jupyter \
	JUPYTER_RUNTIME_DIR=$(TEST_JUPYTER)/runtime \
	JUPYTER_CONFIG_DIR=$(TEST_JUPYTER)/config \
	JUPYTER_DATA_DIR=$(TEST_JUPYTER)/data \
	IPYTHONDIR=$(TEST_JUPYTER)/ipython \
	JUPYTER_PLATFORM_DIRS=0 \
	PYDEVD_DISABLE_FILE_VALIDATION=1 \
	RBM_KERNEL_BIN=$(abspath $(BIN))

.PHONY: help setup build install run test test-stages lint unit generate-check \
	test-kernelspec conformance console notebooks browser fuzz-smoke bench clean

help:
	@echo "make run    set up, build, install the kernelspec for this user, start Jupyter Notebook"
	@echo "make test   set up, then lint, unit, generate-check, conformance, console, notebooks, browser, fuzz-smoke"
	@echo "other targets: setup build install lint unit generate-check conformance console notebooks browser fuzz-smoke bench clean"

setup:
	scripts/setup.sh

build:
	$(GO) build -tags openblas -ldflags '$(LDFLAGS)' -o $(BIN) ./cmd/rbm-kernel

install: build
	$(BIN) install --user

# Jupyter refuses to run as root without --allow-root (e.g. in a container).
run: setup build install
	$(JUPYTER) notebook --no-browser --ip=127.0.0.1 --notebook-dir=notebooks \
		$$(if [[ "$$(id -u)" == 0 ]]; then echo --allow-root; fi)

# Every stage runs even when an earlier one fails; scripts/test-all.sh times
# them and prints one summary line at the end.
test: setup
	scripts/test-all.sh lint unit generate-check conformance console notebooks browser fuzz-smoke

lint: $(STATICCHECK)
	@files="$$(find . -name '*.go' -not -path './build/*' -not -path '*/node_modules/*' | xargs gofmt -l)"; \
	if [[ -n "$$files" ]]; then echo "gofmt: these files need formatting:"; echo "$$files"; exit 1; fi
	$(GO) vet ./...
	$(GO) vet -tags openblas ./lib/... ./internal/...
	$(STATICCHECK) ./...

$(STATICCHECK):
	mkdir -p build/bin
	GOBIN=$(abspath build/bin) $(GO) install honnef.co/go/tools/cmd/staticcheck@$(STATICCHECK_VERSION)
	mv build/bin/staticcheck $@

# Pure-Go tests everywhere, the library again with OpenBLAS, and the kernel
# under the race detector. scripts/gotest.py prints go test's usual lines
# and counts tests for the summary.
unit:
	mkdir -p build/test
	$(GO) test -json ./... | $(PYTHON) scripts/gotest.py build/test/unit-pure.count
	$(GO) test -json -tags openblas ./lib/... ./internal/... | $(PYTHON) scripts/gotest.py build/test/unit-openblas.count
	$(GO) test -json $(RACE) ./kernel/... | $(PYTHON) scripts/gotest.py build/test/unit-race.count

# Regenerating the committed generated code must change nothing.
generate-check:
	$(GO) generate ./kernel/...
	@if ! git diff --exit-code --stat -- kernel || [[ -n "$$(git status --porcelain --untracked-files=all -- kernel)" ]]; then \
		git status --short -- kernel; \
		echo "generate-check: 'go generate ./kernel/...' changed files: commit the regenerated code"; exit 1; fi

test-kernelspec: build
	rm -rf build/jupyter
	$(BIN) install --prefix build/jupyter
	mkdir -p build/jupyter/runtime build/jupyter/config build/jupyter/data build/jupyter/ipython

conformance: test-kernelspec
	$(TEST_ENV) tests/conformance/run.sh

console: test-kernelspec
	$(TEST_ENV) tests/console.sh

notebooks: test-kernelspec
	$(TEST_ENV) tests/notebooks.sh

browser: test-kernelspec
	$(TEST_ENV) tests/browser/run.sh

fuzz-smoke:
	FUZZTIME=$(FUZZTIME) scripts/fuzz-smoke.sh

# Speed comparisons (not part of `make test`): the library against numpy and
# PyTorch, and the kernel against ipykernel.
bench: build
	scripts/setup.sh --bench
	bench/compare.sh
	bench/kernel.sh

clean:
	rm -rf build
