// Package atomicfile creates the temporary files through which the library
// and the sweep runner write files atomically (write, sync, rename), with
// the permissions os.Create gives: 0666 less the process's umask, so that a
// result folder shared with a group on a cluster file system is readable
// by the group when the umask allows it. os.CreateTemp, by contrast,
// creates files readable by their owner only (0600).
package atomicfile

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
)

// tries is how many random names CreateTemp tries before it gives up.
const tries = 10000

// CreateTemp creates a new file in dir named prefix followed by a random
// number, opened for reading and writing, with mode 0666 less the umask (as
// os.Create), and returns it. It never opens an existing file. The caller
// removes or renames it.
func CreateTemp(dir, prefix string) (*os.File, error) {
	if dir == "" {
		dir = os.TempDir()
	}
	for range tries {
		name := filepath.Join(dir, prefix+strconv.FormatUint(rand.Uint64(), 36))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, &os.PathError{Op: "createtemp", Path: filepath.Join(dir, prefix+"*"), Err: os.ErrExist}
}
