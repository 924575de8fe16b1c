package kern

// SetSIMD turns the AVX2 kernels on or off (off: the portable path), if
// the processor has them, and returns whether they were on.
func SetSIMD(on bool) (was bool) {
	was = haveSIMD
	haveSIMD = on && simdOK
	return was
}
