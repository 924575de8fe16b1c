//go:build amd64 && !purego

package kern

// flip64AVX2 makes FlipBernoulli's step for i < n &^ 3 (flip_amd64.s):
// s_i ← 1 if u_i < FlipProb(s_i, p_i), else 0, bit for bit the loop.
//
//go:noescape
func flip64AVX2(p, u, s *float64, n int)

// flip32AVX2 is flip64AVX2 for float32 p, u and s: s_i ← 1 if
// u_i < float32(FlipProb(s_i, p_i)), else 0, bit for bit the loop.
//
//go:noescape
func flip32AVX2(p, u, s *float32, n int)
