//go:build !openblas

package openblas

// Enabled reports whether OpenBLAS is linked and in use by blas64 (false in
// this build, which lacks the tag openblas).
func Enabled() bool { return false }

// Name returns the name of the BLAS implementation in use: "gonum" (pure
// Go) in this build.
func Name() string { return "gonum" }

// Threads returns the number of threads OpenBLAS runs a product on: 0 in
// this build, which has no OpenBLAS (gonum's BLAS spreads its products
// over GOMAXPROCS goroutines).
func Threads() int { return 0 }

// SetThreads does nothing in this build, which has no OpenBLAS, and
// returns 0.
func SetThreads(n int) int { return 0 }
