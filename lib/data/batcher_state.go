package data

import (
	"encoding"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
)

// MarshalBinary returns the batcher's position for a checkpoint: the
// batch size, the number of examples, the order of the current epoch, the
// position in it, the epoch count and the state of the shuffling source.
// A batcher restored from it (UnmarshalBinary) returns the same batches
// as this one from here on.
func (b *Batcher) MarshalBinary() ([]byte, error) {
	if b == nil || b.src == nil {
		return nil, errors.New("data: Batcher.MarshalBinary: batcher not made with NewBatcher")
	}
	var w statebin.Writer
	w.String("data.Batcher/1")
	w.Int(b.size)
	w.Ints(b.perm)
	w.Int(b.pos)
	w.Int(b.epoch)
	w.PCG(b.src)
	return w.Bytes(), nil
}

// UnmarshalBinary restores a position written by MarshalBinary into b,
// which must have been made by NewBatcher over a set of as many examples
// and with the same batch size. It returns an error naming what differs
// or what is malformed, leaving b unchanged.
func (b *Batcher) UnmarshalBinary(data []byte) error {
	if b == nil || b.src == nil {
		return errors.New("data: Batcher.UnmarshalBinary: batcher not made with NewBatcher")
	}
	r := statebin.NewReader(data)
	r.Tag("data.Batcher/1")
	r.Check("batch size", r.Int("batch size"), b.size)
	perm := r.Ints("order")
	if r.Err() == nil && len(perm) != len(b.perm) {
		r.Fail("order", "the saved state has %d examples, this one has %d", len(perm), len(b.perm))
	}
	seen := make([]bool, len(perm))
	for i, k := range perm {
		if r.Err() != nil {
			break
		}
		if k < 0 || k >= len(perm) || seen[k] {
			r.Fail("order", "entry %d (%d) is not part of a permutation of 0…%d", i, k, len(perm)-1)
			break
		}
		seen[k] = true
	}
	pos, epoch := r.Int("position"), r.Int("epoch")
	if r.Err() == nil && (pos < 0 || pos > len(perm) || epoch < -1) {
		r.Fail("position", "position %d in an epoch of %d, epoch %d", pos, len(perm), epoch)
	}
	var src rand.PCG
	r.PCG("source", &src)
	if err := r.Done("batcher"); err != nil {
		return fmt.Errorf("data: Batcher.UnmarshalBinary: %w", err)
	}
	*b.src = src
	copy(b.perm, perm)
	b.pos, b.epoch = pos, epoch
	return nil
}

var (
	_ encoding.BinaryMarshaler   = (*Batcher)(nil)
	_ encoding.BinaryUnmarshaler = (*Batcher)(nil)
)
