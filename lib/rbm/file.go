package rbm

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"path/filepath"

	"gonum.org/v1/gonum/mat"

	"github.com/rbm-kernel/rbm-kernel/internal/atomicfile"
)

// The model file format, version 1. All integers and floats are
// little-endian; the header is 32 bytes:
//
//	offset size  field
//	0      4     magic "RBMK"
//	4      4     format version, uint32 (1)
//	8      8     kind, ASCII padded with zero bytes ("binary", or
//	             "binary32" for a model of precision Float32)
//	16     8     visible units m, uint64 (1 ≤ m ≤ MaxFileUnits)
//	24     8     hidden units n, uint64 (1 ≤ n ≤ MaxFileUnits)
//	32     8·m·n W, row-major float64 (m·n + m + n ≤ MaxParams)
//	…      8·m   B, float64
//	…      8·n   C, float64
//	…      4     CRC-32 (IEEE) of every byte before it, uint32
//
// Nothing may follow the checksum in a file read by LoadFile.
const (
	fileMagic    = "RBMK"
	fileVersion  = 1
	kindBinary   = "binary"
	kindBinary32 = "binary32" // a binary model of Precision Float32; the parameters are float64 all the same
	headerSize   = 32
)

// MaxFileUnits bounds each layer size in a model file (2^24 units).
const MaxFileUnits = 1 << 24

// MaxFileParams bounds m·n in a model file (2^28 weights, 2 GiB). A file's
// model must also have at most MaxParams parameters in all, the bound of
// NewBinary and NewGaussian.
const MaxFileParams = 1 << 28

// Save writes m to w in the versioned binary format described in this
// file's documentation: magic "RBMK", version 1, kind "binary" ("binary32"
// for a model of precision Float32), the layer sizes, W, B and C as
// little-endian float64 (exact in either precision), and a CRC-32 checksum. It
// returns an error if the model is not valid (see Validate) or writing
// fails.
func (m *Binary) Save(w io.Writer) error {
	if err := m.Validate(); err != nil {
		return fmt.Errorf("rbm: Save: %w", err)
	}
	kind := kindBinary
	if m.Precision == Float32 {
		kind = kindBinary32
	}
	buf := encode(kind, m.Visible(), m.Hidden(), m.Params())
	if _, err := w.Write(buf); err != nil {
		return fmt.Errorf("rbm: Save: %w", err)
	}
	return nil
}

// Load reads a model written by Save from r, reading exactly the model's
// bytes, with the precision the file records (kind "binary": Float64,
// "binary32": Float32); set Precision afterwards to use it in the other. It returns an error saying what is wrong for a truncated stream,
// a bad magic number, an unsupported version or kind, absurd layer sizes,
// a checksum mismatch or a parameter that Validate refuses (NaN, or above
// MaxParam in magnitude). It never allocates much more than the bytes
// actually read, whatever the header claims; reading from a file (an
// *os.File, as LoadFile does), it compares the header's sizes with the
// bytes left in the file before reading any.
func Load(r io.Reader) (*Binary, error) {
	m, err := load(r)
	if err != nil {
		return nil, fmt.Errorf("rbm: Load: %w", err)
	}
	return m, nil
}

var errTruncated = errors.New("truncated")

func load(r io.Reader) (*Binary, error) {
	head := make([]byte, headerSize)
	if n, err := io.ReadFull(r, head); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			if n >= 4 && string(head[:4]) != fileMagic {
				return nil, fmt.Errorf("bad magic %q, want %q: not an RBM model file", head[:4], fileMagic)
			}
			return nil, fmt.Errorf("%w: header has %d of %d bytes", errTruncated, n, headerSize)
		}
		return nil, err
	}
	kind := string(bytes.TrimRight(head[8:16], "\x00"))
	if string(head[:4]) == fileMagic && binary.LittleEndian.Uint32(head[4:]) == fileVersion && kind != kindBinary && kind != kindBinary32 {
		return nil, fmt.Errorf("unsupported model kind %q (want %q or %q)", kind, kindBinary, kindBinary32)
	}
	data, nv, nh, err := readBody(head, r, func(nv, nh int) int { return nv*nh + nv + nh }, "")
	if err != nil {
		return nil, err
	}
	m := &Binary{W: mat.NewDense(nv, nh, nil), B: make([]float64, nv), C: make([]float64, nh)}
	if kind == kindBinary32 {
		m.Precision = Float32
	}
	decodeParams(data, m.Params())
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

// SaveFile writes m to the named file with Save, through a temporary file
// in the same directory that is renamed into place, so an existing file is
// never left half written. Errors name the file.
func (m *Binary) SaveFile(path string) error {
	return saveValidFile(path, "SaveFile", m.Validate, m.Save)
}

// LoadFile reads a model from the named file (see Load); it also refuses
// a file with bytes after the checksum. Errors name the file and what is
// wrong with it.
func LoadFile(path string) (*Binary, error) {
	var m *Binary
	err := loadFile(path, func(r io.Reader) (err error) {
		m, err = load(r)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("rbm: LoadFile%w", err)
	}
	return m, nil
}

// encode returns the file bytes of a model of the given kind and sizes:
// the header, every parameter as little-endian float64 in Params order,
// and the CRC-32 of all that.
func encode(kind string, nv, nh int, params [][]float64) []byte {
	n := 0
	for _, p := range params {
		n += len(p)
	}
	buf := make([]byte, headerSize, headerSize+8*n+4)
	copy(buf, fileMagic)
	binary.LittleEndian.PutUint32(buf[4:], fileVersion)
	copy(buf[8:16], kind)
	binary.LittleEndian.PutUint64(buf[16:], uint64(nv))
	binary.LittleEndian.PutUint64(buf[24:], uint64(nh))
	for _, p := range params {
		for _, x := range p {
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(x))
		}
	}
	return binary.LittleEndian.AppendUint32(buf, crc32.ChecksumIEEE(buf))
}

// readBody checks the magic, version and layer sizes of head and reads the
// body that follows from r: params(nv, nh) float64 values and the CRC-32,
// which it verifies. The sizes must be 1…MaxFileUnits with m·n at most
// MaxFileParams and params(nv, nh) at most MaxParams; when r is a file, the
// bytes left in it must be as many as the sizes imply, checked before
// reading. It reads through a limited reader into a buffer that grows with
// the data, so a header claiming a huge model allocates nothing until the
// bytes arrive. what names the model in a truncation error
// ("" or e.g. "Gaussian "). It returns the body without the checksum.
func readBody(head []byte, r io.Reader, params func(nv, nh int) int, what string) (data []byte, nv, nh int, err error) {
	if string(head[:4]) != fileMagic {
		return nil, 0, 0, fmt.Errorf("bad magic %q, want %q: not an RBM model file", head[:4], fileMagic)
	}
	if v := binary.LittleEndian.Uint32(head[4:]); v != fileVersion {
		return nil, 0, 0, fmt.Errorf("unsupported format version %d (this build reads version %d)", v, fileVersion)
	}
	nv64, nh64 := binary.LittleEndian.Uint64(head[16:]), binary.LittleEndian.Uint64(head[24:])
	if nv64 < 1 || nh64 < 1 || nv64 > MaxFileUnits || nh64 > MaxFileUnits || nv64*nh64 > MaxFileParams {
		return nil, 0, 0, fmt.Errorf("absurd layer sizes %d×%d (each must be 1…%d, and the product at most %d)", nv64, nh64, MaxFileUnits, MaxFileParams)
	}
	nv, nh = int(nv64), int(nh64)
	if n := params(nv, nh); n > MaxParams {
		return nil, 0, 0, fmt.Errorf("absurd layer sizes %d×%d: %d parameters, above MaxParams = %d", nv, nh, n, MaxParams)
	}
	want := int64(8*params(nv, nh) + 4)
	if left, ok := bytesLeft(r); ok && left < want {
		return nil, 0, 0, fmt.Errorf("%w: %d×%d %smodel needs %d bytes after the header, the file has %d", errTruncated, nv, nh, what, want, left)
	}
	var body bytes.Buffer
	got, err := body.ReadFrom(io.LimitReader(r, want))
	if err != nil {
		return nil, 0, 0, err
	}
	if got < want {
		return nil, 0, 0, fmt.Errorf("%w: %d×%d %smodel needs %d bytes after the header, found %d", errTruncated, nv, nh, what, want, got)
	}
	data = body.Bytes()
	sum := binary.LittleEndian.Uint32(data[len(data)-4:])
	crc := crc32.Update(crc32.ChecksumIEEE(head), crc32.IEEETable, data[:len(data)-4])
	if crc != sum {
		return nil, 0, 0, fmt.Errorf("checksum mismatch (stored %08x, computed %08x): the file is corrupt", sum, crc)
	}
	return data[:len(data)-4], nv, nh, nil
}

// bytesLeft returns the number of bytes between r's offset and its end
// when r is a regular file, and false otherwise.
func bytesLeft(r io.Reader) (int64, bool) {
	f, ok := r.(*os.File)
	if !ok {
		return 0, false
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return 0, false
	}
	off, err := f.Seek(0, io.SeekCurrent)
	if err != nil {
		return 0, false
	}
	return st.Size() - off, true
}

// decodeParams fills params, in order, from little-endian float64 data.
func decodeParams(data []byte, params [][]float64) {
	off := 0
	for _, p := range params {
		for i := range p {
			p[i] = math.Float64frombits(binary.LittleEndian.Uint64(data[off:]))
			off += 8
		}
	}
}

// saveValidFile is a model's SaveFile: it validates the model, then
// writes it with saveFile; errors name the method (what) and the file.
func saveValidFile(path, what string, validate func() error, save func(io.Writer) error) error {
	if err := validate(); err != nil {
		return fmt.Errorf("rbm: %s %s: %w", what, path, err)
	}
	if err := saveFile(path, save); err != nil {
		return fmt.Errorf("rbm: %s %s: %w", what, path, err)
	}
	return nil
}

// saveFile writes a model to path with save, through a temporary file in
// the same directory that is renamed into place, so an existing file is
// never left half written.
func saveFile(path string, save func(io.Writer) error) error {
	f, err := atomicfile.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = save(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}

// loadFile opens path and reads a model from it with load, refusing bytes
// after the checksum. Its errors start with " PATH: " (or, when the file
// cannot be opened, with ": " and the open error, which names it), to
// follow the caller's function name.
func loadFile(path string, load func(io.Reader) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf(": %w", err)
	}
	defer f.Close()
	if err := load(f); err != nil {
		return fmt.Errorf(" %s: %w", path, err)
	}
	var extra [1]byte
	if n, _ := f.Read(extra[:]); n > 0 {
		return fmt.Errorf(" %s: trailing data after the checksum", path)
	}
	return nil
}
