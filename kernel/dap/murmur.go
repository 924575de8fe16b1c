// Package dap holds what the kernel's debugger shares between the kernel
// process and the worker: the Debug Adapter Protocol messages that travel
// in debug_request, debug_reply and debug_event, and the names of the
// source files of cells, which JupyterLab computes from a cell's code with
// MurmurHash2 so that a breakpoint set in a cell names the file the kernel
// compiled the cell under.
package dap

import (
	"os"
	"path/filepath"
	"strconv"
	"unicode/utf16"
)

// HashSeed is the seed of the MurmurHash2 of a cell's code, given to the
// front end in debugInfo's hashSeed.
const HashSeed = 0xc70f6907

// Murmur2 is the 32-bit MurmurHash2 of s with seed, computed the way
// JupyterLab's debugger computes it: each UTF-16 code unit of s gives one
// byte, its low eight bits. For ASCII text this is MurmurHash2 of the
// UTF-8 bytes.
func Murmur2(s string, seed uint32) uint32 {
	units := utf16.Encode([]rune(s))
	b := make([]byte, len(units))
	for i, u := range units {
		b[i] = byte(u)
	}
	return murmur2(b, seed)
}

// murmur2 is MurmurHash2 (32 bits, little-endian blocks) of b.
func murmur2(b []byte, seed uint32) uint32 {
	const (
		m = 0x5bd1e995
		r = 24
	)
	h := seed ^ uint32(len(b))
	for len(b) >= 4 {
		k := uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
		k *= m
		k ^= k >> r
		k *= m
		h = h*m ^ k
		b = b[4:]
	}
	switch len(b) {
	case 3:
		h ^= uint32(b[2]) << 16
		fallthrough
	case 2:
		h ^= uint32(b[1]) << 8
		fallthrough
	case 1:
		h ^= uint32(b[0])
		h *= m
	}
	h ^= h >> 13
	h *= m
	h ^= h >> 15
	return h
}

// Naming is how cell source files are named: Prefix, the decimal
// Murmur2 of the code with HashSeed, Suffix. The kernel gives Prefix and
// Suffix to the front end in debugInfo (tmpFilePrefix, tmpFileSuffix).
type Naming struct {
	Prefix, Suffix string
}

// Path returns the source file name of a cell whose code is code.
func (n Naming) Path(code string) string {
	return n.Prefix + strconv.FormatUint(uint64(Murmur2(code, HashSeed)), 10) + n.Suffix
}

// PrefixEnv names the environment variable that sets the Prefix of
// ProcessNaming. A kernel gives it to its worker processes, so that the
// cells' file names stay the same when a worker is replaced: the front
// end computed them from the prefix it was given once.
const PrefixEnv = "RBM_KERNEL_CELL_PREFIX"

// ProcessNaming is the naming of this process's cells: the Prefix is
// $PrefixEnv, or a directory named after this process under the system's
// temporary directory; the Suffix is ".go". No file is written there.
func ProcessNaming() Naming {
	prefix := os.Getenv(PrefixEnv)
	if prefix == "" {
		prefix = filepath.Join(os.TempDir(), "rbm-kernel_"+strconv.Itoa(os.Getpid())) + string(filepath.Separator)
	}
	return Naming{Prefix: prefix, Suffix: ".go"}
}
