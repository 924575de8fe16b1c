//go:build amd64 && !purego

package kern

// The AVX2 conversions and SGD step (step_amd64.s); n need not be a
// multiple of 4: they do n rounded down to a multiple of 4 and leave the
// rest to the portable loops.

// convert64to32AVX2 writes dst_i = fl32(src_i) for i < n &^ 3.
//
//go:noescape
func convert64to32AVX2(dst *float32, src *float64, n int)

// convert32to64AVX2 writes dst_i = src_i for i < n &^ 3.
//
//go:noescape
func convert32to64AVX2(dst *float64, src *float32, n int)

// momentum32AVX2 makes Momentum's step for i < n &^ 3 with a float32
// gradient grad, writing t32_i = fl32(θ_i).
//
//go:noescape
func momentum32AVX2(th, v *float64, grad, t32 *float32, n int, rate, mom, wd float64)

// momentum64AVX2 makes Momentum's step for i < n &^ 3 with a float64
// gradient grad.
//
//go:noescape
func momentum64AVX2(th, v, grad *float64, n int, rate, mom, wd float64)

// addScaled32AVX2 writes dst_i ← dst_i + f·x_i for i < n &^ 3.
//
//go:noescape
func addScaled32AVX2(dst *float64, f float64, x *float32, n int)

// addScaled64AVX2 writes dst_i ← dst_i + f·x_i for i < n &^ 3.
//
//go:noescape
func addScaled64AVX2(dst *float64, f float64, x *float64, n int)
