// The notebooks' Go sources (Jupytext percent scripts, one per notebook)
// are cells, not a Go package: this file keeps them out of the kernel's
// module, so that `go build ./...` and `go vet ./...` pass them by.
// `rbm-kernel vet notebooks/*.ipynb` type-checks their cells instead.
module notebooks

go 1.26
