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
)

// A Gaussian-Bernoulli RBM is stored in the format of file.go (magic
// "RBMK", version 1, 32-byte header) with kind "gaussian"; only the body
// differs:
//
//	offset size  field
//	32     8·m·n W, row-major float64
//	…      8·n   C (hidden bias), float64
//	…      8·m   Mu, float64
//	…      8·m   LogVar (log σ²), float64
//	…      4     CRC-32 (IEEE) of every byte before it, uint32
//
// Binary files are unchanged: Load still reads only kind "binary" (and
// says "unsupported model kind" for a Gaussian file), LoadGaussian only
// kind "gaussian", and LoadModel either.
const kindGaussian = "gaussian"

// Save writes g to w in the versioned binary format (kind "gaussian"): the
// header of file.go, then W, C, Mu and LogVar as little-endian float64 and
// a CRC-32 checksum. It returns an error if g is not valid or writing
// fails.
func (g *Gaussian) Save(w io.Writer) error {
	if err := g.Validate(); err != nil {
		return fmt.Errorf("rbm: Gaussian.Save: %w", err)
	}
	nv, nh := g.Visible(), g.Hidden()
	buf := make([]byte, headerSize, headerSize+8*(nv*nh+nh+2*nv)+4)
	copy(buf, fileMagic)
	binary.LittleEndian.PutUint32(buf[4:], fileVersion)
	copy(buf[8:16], kindGaussian)
	binary.LittleEndian.PutUint64(buf[16:], uint64(nv))
	binary.LittleEndian.PutUint64(buf[24:], uint64(nh))
	for _, p := range g.Params() {
		for _, x := range p {
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(x))
		}
	}
	buf = binary.LittleEndian.AppendUint32(buf, crc32.ChecksumIEEE(buf))
	if _, err := w.Write(buf); err != nil {
		return fmt.Errorf("rbm: Gaussian.Save: %w", err)
	}
	return nil
}

// LoadGaussian reads a Gaussian-Bernoulli RBM written by Gaussian.Save from
// r, reading exactly the model's bytes. It returns an error saying what is
// wrong for a truncated stream, a bad magic number, an unsupported version
// or kind (a binary RBM file is refused, see LoadModel), absurd layer
// sizes, a checksum mismatch or a NaN or infinite parameter.
func LoadGaussian(r io.Reader) (*Gaussian, error) {
	m, err := LoadModel(r)
	if err != nil {
		return nil, fmt.Errorf("rbm: LoadGaussian: %w", err)
	}
	g, ok := m.(*Gaussian)
	if !ok {
		return nil, fmt.Errorf("rbm: LoadGaussian: file holds a %T, not a Gaussian-Bernoulli RBM (use Load)", m)
	}
	return g, nil
}

// LoadModel reads a model of any kind from r: a *Binary (kind "binary",
// as Load) or a *Gaussian (kind "gaussian", as LoadGaussian). Errors say
// what is wrong, as Load's do.
func LoadModel(r io.Reader) (Model, error) {
	head := make([]byte, headerSize)
	n, err := io.ReadFull(r, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("rbm: LoadModel: %w", err)
	}
	if n < headerSize || string(bytes.TrimRight(head[8:16], "\x00")) != kindGaussian {
		// Anything not a complete Gaussian header goes to the binary
		// reader, which gives the precise error.
		b, err := load(io.MultiReader(bytes.NewReader(head[:n]), r))
		if err != nil {
			return nil, fmt.Errorf("rbm: LoadModel: %w", err)
		}
		return b, nil
	}
	g, err := loadGaussianBody(head, r)
	if err != nil {
		return nil, fmt.Errorf("rbm: LoadModel: %w", err)
	}
	return g, nil
}

// loadGaussianBody reads the body after a header of kind "gaussian".
func loadGaussianBody(head []byte, r io.Reader) (*Gaussian, error) {
	if string(head[:4]) != fileMagic {
		return nil, fmt.Errorf("bad magic %q, want %q: not an RBM model file", head[:4], fileMagic)
	}
	if v := binary.LittleEndian.Uint32(head[4:]); v != fileVersion {
		return nil, fmt.Errorf("unsupported format version %d (this build reads version %d)", v, fileVersion)
	}
	nv64, nh64 := binary.LittleEndian.Uint64(head[16:]), binary.LittleEndian.Uint64(head[24:])
	if nv64 < 1 || nh64 < 1 || nv64 > MaxFileUnits || nh64 > MaxFileUnits || nv64*nh64 > MaxFileParams {
		return nil, fmt.Errorf("absurd layer sizes %d×%d (each must be 1…%d, and the product at most %d)", nv64, nh64, MaxFileUnits, MaxFileParams)
	}
	nv, nh := int(nv64), int(nh64)
	want := int64(8*(nv*nh+nh+2*nv) + 4)
	var body bytes.Buffer
	got, err := body.ReadFrom(io.LimitReader(r, want))
	if err != nil {
		return nil, err
	}
	if got < want {
		return nil, fmt.Errorf("%w: %d×%d Gaussian model needs %d bytes after the header, found %d", errTruncated, nv, nh, want, got)
	}
	data := body.Bytes()
	sum := binary.LittleEndian.Uint32(data[len(data)-4:])
	crc := crc32.Update(crc32.ChecksumIEEE(head), crc32.IEEETable, data[:len(data)-4])
	if crc != sum {
		return nil, fmt.Errorf("checksum mismatch (stored %08x, computed %08x): the file is corrupt", sum, crc)
	}
	g := &Gaussian{W: mat.NewDense(nv, nh, nil), C: make([]float64, nh), Mu: make([]float64, nv), LogVar: make([]float64, nv)}
	off := 0
	for _, p := range g.Params() {
		for i := range p {
			p[i] = math.Float64frombits(binary.LittleEndian.Uint64(data[off:]))
			off += 8
		}
	}
	if err := g.Validate(); err != nil {
		return nil, err
	}
	return g, nil
}

// SaveFile writes g to the named file with Save, through a temporary file
// in the same directory that is renamed into place. Errors name the file.
func (g *Gaussian) SaveFile(path string) error {
	if err := g.Validate(); err != nil {
		return fmt.Errorf("rbm: Gaussian.SaveFile %s: %w", path, err)
	}
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("rbm: Gaussian.SaveFile %s: %w", path, err)
	}
	tmp := f.Name()
	err = g.Save(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("rbm: Gaussian.SaveFile %s: %w", path, err)
	}
	return nil
}

// LoadGaussianFile reads a Gaussian-Bernoulli RBM from the named file (see
// LoadGaussian); it also refuses bytes after the checksum. Errors name the
// file.
func LoadGaussianFile(path string) (*Gaussian, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("rbm: LoadGaussianFile: %w", err)
	}
	defer f.Close()
	g, err := LoadGaussian(f)
	if err != nil {
		return nil, fmt.Errorf("rbm: LoadGaussianFile %s: %w", path, err)
	}
	var extra [1]byte
	if n, _ := f.Read(extra[:]); n > 0 {
		return nil, fmt.Errorf("rbm: LoadGaussianFile %s: trailing data after the checksum", path)
	}
	return g, nil
}
