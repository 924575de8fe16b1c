//go:build amd64 && !purego

package kern

// nn16AVX2 and nn4AVX2 write c = a·b for 16 and 4 columns of b and c (m
// rows, inner dimension k ≥ 1, row strides lda, ldb and ldc), and ntAVX2
// c = a·bᵀ (m×n), in gonum's order (small.go, small_amd64.s).
//
//go:noescape
func nn16AVX2(a, b, c *float64, m, k, lda, ldb, ldc int)

//go:noescape
func nn4AVX2(a, b, c *float64, m, k, lda, ldb, ldc int)

//go:noescape
func ntAVX2(a, b, c *float64, m, n, k, lda, ldb, ldc int)

// nn16s32AVX2 and nn8s32AVX2 are nn16AVX2 in float32, for 16 and 8
// columns.
//
//go:noescape
func nn16s32AVX2(a, b, c *float32, m, k, lda, ldb, ldc int)

//go:noescape
func nn8s32AVX2(a, b, c *float32, m, k, lda, ldb, ldc int)
