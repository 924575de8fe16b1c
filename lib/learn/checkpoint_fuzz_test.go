package learn

import (
	"context"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"testing"
)

// FuzzCheckpoint feeds arbitrary bytes to the checkpoint decoder of a PCD
// run (and of a PT run: Tempered's replicas), with the checksum made
// right so that the fuzzer reaches the fields behind it, and continues
// every run that loads by two updates: no input may panic, hang or
// allocate more than its size suggests. The seeds are real checkpoints.
func FuzzCheckpoint(f *testing.F) {
	set := barsAndStripes()
	cases := []resumeCase{resumeCases()[2], resumeCases()[5], resumeCases()[4], resumeCases()[8]}
	dir := f.TempDir()
	for i, c := range cases {
		for _, n := range []int{0, 9} {
			path := filepath.Join(dir, "seed.ckpt")
			saveAfter(f, c, set, n, path)
			b, err := os.ReadFile(path)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(uint8(i), b)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, b []byte) {
		c := cases[int(which)%len(cases)]
		if len(b) >= 12 {
			binary.LittleEndian.PutUint32(b[len(b)-4:], crc32.ChecksumIEEE(b[:len(b)-4]))
		}
		r, err := NewRun(resumeModel(), set, c.make(), resumeSettings(set, rateFor(c)))
		if err != nil {
			t.Fatal(err)
		}
		if err := r.load(b); err != nil {
			return
		}
		r.Continue(context.Background(), 2) // may fail, must not panic
	})
}
