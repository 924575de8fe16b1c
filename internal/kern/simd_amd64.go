//go:build amd64 && !purego

package kern

// The float32 sigmoid in AVX2 with FMA (simd_amd64.s), 8 lanes at a time,
// used when the processor and the operating system support both (haveSIMD;
// tests may turn it off to check the portable path).

// sigmoidAVX2 writes p_k ← σ(p_k + bias_k) for k < n, n a multiple of 8.
//
//go:noescape
func sigmoidAVX2(p, bias *float32, n int)

// sigmoidBernoulliAVX2 writes p_k ← σ(p_k + bias_k) and s_k = 1 if
// u_k < p_k, else 0, for k < n, n a multiple of 8.
//
//go:noescape
func sigmoidBernoulliAVX2(p, bias, u, s *float32, n int)

// sigmoid64AVX2 writes p_k ← σ(p_k + bias_k) for k < n, bit for bit the
// portable float64 Sigmoid, 4 at a time, and returns how many it did: n
// rounded down to a multiple of 4, or fewer if it stopped before a group
// of 4 in which some |p_k + bias_k| > 708 (the portable code takes those).
//
//go:noescape
func sigmoid64AVX2(p, bias *float64, n int) int

// sigmoidBernoulli64AVX2 is sigmoid64AVX2 that also writes s_k = 1 if
// u_k < p_k, else 0, for the elements it does.
//
//go:noescape
func sigmoidBernoulli64AVX2(p, bias, u, s *float64, n int) int

func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax uint32)

// haveSIMD reports whether the AVX2 kernels run: the processor has AVX2
// and FMA, and the operating system saves the YMM registers (OSXSAVE, and
// XCR0's SSE and AVX bits).
var haveSIMD = simdOK

// simdOK is what the processor supports (haveSIMD may be turned off).
var simdOK = func() bool {
	max, _, _, _ := cpuid(0, 0)
	if max < 7 {
		return false
	}
	_, _, c1, _ := cpuid(1, 0)
	const fma, osxsave, avx = 1 << 12, 1 << 27, 1 << 28
	if c1&fma == 0 || c1&osxsave == 0 || c1&avx == 0 {
		return false
	}
	if xgetbv()&6 != 6 {
		return false
	}
	_, b7, _, _ := cpuid(7, 0)
	return b7&(1<<5) != 0 // AVX2
}()
