package kern

// SetSIMD turns the AVX2 kernels on or off (off: the portable path), if
// the processor has them, and returns whether they were on.
func SetSIMD(on bool) (was bool) {
	was = haveSIMD
	haveSIMD = on && simdOK
	return was
}

// SetBinaryShare sets the largest share of ones for which Gemm1 takes the
// binary product under a BLAS other than gonum's, and returns the old one.
func SetBinaryShare(s float64) (was float64) {
	was, binaryShare = binaryShare, s
	return was
}
