package kern

// Momentum makes the step of stochastic gradient ascent with momentum of
// one parameter slice θ with velocity v and gradient g (of either
// precision), in float64:
//
//	d_i = μ·v_i + ε·(g_i − λ·θ_i),  v_i ← d_i,  θ_i ← θ_i + d_i,
//
// with rate ε, momentum μ and weight decay λ, and writes t32_i = fl32(θ_i)
// of the new values when t32 is not nil (the float32 copy of a model's
// parameters). v, g and t32 must be at least as long as θ. Every product
// is rounded before the sum (no fused multiply-add), so that the results
// are the same bit for bit with and without the AVX2 kernels, which run
// for a float32 gradient with t32 and for a float64 gradient without.
func Momentum[G Float](th, v []float64, g []G, t32 []float32, rate, mom, wd float64) {
	v, g = v[:len(th)], g[:len(th)]
	if t32 != nil {
		t32 = t32[:len(th)]
	}
	i := 0
	if haveSIMD && len(th) >= 4 {
		switch {
		case Is32[G]() && t32 != nil:
			momentum32AVX2(&th[0], &v[0], &as32(g)[0], &t32[0], len(th), rate, mom, wd)
			i = len(th) &^ 3
		case !Is32[G]() && t32 == nil:
			momentum64AVX2(&th[0], &v[0], &as64(g)[0], len(th), rate, mom, wd)
			i = len(th) &^ 3
		}
	}
	if t32 == nil {
		for ; i < len(th); i++ {
			// The explicit conversions round each product (Go may fuse
			// x·y + z otherwise).
			d := float64(mom*v[i]) + float64(rate*(float64(g[i])-float64(wd*th[i])))
			v[i], th[i] = d, th[i]+d
		}
		return
	}
	for ; i < len(th); i++ {
		d := float64(mom*v[i]) + float64(rate*(float64(g[i])-float64(wd*th[i])))
		x := th[i] + d
		v[i], th[i], t32[i] = d, x, float32(x)
	}
}

// AddScaled writes dst_i ← dst_i + f·x_i for i < len(x), in float64 (the
// product rounded before the sum, the same bit for bit with and without
// the AVX2 kernels): a step of a column sum or mean of a matrix of either
// precision, added row by row.
func AddScaled[T Float](dst []float64, f float64, x []T) {
	dst = dst[:len(x)]
	i := 0
	if haveSIMD && len(x) >= 4 {
		if Is32[T]() {
			addScaled32AVX2(&dst[0], f, &as32(x)[0], len(x))
		} else {
			addScaled64AVX2(&dst[0], f, &as64(x)[0], len(x))
		}
		i = len(x) &^ 3
	}
	for ; i < len(x); i++ {
		dst[i] += float64(f * float64(x[i]))
	}
}
