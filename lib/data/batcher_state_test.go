package data

import (
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestBatcherStateContinues saves a batcher inside its second epoch and
// restores the position into a new batcher of the same set, size and
// seed: both return the same batches for the next three epochs (the last
// batch of each short). A new batcher without the state does not.
func TestBatcherStateContinues(t *testing.T) {
	s, _ := ShiftingBar(10, 2)
	for _, pos := range []int{0, 1, 4} { // fresh, inside the first epoch, inside the second
		b := NewBatcher(s, 4, 1)
		for i := 0; i < pos; i++ {
			b.Next()
		}
		state, err := b.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		b2, fresh := NewBatcher(s, 4, 1), NewBatcher(s, 4, 1)
		if err := b2.UnmarshalBinary(state); err != nil {
			t.Fatal(err)
		}
		differ := false
		for i := 0; i < 9; i++ {
			x, y := mat.DenseCopyOf(b.Next()), mat.DenseCopyOf(b2.Next())
			if !mat.Equal(x, y) {
				t.Fatalf("saved after %d batches: batch %d after the restore differs", pos, i)
			}
			differ = differ || !mat.Equal(x, fresh.Next())
		}
		if pos > 0 && !differ {
			t.Errorf("saved after %d batches: a batcher without the state gives the same batches", pos)
		}
		if b.Epoch() != b2.Epoch() {
			t.Errorf("epochs %d and %d", b.Epoch(), b2.Epoch())
		}
	}
}

// TestBatcherStateMismatch checks the errors for a state of another batch
// size or set size, or a malformed one.
func TestBatcherStateMismatch(t *testing.T) {
	s, _ := ShiftingBar(10, 2)
	small, _ := ShiftingBar(8, 2)
	b := NewBatcher(s, 4, 1)
	b.Next()
	state, _ := b.MarshalBinary()
	cases := []struct {
		name  string
		into  *Batcher
		state []byte
		want  string
	}{
		{"batch size", NewBatcher(s, 5, 1), state, "batch size (at byte"},
		{"set size", NewBatcher(small, 4, 1), state, "the saved state has 10 examples, this one has 8"},
		{"truncated", NewBatcher(s, 4, 1), state[:len(state)-2], "truncated"},
	}
	for _, c := range cases {
		err := c.into.UnmarshalBinary(c.state)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}
