package data

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"gonum.org/v1/gonum/mat"
)

// IDX is the content of an IDX file of unsigned bytes (element type 0x08),
// the format of the MNIST files: Dims are the sizes of the dimensions, the
// first one counting the items (N images of R×C pixels: Dims = [N, R, C]),
// and Data holds the Π Dims bytes in row-major order.
type IDX struct {
	Dims []int
	Data []byte
}

// maxIDXBytes bounds the element count an IDX header may announce (4 GiB).
// Data is read as it comes, so a corrupt header announcing less than this
// but more than the file holds fails with "truncated" without allocating
// what it announced.
const maxIDXBytes = 1 << 32

// MaxSetValues bounds the number of values, examples × units, of a data
// set that LoadIDX, MNIST, ShiftingBar and Mixture.Sample make: at most
// 2^27 (1 GiB of float64; the full MNIST training set has 4.7e7). A size
// announcing more is refused before anything is allocated, for LoadIDX and
// MNIST before the file's body is read.
const MaxSetValues = 1 << 27

// maxDeflateRatio is the most bytes one byte of a deflate stream can
// expand to (a run of 258-byte matches coded in under 2 bits each): a gzip
// file of s bytes holds at most about 1032·s bytes.
const maxDeflateRatio = 1032

// ReadIDX reads an IDX file of unsigned bytes from r: two zero bytes, the
// type byte 0x08, the number of dimensions d (1…4), d big-endian uint32
// sizes, then the Π sizes data bytes and nothing more. The magic number is
// thus 0x00000801 for a list of labels and 0x00000803 for a list of images.
// A gzip stream (as the MNIST files are distributed) is detected by its
// first two bytes and decompressed. It returns an error for a bad header,
// another element type, a truncated body or trailing bytes.
func ReadIDX(r io.Reader) (*IDX, error) {
	return readIDX(r, -1, nil)
}

// readIDX is ReadIDX for a stream of known length size (-1: unknown), that
// calls want (if not nil) with the sizes of the header before reading the
// body, failing with its error. When the stream is not gzip'd and its
// length is known, sizes that need more bytes than it has are refused
// before reading the body, which is then read into a buffer of its
// announced size; a gzip'd stream of known length may announce at most
// maxDeflateRatio bytes per compressed byte.
func readIDX(r io.Reader, size int64, want func(dims []int) error) (*IDX, error) {
	br := bufio.NewReader(r)
	gzipped := int64(-1) // the compressed length, when known
	if head, err := br.Peek(2); err == nil && head[0] == 0x1f && head[1] == 0x8b {
		gzipped, size = size, -1
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("data: ReadIDX: gzip: %w", err)
		}
		defer zr.Close()
		br = bufio.NewReader(zr)
	}
	var magic [4]byte
	if _, err := io.ReadFull(br, magic[:]); err != nil {
		return nil, fmt.Errorf("data: ReadIDX: header: %w", noEOF(err))
	}
	if magic[0] != 0 || magic[1] != 0 {
		return nil, fmt.Errorf("data: ReadIDX: magic number %#08x is not an IDX file's (0x000008dd)", binary.BigEndian.Uint32(magic[:]))
	}
	if magic[2] != 0x08 {
		return nil, fmt.Errorf("data: ReadIDX: element type %#02x is not unsigned byte (0x08)", magic[2])
	}
	nd := int(magic[3])
	if nd < 1 || nd > 4 {
		return nil, fmt.Errorf("data: ReadIDX: %d dimensions, want 1…4", nd)
	}
	dims := make([]int, nd)
	total := uint64(1)
	for i := range dims {
		var b [4]byte
		if _, err := io.ReadFull(br, b[:]); err != nil {
			return nil, fmt.Errorf("data: ReadIDX: size of dimension %d: %w", i, noEOF(err))
		}
		dims[i] = int(binary.BigEndian.Uint32(b[:]))
		total *= uint64(dims[i])
		if total > maxIDXBytes {
			return nil, fmt.Errorf("data: ReadIDX: sizes %v announce more than %d bytes", dims[:i+1], uint64(maxIDXBytes))
		}
	}
	if want != nil {
		if err := want(dims); err != nil {
			return nil, fmt.Errorf("data: ReadIDX: %w", err)
		}
	}
	if head := int64(4 + 4*nd); size >= 0 && (size < head || uint64(size-head) < total) {
		return nil, fmt.Errorf("data: ReadIDX: truncated: sizes %v announce %d data bytes, the file has %d", dims, total, max(size-head, 0))
	}
	if gzipped >= 0 && total > maxDeflateRatio*uint64(gzipped) {
		return nil, fmt.Errorf("data: ReadIDX: sizes %v announce %d data bytes, more than a gzip file of %d bytes can hold (%d per byte)", dims, total, gzipped, maxDeflateRatio)
	}
	var body []byte
	if head := int64(4 + 4*nd); size >= head && uint64(size-head) >= total {
		body = make([]byte, total)
		n, err := io.ReadFull(br, body)
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("data: ReadIDX: body: %w", err)
		}
		body = body[:n]
	} else {
		// ReadAll grows its buffer as data arrives: a header that lies
		// about the size costs no more memory than the stream holds.
		var err error
		body, err = io.ReadAll(io.LimitReader(br, int64(total)))
		if err != nil {
			return nil, fmt.Errorf("data: ReadIDX: body: %w", err)
		}
	}
	if uint64(len(body)) < total {
		return nil, fmt.Errorf("data: ReadIDX: truncated: %d of %d data bytes (sizes %v)", len(body), total, dims)
	}
	if n, _ := io.Copy(io.Discard, io.LimitReader(br, 1)); n > 0 {
		return nil, fmt.Errorf("data: ReadIDX: trailing bytes after %d data bytes (sizes %v)", total, dims)
	}
	return &IDX{Dims: dims, Data: body}, nil
}

// noEOF turns a bare io.EOF into io.ErrUnexpectedEOF: a file that ends
// inside its header is truncated.
func noEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// ReadIDXFile reads the IDX file (plain or gzip'd) at path; see ReadIDX.
// Errors name the path.
func ReadIDXFile(path string) (*IDX, error) {
	return readIDXFile(path, nil)
}

// readIDXFile is ReadIDXFile that calls want as readIDX does.
func readIDXFile(path string, want func(dims []int) error) (*IDX, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("data: ReadIDXFile: %w", err)
	}
	defer f.Close()
	size := int64(-1)
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		size = st.Size()
	}
	x, err := readIDX(f, size, want)
	if err != nil {
		return nil, fmt.Errorf("%w (file %s)", err, path)
	}
	return x, nil
}

// WriteIDX writes x to w as an uncompressed IDX file of unsigned bytes
// (see ReadIDX). It returns an error unless x has 1…4 dimensions, each
// size fits in a uint32, and len(x.Data) = Π x.Dims.
func WriteIDX(w io.Writer, x *IDX) error {
	if x == nil || len(x.Dims) < 1 || len(x.Dims) > 4 {
		return fmt.Errorf("data: WriteIDX: need 1…4 dimensions")
	}
	var buf bytes.Buffer
	buf.Write([]byte{0, 0, 0x08, byte(len(x.Dims))})
	total := uint64(1)
	for i, d := range x.Dims {
		if d < 0 || uint64(d) > 0xffffffff {
			return fmt.Errorf("data: WriteIDX: size %d of dimension %d out of range", d, i)
		}
		total *= uint64(d)
		if total > maxIDXBytes {
			return fmt.Errorf("data: WriteIDX: sizes %v exceed %d bytes", x.Dims, uint64(maxIDXBytes))
		}
		var b [4]byte
		binary.BigEndian.PutUint32(b[:], uint32(d))
		buf.Write(b[:])
	}
	if uint64(len(x.Data)) != total {
		return fmt.Errorf("data: WriteIDX: %d data bytes for sizes %v (want %d)", len(x.Data), x.Dims, total)
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("data: WriteIDX: header: %w", err)
	}
	if _, err := w.Write(x.Data); err != nil {
		return fmt.Errorf("data: WriteIDX: data: %w", err)
	}
	return nil
}

// LoadIDX reads a set of images from an IDX image file (N×R×C bytes,
// magic 0x00000803) and, unless labels is "", an IDX label file (N bytes,
// magic 0x00000801); either may be gzip'd. Pixel byte b becomes b/255 in
// [0, 1]; example n is row n of X with pixel (r, c) in column r·C+c, and
// the set's image shape is R×C. It returns an error naming the file for a
// missing, corrupt or truncated file, a label count unequal to N, or sizes
// announcing more than MaxSetValues pixels; the sizes in a file's header
// are checked (against the bound, the file's length and the other file)
// before its body is read.
func LoadIDX(images, labels string) (*Set, error) {
	s, err := loadIDX(images, labels, 0, 0)
	if err != nil {
		return nil, fmt.Errorf("data: LoadIDX: %w", err)
	}
	return s, nil
}

// loadIDX is LoadIDX for images of rows×cols pixels (0: any).
func loadIDX(images, labels string, wantRows, wantCols int) (*Set, error) {
	img, err := readIDXFile(images, func(dims []int) error {
		if len(dims) != 3 {
			return fmt.Errorf("%d dimensions, want 3 (images × rows × columns)", len(dims))
		}
		n, rows, cols := dims[0], dims[1], dims[2]
		if n == 0 || rows == 0 || cols == 0 {
			return fmt.Errorf("no pixels (sizes %v)", dims)
		}
		if wantRows > 0 && (rows != wantRows || cols != wantCols) {
			return fmt.Errorf("%d×%d images (sizes %v), want %d×%d", rows, cols, dims, wantRows, wantCols)
		}
		if v := uint64(n) * uint64(rows) * uint64(cols); v > MaxSetValues {
			return fmt.Errorf("sizes %v announce %d pixels, above MaxSetValues = %d", dims, v, MaxSetValues)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	n, rows, cols := img.Dims[0], img.Dims[1], img.Dims[2]
	s := &Set{Name: "idx", X: mat.NewDense(n, rows*cols, nil), Rows: rows, Cols: cols}
	dst := s.X.RawMatrix().Data
	for i, b := range img.Data {
		dst[i] = float64(b) / 255
	}
	if labels == "" {
		return s, nil
	}
	lab, err := readIDXFile(labels, func(dims []int) error {
		if len(dims) != 1 {
			return fmt.Errorf("%d dimensions, want 1 (labels)", len(dims))
		}
		if dims[0] != n {
			return fmt.Errorf("%d labels for the %d images of %s", dims[0], n, images)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s.Labels = make([]int, n)
	for i, b := range lab.Data {
		s.Labels[i] = int(b)
	}
	return s, nil
}
