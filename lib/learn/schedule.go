package learn

import "math"

// Schedule gives the learning rate of update t (0-based) of total updates,
// from the base rate.
type Schedule interface {
	Rate(base float64, t, total int) float64
}

// Constant is the constant schedule: ε_t = base.
type Constant struct{}

// Rate returns base.
func (Constant) Rate(base float64, t, total int) float64 { return base }

// Cosine is cosine decay from the base rate ε_0 to End over the run:
//
//	ε_t = End + ½(ε_0 − End)(1 + cos(π t/T)),
//
// with T = total updates, so ε_0 at t = 0 and End at t = T.
type Cosine struct {
	// End is the rate at the end of the run; 0 decays to 0.
	End float64
}

// Rate returns the cosine-decayed rate of update t of total.
func (c Cosine) Rate(base float64, t, total int) float64 {
	if total <= 0 {
		return base
	}
	return c.End + 0.5*(base-c.End)*(1+math.Cos(math.Pi*float64(t)/float64(total)))
}
