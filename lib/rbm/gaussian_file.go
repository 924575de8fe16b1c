package rbm

import (
	"bytes"
	"errors"
	"fmt"
	"io"

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
	buf := encode(kindGaussian, g.Visible(), g.Hidden(), g.Params())
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
	data, nv, nh, err := readBody(head, r, func(nv, nh int) int { return nv*nh + nh + 2*nv }, "Gaussian ")
	if err != nil {
		return nil, err
	}
	g := &Gaussian{W: mat.NewDense(nv, nh, nil), C: make([]float64, nh), Mu: make([]float64, nv), LogVar: make([]float64, nv)}
	decodeParams(data, g.Params())
	if err := g.Validate(); err != nil {
		return nil, err
	}
	return g, nil
}

// SaveFile writes g to the named file with Save, through a temporary file
// in the same directory that is renamed into place. Errors name the file.
func (g *Gaussian) SaveFile(path string) error {
	return saveValidFile(path, "Gaussian.SaveFile", g.Validate, g.Save)
}

// LoadGaussianFile reads a Gaussian-Bernoulli RBM from the named file (see
// LoadGaussian); it also refuses bytes after the checksum. Errors name the
// file.
func LoadGaussianFile(path string) (*Gaussian, error) {
	var g *Gaussian
	err := loadFile(path, func(r io.Reader) (err error) {
		g, err = LoadGaussian(r)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("rbm: LoadGaussianFile%w", err)
	}
	return g, nil
}
