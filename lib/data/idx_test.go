package data

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFile writes b to dir/name, gzip'd when name ends in .gz, and
// returns the path.
func writeFile(t testing.TB, dir, name string, b []byte) string {
	t.Helper()
	if strings.HasSuffix(name, ".gz") {
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		if _, err := zw.Write(b); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		b = z.Bytes()
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// idxBytes encodes x with WriteIDX.
func idxBytes(t testing.TB, x *IDX) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := WriteIDX(&b, x); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestIDXRoundTrip(t *testing.T) {
	x := &IDX{Dims: []int{2, 3, 2}, Data: []byte{0, 1, 2, 3, 4, 5, 250, 251, 252, 253, 254, 255}}
	b := idxBytes(t, x)
	// The header is the documented one: magic 0x00000803, big-endian sizes.
	want := []byte{0, 0, 8, 3, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 2}
	if !bytes.Equal(b[:16], want) {
		t.Fatalf("header % x, want % x", b[:16], want)
	}
	if len(b) != 16+12 {
		t.Fatalf("%d bytes, want 28", len(b))
	}
	dir := t.TempDir()
	for _, name := range []string{"x", "x.gz"} {
		got, err := ReadIDXFile(writeFile(t, dir, name, b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(got.Dims) != 3 || got.Dims[0] != 2 || got.Dims[1] != 3 || got.Dims[2] != 2 || !bytes.Equal(got.Data, x.Data) {
			t.Errorf("%s: read %v %v, want %v %v", name, got.Dims, got.Data, x.Dims, x.Data)
		}
	}
	lab := idxBytes(t, &IDX{Dims: []int{3}, Data: []byte{7, 0, 9}})
	if !bytes.Equal(lab[:8], []byte{0, 0, 8, 1, 0, 0, 0, 3}) {
		t.Errorf("label header % x", lab[:8])
	}
}

func TestWriteIDXBad(t *testing.T) {
	for _, x := range []*IDX{
		nil,
		{},
		{Dims: []int{1, 1, 1, 1, 1}, Data: []byte{0}},
		{Dims: []int{2, 2}, Data: []byte{0, 1, 2}},
		{Dims: []int{-1}, Data: nil},
		{Dims: []int{1 << 20, 1 << 20}, Data: nil},
	} {
		var b bytes.Buffer
		if err := WriteIDX(&b, x); err == nil {
			t.Errorf("WriteIDX(%v) gave no error", x)
		}
	}
}

func TestLoadIDX(t *testing.T) {
	dir := t.TempDir()
	img := writeFile(t, dir, "img", idxBytes(t, &IDX{Dims: []int{2, 1, 3}, Data: []byte{0, 255, 51, 102, 128, 1}}))
	lab := writeFile(t, dir, "lab.gz", idxBytes(t, &IDX{Dims: []int{2}, Data: []byte{4, 200}}))
	s, err := LoadIDX(img, lab)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	if s.Len() != 2 || s.Dim() != 3 || s.Rows != 1 || s.Cols != 3 {
		t.Fatalf("shape %dx%d image %dx%d", s.Len(), s.Dim(), s.Rows, s.Cols)
	}
	want := []float64{0, 1, 0.2, 0.4, 128.0 / 255, 1.0 / 255}
	for i, w := range want {
		if got := s.X.At(i/3, i%3); got != w {
			t.Errorf("pixel %d = %v, want %v", i, got, w)
		}
	}
	if s.Labels[0] != 4 || s.Labels[1] != 200 {
		t.Errorf("labels %v, want [4 200]", s.Labels)
	}
	s, err = LoadIDX(img, "")
	if err != nil || s.Labels != nil {
		t.Errorf("without labels: %v, labels %v", err, s.Labels)
	}
}

// TestIDXCorrupt feeds broken files to LoadIDX: each must give an error
// that names the broken file, and none may panic.
func TestIDXCorrupt(t *testing.T) {
	good := idxBytes(t, &IDX{Dims: []int{2, 2, 2}, Data: make([]byte, 8)})
	goodLab := idxBytes(t, &IDX{Dims: []int{2}, Data: []byte{1, 2}})
	huge := append([]byte{0, 0, 8, 3, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 28, 0, 0, 0, 28}, make([]byte, 100)...)
	lying := append([]byte{0, 0, 8, 3, 0, 1, 0, 0, 0, 0, 0, 28, 0, 0, 0, 28}, make([]byte, 100)...)
	badGzip := append([]byte{0x1f, 0x8b}, good...)
	cases := []struct {
		name      string
		img, lab  []byte
		broken    string // "img" or "lab"
		wantInErr string
	}{
		{"empty", nil, goodLab, "img", "header"},
		{"short header", good[:3], goodLab, "img", "header"},
		{"bad magic", append([]byte{1, 0}, good[2:]...), goodLab, "img", "magic"},
		{"float type", append([]byte{0, 0, 0x0d}, good[3:]...), goodLab, "img", "element type"},
		{"no dims", []byte{0, 0, 8, 0}, goodLab, "img", "dimensions"},
		{"truncated sizes", good[:10], goodLab, "img", "size of dimension"},
		{"truncated data", good[:len(good)-1], goodLab, "img", "truncated"},
		{"trailing", append(append([]byte{}, good...), 9), goodLab, "img", "trailing"},
		{"announces 4 GiB", huge, goodLab, "img", "announce"},
		{"announces 51 MB", lying, goodLab, "img", "truncated"},
		{"bad gzip", badGzip, goodLab, "img", "gzip"},
		{"labels 2-d", good, idxBytes(t, &IDX{Dims: []int{2, 1}, Data: []byte{1, 2}}), "lab", "dimensions"},
		{"label count", good, idxBytes(t, &IDX{Dims: []int{3}, Data: []byte{1, 2, 3}}), "lab", "3 labels for the 2 images"},
		{"images 2-d", idxBytes(t, &IDX{Dims: []int{2, 4}, Data: make([]byte, 8)}), goodLab, "img", "dimensions"},
		{"no pixels", idxBytes(t, &IDX{Dims: []int{0, 28, 28}}), goodLab, "img", "no pixels"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			img := writeFile(t, dir, "images", c.img)
			lab := writeFile(t, dir, "labels", c.lab)
			_, err := LoadIDX(img, lab)
			if err == nil {
				t.Fatal("no error")
			}
			want := img
			if c.broken == "lab" {
				want = lab
			}
			if !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), c.wantInErr) {
				t.Errorf("error %q does not name %s and %q", err, want, c.wantInErr)
			}
		})
	}
	if _, err := LoadIDX(filepath.Join(t.TempDir(), "absent"), ""); err == nil || !strings.Contains(err.Error(), "absent") {
		t.Errorf("missing file: %v", err)
	}
}

// FuzzReadIDX checks that ReadIDX never panics, and that what it accepts
// is consistent (Π Dims bytes) and written back byte for byte by WriteIDX.
func FuzzReadIDX(f *testing.F) {
	f.Add(idxBytes(f, &IDX{Dims: []int{2, 2, 2}, Data: []byte{1, 2, 3, 4, 5, 6, 7, 8}}))
	f.Add(idxBytes(f, &IDX{Dims: []int{3}, Data: []byte{7, 0, 9}}))
	f.Add([]byte{0, 0, 8, 3, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 28, 0, 0, 0, 28})
	f.Add([]byte{0x1f, 0x8b, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		x, err := ReadIDX(bytes.NewReader(b))
		if err != nil {
			return
		}
		n := 1
		for _, d := range x.Dims {
			n *= d
		}
		if len(x.Data) != n {
			t.Fatalf("sizes %v but %d bytes", x.Dims, len(x.Data))
		}
		if len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
			if got := idxBytes(t, x); !bytes.Equal(got, b) {
				t.Fatalf("rewritten % x, read % x", got, b)
			}
		}
	})
}
