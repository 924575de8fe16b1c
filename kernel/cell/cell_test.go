package cell_test

import (
	"errors"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/cputime"
	"github.com/rbm-kernel/rbm-kernel/kernel/cell"
)

func TestMust(t *testing.T) {
	cell.Must(nil) // does nothing
	boom := errors.New("boom")
	defer func() {
		if r := recover(); r != boom {
			t.Errorf("Must(err) panicked with %v, want err itself", r)
		}
	}()
	cell.Must(boom)
	t.Error("Must(err) returned")
}

// TestCPUTime checks that CPUTime is this process's CPU time
// (internal/cputime, whose own test checks that it advances): read
// between two readings of it, it lies between them.
func TestCPUTime(t *testing.T) {
	before := cputime.Now()
	got := cell.CPUTime()
	after := cputime.Now()
	if before < 0 {
		t.Skip("no CPU time on this system")
	}
	if got < before || got > after {
		t.Fatalf("CPUTime() = %v, not between %v and %v", got, before, after)
	}
}
