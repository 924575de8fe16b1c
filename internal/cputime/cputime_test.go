package cputime

import "testing"

// TestNowAdvances checks that CPU time is readable and grows with work.
func TestNowAdvances(t *testing.T) {
	t0 := Now()
	if t0 < 0 {
		t.Skip("no CPU time on this system")
	}
	x := 1.0
	for Now() == t0 {
		for range 1000 {
			x = x*1.0000001 + 1e-9
		}
	}
	if Now() < t0 || x == 0 {
		t.Fatalf("CPU time went from %v to %v", t0, Now())
	}
}
