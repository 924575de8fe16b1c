//go:build amd64 && !purego

package kern

// softplus64AVX2 adds, for j < n &^ 3, 0.5·(y_j + |y_j|) to lin[j mod 4]
// and multiplies prod[j mod 4] by 1 + ExpNeg(max(−|y_j|, −708)), each
// lane's operations those of SoftplusLanes's loop in the same order
// (softplus_amd64.s), and returns n &^ 3.
//
//go:noescape
func softplus64AVX2(y *float64, n int, lin, prod *[4]float64) int

// softplusShift64AVX2 is softplus64AVX2 of the values a_j + y_j.
//
//go:noescape
func softplusShift64AVX2(a, y *float64, n int, lin, prod *[4]float64) int
