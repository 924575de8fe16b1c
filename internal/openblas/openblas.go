//go:build openblas

package openblas

/*
#cgo LDFLAGS: -lopenblas
*/
import "C"

import (
	"gonum.org/v1/gonum/blas/blas32"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/netlib/blas/netlib"
)

func init() {
	blas64.Use(netlib.Implementation{})
	blas32.Use(netlib.Implementation{})
}

// Enabled reports whether OpenBLAS is linked and in use by blas64 and blas32 (true in
// this build, which has the tag openblas).
func Enabled() bool { return true }

// Name returns the name of the BLAS implementation in use: "openblas" in
// this build.
func Name() string { return "openblas" }
