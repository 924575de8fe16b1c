package slot

import (
	"sync"
	"testing"
)

func TestSlot(t *testing.T) {
	var s Slot[*int]
	if s.Get() != nil {
		t.Fatal("a zero Slot holds a value")
	}
	a, b := new(int), new(int)
	if old := s.Swap(a); old != nil {
		t.Errorf("first Swap returned %v, want nil", old)
	}
	if old := s.Swap(b); old != a || s.Get() != b {
		t.Errorf("Swap(b) returned %v (want a) and left %v (want b)", old, s.Get())
	}
	// Concurrent swaps and reads (checked by -race): every value read is
	// one that was installed.
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(2)
		go func() { defer wg.Done(); s.Swap(a) }()
		go func() {
			defer wg.Done()
			if v := s.Get(); v != a && v != b {
				t.Errorf("Get returned %v, never installed", v)
			}
		}()
	}
	wg.Wait()
}
