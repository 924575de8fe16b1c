package cell_test

import (
	"errors"
	"testing"

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
