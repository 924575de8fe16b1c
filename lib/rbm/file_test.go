package rbm

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func saved(t *testing.T, m *Binary) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSaveLoadRoundTrip(t *testing.T) {
	m := randomModel(t, 5, 3, 1, 1)
	m.W.Set(0, 0, math.Copysign(0, -1))
	m.B[1] = math.SmallestNonzeroFloat64
	b := saved(t, m)
	if len(b) != 32+8*(15+5+3)+4 {
		t.Errorf("file has %d bytes", len(b))
	}
	got, err := Load(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range m.Params() {
		for i, x := range want {
			if math.Float64bits(got.Params()[p][i]) != math.Float64bits(x) {
				t.Errorf("param %d[%d]: got %v, want %v (bit for bit)", p, i, got.Params()[p][i], x)
			}
		}
	}
	path := filepath.Join(t.TempDir(), "m.rbm")
	if err := m.SaveFile(path); err != nil {
		t.Fatal(err)
	}
	got, err = LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(got.W, m.W) {
		t.Error("LoadFile: W differs")
	}
	// Load reads exactly one model from a stream: two in a row both load.
	two := append(append([]byte(nil), b...), b...)
	r := bytes.NewReader(two)
	for i := 0; i < 2; i++ {
		if _, err := Load(r); err != nil {
			t.Fatalf("model %d of a stream: %v", i, err)
		}
	}
	if err := os.WriteFile(path, two, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(path); err == nil || !strings.Contains(err.Error(), "trailing") {
		t.Errorf("LoadFile with trailing data: %v", err)
	}
}

// TestLoadCorrupt: a file cut at any byte, or with any one byte changed,
// gives an error and no panic (CRC-32 detects every single-byte change).
func TestLoadCorrupt(t *testing.T) {
	b := saved(t, randomModel(t, 4, 3, 1, 2))
	for n := 0; n < len(b); n++ {
		_, err := Load(bytes.NewReader(b[:n]))
		if err == nil {
			t.Fatalf("truncated at %d of %d bytes: no error", n, len(b))
		}
		if n >= 4 && !strings.Contains(err.Error(), "truncated") {
			t.Errorf("truncated at %d: error %q does not say truncated", n, err)
		}
	}
	for i := range b {
		c := append([]byte(nil), b...)
		c[i] ^= 0x10
		if _, err := Load(bytes.NewReader(c)); err == nil {
			t.Errorf("byte %d changed: no error", i)
		}
	}
}

func TestLoadBadHeader(t *testing.T) {
	good := saved(t, randomModel(t, 2, 2, 1, 3))
	edit := func(f func(b []byte)) []byte {
		c := append([]byte(nil), good...)
		f(c)
		return c
	}
	cases := []struct {
		name string
		b    []byte
		want string
	}{
		{"magic", edit(func(b []byte) { copy(b, "PK\x03\x04") }), "bad magic"},
		{"version", edit(func(b []byte) { binary.LittleEndian.PutUint32(b[4:], 7) }), "unsupported format version 7"},
		{"kind", edit(func(b []byte) { copy(b[8:16], "gauss\x00\x00\x00") }), "unsupported model kind \"gauss\""},
		{"zero size", edit(func(b []byte) { binary.LittleEndian.PutUint64(b[16:], 0) }), "absurd layer sizes"},
		{"huge size", edit(func(b []byte) { binary.LittleEndian.PutUint64(b[16:], 1<<62) }), "absurd layer sizes"},
		// A plausible but large header must not allocate the claimed 2 GiB.
		{"large claim", edit(func(b []byte) {
			binary.LittleEndian.PutUint64(b[16:], 1<<14)
			binary.LittleEndian.PutUint64(b[24:], 1<<14-2)
		}), "truncated"},
		// One more hidden unit and the model exceeds MaxParams.
		{"over MaxParams", edit(func(b []byte) {
			binary.LittleEndian.PutUint64(b[16:], 1<<14)
			binary.LittleEndian.PutUint64(b[24:], 1<<14)
		}), "above MaxParams"},
		{"checksum", edit(func(b []byte) { b[len(b)-1] ^= 1 }), "checksum"},
		{"empty", nil, "truncated"},
	}
	for _, c := range cases {
		_, err := Load(bytes.NewReader(c.b))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	// NaN parameters with a valid checksum are refused too.
	m := randomModel(t, 2, 2, 1, 3)
	b := saved(t, m)
	binary.LittleEndian.PutUint64(b[32:], math.Float64bits(math.NaN()))
	binary.LittleEndian.PutUint32(b[len(b)-4:], crcOf(b[:len(b)-4]))
	if _, err := Load(bytes.NewReader(b)); err == nil || !strings.Contains(err.Error(), "NaN") {
		t.Errorf("NaN weight: %v", err)
	}
	// So is a finite weight too large for the exact sums (issue 20).
	binary.LittleEndian.PutUint64(b[32:], math.Float64bits(1e308))
	binary.LittleEndian.PutUint32(b[len(b)-4:], crcOf(b[:len(b)-4]))
	if _, err := Load(bytes.NewReader(b)); err == nil || !strings.Contains(err.Error(), "W[0][0] is 1e+308") || !strings.Contains(err.Error(), "MaxParam") {
		t.Errorf("weight 1e308: %v", err)
	}
}

func TestFileErrorsNamePath(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "missing.rbm")
	if _, err := LoadFile(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("missing file: %v", err)
	}
	bad := filepath.Join(dir, "bad.rbm")
	if err := os.WriteFile(bad, []byte("RBMK"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadFile(bad); err == nil || !strings.Contains(err.Error(), bad) || !strings.Contains(err.Error(), "truncated") {
		t.Errorf("short file: %v", err)
	}
	if err := (&Binary{}).SaveFile(filepath.Join(dir, "x.rbm")); err == nil {
		t.Error("SaveFile of an invalid model: no error")
	}
	if err := randomModel(t, 2, 2, 1, 1).SaveFile(filepath.Join(dir, "no", "such", "dir.rbm")); err == nil {
		t.Error("SaveFile into a missing directory: no error")
	}
}

func crcOf(b []byte) uint32 { return crc32.ChecksumIEEE(b) }

// FuzzLoad: no input makes Load panic, its allocations are bounded by the
// bytes it is given (not by the sizes its header announces), and whatever
// it accepts saves back to the same bytes. (go test runs the seeds; go test
// -fuzz FuzzLoad explores.)
func FuzzLoad(f *testing.F) {
	m, _ := NewBinary(2, 3, &Init{WeightStd: 1, Seed: 1})
	var buf bytes.Buffer
	if err := m.Save(&buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte("RBMK"))
	f.Add([]byte{})
	f.Add(encode(kindBinary, 1<<14, 1<<14-2, nil))
	f.Fuzz(func(t *testing.T, b []byte) {
		var m *Binary
		var err error
		if n := allocated(func() { m, err = Load(bytes.NewReader(b)) }); n > uint64(8*len(b))+1<<20 {
			t.Fatalf("Load allocated %d bytes for %d bytes of input", n, len(b))
		}
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := m.Save(&out); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), b[:out.Len()]) {
			t.Error("accepted bytes do not save back identically")
		}
	})
}
