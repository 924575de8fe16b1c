package data

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// allocated returns the bytes allocated while f runs.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// idxHeader is the header of an IDX file of bytes with the given sizes.
func idxHeader(dims ...uint32) []byte {
	b := []byte{0, 0, 8, byte(len(dims))}
	for _, d := range dims {
		b = binary.BigEndian.AppendUint32(b, d)
	}
	return b
}

// zeroBomb writes to path a genuine gzip'd IDX file of n×rows×cols zero
// pixels: it compresses about 1000:1, so 1×16384×16384 (256 MiB of pixels)
// is a file of about 260 KB, the review's case.
func zeroBomb(t *testing.T, path string, n, rows, cols uint32) {
	t.Helper()
	var z bytes.Buffer
	zw, err := gzip.NewWriterLevel(&z, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(idxHeader(n, rows, cols))
	zero := make([]byte, 1<<20)
	for left := uint64(n) * uint64(rows) * uint64(cols); left > 0; {
		k := min(left, uint64(len(zero)))
		if _, err := zw.Write(zero[:k]); err != nil {
			t.Fatal(err)
		}
		left -= k
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestIDXHeaderCheckedFirst: a small gzip'd file announcing 1×16384×16384
// images (it took the kernel to 3.1 GB before being refused) is refused by
// MNIST (not 28×28) and by LoadIDX (above MaxSetValues) from its header,
// allocating next to nothing.
func TestIDXHeaderCheckedFirst(t *testing.T) {
	if testing.Short() {
		t.Skip("compresses 256 MiB of zeros")
	}
	dir := t.TempDir()
	images := filepath.Join(dir, MNISTTestImages+".gz")
	zeroBomb(t, images, 1, 16384, 16384)
	writeFile(t, dir, MNISTTestLabels, []byte{0, 0, 8, 1, 0, 0, 0, 1, 0})
	st, _ := os.Stat(images)
	t.Logf("%s: %d bytes", images, st.Size())
	var err error
	n := allocated(func() { _, err = MNIST(dir, MNISTOptions{}) })
	if err == nil || !strings.Contains(err.Error(), "16384×16384 images (sizes [1 16384 16384]), want 28×28") || !strings.Contains(err.Error(), images) {
		t.Errorf("MNIST: %v", err)
	}
	t.Logf("MNIST allocated %d bytes to refuse it", n)
	if n > 8<<20 {
		t.Errorf("MNIST allocated %d bytes before refusing the file", n)
	}
	n = allocated(func() { _, err = LoadIDX(images, "") })
	if err == nil || !strings.Contains(err.Error(), "above MaxSetValues") || !strings.Contains(err.Error(), images) {
		t.Errorf("LoadIDX: %v", err)
	}
	if n > 8<<20 {
		t.Errorf("LoadIDX allocated %d bytes before refusing the file", n)
	}
}

// TestIDXSizeAgainstFile: sizes that need more bytes than a plain file has,
// or more than a gzip file of its length can expand to, are refused from
// the header; labels that do not match the images are refused before the
// labels are read.
func TestIDXSizeAgainstFile(t *testing.T) {
	dir := t.TempDir()
	plain := writeFile(t, dir, "plain", append(idxHeader(100, 28, 28), make([]byte, 10)...))
	if _, err := ReadIDXFile(plain); err == nil || !strings.Contains(err.Error(), "announce 78400 data bytes, the file has 10") {
		t.Errorf("short plain file: %v", err)
	}
	gz := writeFile(t, dir, "small.gz", idxHeader(1000, 28, 28))
	if _, err := ReadIDXFile(gz); err == nil || !strings.Contains(err.Error(), "more than a gzip file of") {
		t.Errorf("gzip file too small for its sizes: %v", err)
	}
	img := writeFile(t, dir, "img", idxBytes(t, &IDX{Dims: []int{2, 2, 2}, Data: make([]byte, 8)}))
	lab := writeFile(t, dir, "lab", idxHeader(3)) // 3 labels announced, none present
	if _, err := LoadIDX(img, lab); err == nil || !strings.Contains(err.Error(), "3 labels for the 2 images") {
		t.Errorf("label count: %v", err)
	}
}

// FuzzLoadIDX: whatever the bytes of an image file (plain or gzip'd),
// LoadIDX never panics, accepts only sizes within MaxSetValues that the
// data fills, and allocates no more than the bytes the file can hold
// (times 8 for float64, times the gzip expansion bound for a gzip'd file)
// plus a constant, whatever its header announces.
func FuzzLoadIDX(f *testing.F) {
	f.Add(idxBytes(f, &IDX{Dims: []int{2, 2, 2}, Data: []byte{1, 2, 3, 4, 5, 6, 7, 8}}), false)
	f.Add(idxHeader(1, 16384, 16384), true)
	f.Add(idxHeader(1<<20, 1<<10, 1<<10), false)
	f.Add(append(idxHeader(3, 28, 28), make([]byte, 100)...), true)
	f.Add([]byte{0x1f, 0x8b, 0, 0}, false)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, b []byte, zip bool) {
		name := "img"
		if zip {
			name += ".gz"
		}
		path := writeFile(t, dir, name, b)
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		var s *Set
		n := allocated(func() { s, err = LoadIDX(path, "") })
		limit := uint64(st.Size())
		if len(b) >= 2 && b[0] == 0x1f && b[1] == 0x8b || zip {
			limit *= maxDeflateRatio
		}
		if limit = 2*9*limit + 4<<20; n > limit {
			t.Fatalf("LoadIDX allocated %d bytes for a file of %d (limit %d)", n, st.Size(), limit)
		}
		if err != nil {
			return
		}
		r, c := s.X.Dims()
		if r*c > MaxSetValues || c != s.Rows*s.Cols || r == 0 {
			t.Fatalf("accepted %d×%d values of %d×%d images", r, c, s.Rows, s.Cols)
		}
	})
}
