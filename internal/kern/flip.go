package kern

// FlipProb returns the probability P_T(s' = 1 | s) of the flip-the-state
// operator T (Brügge, Fischer and Igel 2013) for a unit whose conditional
// is q = σ(x) and whose state is s:
//
//	P_T(1 | 0) = min(e^x, 1) = min(q/(1−q), 1),
//	P_T(1 | 1) = max(1 − e^{−x}, 0) = max(2 − 1/q, 0),
//
// and ½ for a tie, q = ½. A state other than 0 is taken as 1. Both rules
// are computed (each finite and in [0, 1] for q in [0, 1]) and one is
// selected by multiplying by 0 and 1, which is exact, so that the inner
// loop has no branch on the state; only the rare tie branches.
func FlipProb(s, q float64) float64 {
	var one uint8
	if s != 0 {
		one = 1
	}
	sel := float64(one)
	r := (1-sel)*min(q/(1-q), 1) + sel*max(2-1/q, 0)
	if q == 0.5 {
		r = 0.5
	}
	return r
}

// FlipBernoulli moves each binary state s_k by the blend T_α = αT +
// (1−α)G, α in (0, 1], given q = p_k in [0, 1]: s_k ← 1 if a uniform from
// u is below α·FlipProb(s_k, p_k) + (1−α)·p_k rounded to T's precision,
// else 0, one uniform per element in order, drawn len(buf) at a time into
// buf. For T itself (α = 1, where the blend is FlipProb exactly) both
// precisions take an AVX2 kernel where the processor has one, bit for bit
// the loop.
func FlipBernoulli[T Float](p, s []T, alpha float64, u *Uniforms[T], buf []T) {
	s = s[:len(p)]
	for lo := 0; lo < len(p); lo += len(buf) {
		pc := p[lo:min(lo+len(buf), len(p))]
		sc, ub := s[lo:lo+len(pc)], buf[:len(pc)]
		u.Fill(ub)
		if alpha != 1 {
			for k, q := range pc {
				var bit uint8 // set without a branch: the draws are unpredictable
				if ub[k] < T(alpha*FlipProb(float64(sc[k]), float64(q))+(1-alpha)*float64(q)) {
					bit = 1
				}
				sc[k] = T(bit)
			}
			continue
		}
		if haveSIMD && len(pc) >= 4 {
			if Is32[T]() {
				flip32AVX2(&as32(pc)[0], &as32(ub)[0], &as32(sc)[0], len(pc))
			} else {
				flip64AVX2(&as64(pc)[0], &as64(ub)[0], &as64(sc)[0], len(pc))
			}
			d := len(pc) &^ 3
			pc, sc, ub = pc[d:], sc[d:], ub[d:]
		}
		for k, q := range pc {
			var bit uint8
			if ub[k] < T(FlipProb(float64(sc[k]), float64(q))) {
				bit = 1
			}
			sc[k] = T(bit)
		}
	}
}
