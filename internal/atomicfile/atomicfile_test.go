//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestCreateTempMode checks that CreateTemp's files get 0666 less the umask,
// as os.Create's do, and not os.CreateTemp's 0600; and that two calls give
// two files.
func TestCreateTempMode(t *testing.T) {
	// The umask is process-wide: set it for this test, which does not run
	// in parallel, and restore it.
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	dir := t.TempDir()
	a, err := CreateTemp(dir, ".tmp-a-")
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := CreateTemp(dir, ".tmp-a-")
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if a.Name() == b.Name() || !strings.HasPrefix(filepath.Base(a.Name()), ".tmp-a-") {
		t.Errorf("names %s and %s", a.Name(), b.Name())
	}
	fi, err := os.Stat(a.Name())
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != 0o640 {
		t.Errorf("mode %v with umask 027, want -rw-r-----", got)
	}
	if _, err := CreateTemp(filepath.Join(dir, "no-such-folder"), "x"); err == nil {
		t.Error("CreateTemp in a missing folder succeeded")
	}
}
