//go:build !amd64 || purego

package kern

// Without amd64 assembly the float32 kernels run the portable Go code.
var haveSIMD, simdOK = false, false

func sigmoidAVX2(p, bias *float32, n int) { panic("kern: no AVX2 kernel in this build") }

func sigmoidBernoulliAVX2(p, bias, u, s *float32, n int) {
	panic("kern: no AVX2 kernel in this build")
}

func sigmoid64AVX2(p, bias *float64, n int) int { panic("kern: no AVX2 kernel in this build") }

func sigmoidBernoulli64AVX2(p, bias, u, s *float64, n int) int {
	panic("kern: no AVX2 kernel in this build")
}
