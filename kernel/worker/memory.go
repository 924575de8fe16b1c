package worker

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/bytesize"
)

// MemoryLimitEnv is the environment variable that sets a worker's memory
// limit: bytes with an optional unit ("12GiB", "512MiB", "8G", "2e9"), a
// percentage of the machine's memory ("60%"), or "off".
const MemoryLimitEnv = "RBM_KERNEL_MEMORY_LIMIT"

// DefaultMemoryFraction is the share of the machine's memory (its RAM, or
// the memory limit of its cgroup when lower) that a worker may use when
// MemoryLimitEnv is not set.
const DefaultMemoryFraction = 0.75

// MemoryMagic is the cell that shows the worker's memory limit and use, or
// sets the limit: "%memory", "%memory 8GiB", "%memory 50%", "%memory off".
const MemoryMagic = "%memory"

// memoryPoll is how often the Client reads a worker's resident memory.
// Touching fresh pages runs at a few GB/s, so a worker overshoots its limit
// by at most some hundreds of MB before it is stopped.
var memoryPoll = 20 * time.Millisecond

// Limit is a worker's memory limit in bytes; zero means none.
type Limit struct {
	Bytes  uint64
	Source string // how it was set, for messages: "default", "RBM_KERNEL_MEMORY_LIMIT", "%memory"
	Spec   string // as it was written, e.g. "75%"
}

func (l Limit) String() string {
	if l.Bytes == 0 {
		return "no memory limit"
	}
	s := bytesize.Format(l.Bytes)
	if strings.HasSuffix(l.Spec, "%") {
		s += " (" + l.Spec + " of the machine's memory)"
	}
	return s
}

// ParseLimit reads a memory limit as MemoryLimitEnv and MemoryMagic take
// it. total is the machine's memory, for percentages.
func ParseLimit(spec string, total uint64) (uint64, error) {
	s := strings.TrimSpace(spec)
	if strings.EqualFold(s, "off") || strings.EqualFold(s, "none") || s == "0" {
		return 0, nil
	}
	if p, ok := strings.CutSuffix(s, "%"); ok {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || f <= 0 || f > 100 {
			return 0, fmt.Errorf("memory limit %q: a percentage must be a number in (0, 100]", spec)
		}
		if total == 0 {
			return 0, fmt.Errorf("memory limit %q: the machine's memory is not known, give bytes", spec)
		}
		return uint64(f / 100 * float64(total)), nil
	}
	n, err := bytesize.Parse(s)
	if err != nil {
		return 0, fmt.Errorf("memory limit %q: %v, a percentage (60%%) or off", spec, err)
	}
	if n < 64<<20 {
		return 0, fmt.Errorf("memory limit %q: below 64 MiB, too little for a worker to start", spec)
	}
	return n, nil
}

// machineMemory returns the memory this process may use: MemTotal of
// /proc/meminfo, or the memory.max of its cgroup (v2) when that is lower;
// 0 when neither can be read.
func machineMemory() uint64 {
	total := meminfo("MemTotal")
	if b, err := os.ReadFile("/proc/self/cgroup"); err == nil {
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if path, ok := strings.CutPrefix(line, "0::"); ok {
				if m, err := os.ReadFile("/sys/fs/cgroup" + path + "/memory.max"); err == nil {
					if v, err := strconv.ParseUint(strings.TrimSpace(string(m)), 10, 64); err == nil && (total == 0 || v < total) {
						total = v
					}
				}
			}
		}
	}
	return total
}

// meminfo returns one field of /proc/meminfo in bytes, 0 if not found.
func meminfo(field string) uint64 {
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		name, rest, ok := strings.Cut(sc.Text(), ":")
		if !ok || name != field {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 {
			return 0
		}
		v, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil {
			return 0
		}
		if len(f) > 1 && f[1] == "kB" {
			v <<= 10
		}
		return v
	}
	return 0
}

// defaultLimit is the limit from MemoryLimitEnv, or DefaultMemoryFraction
// of the machine's memory total.
func defaultLimit(getenv func(string) string, total uint64) (Limit, error) {
	if spec := getenv(MemoryLimitEnv); spec != "" {
		n, err := ParseLimit(spec, total)
		if err != nil {
			return Limit{}, fmt.Errorf("%s: %w", MemoryLimitEnv, err)
		}
		return Limit{Bytes: n, Source: MemoryLimitEnv, Spec: spec}, nil
	}
	if total == 0 {
		return Limit{Source: "default"}, nil
	}
	return Limit{Bytes: uint64(DefaultMemoryFraction * float64(total)), Source: "default",
		Spec: fmt.Sprintf("%g%%", 100*DefaultMemoryFraction)}, nil
}

// residentBytes returns the resident memory of process pid.
func residentBytes(pid int) (uint64, error) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/statm")
	if err != nil {
		return 0, err
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, errors.New("statm: short")
	}
	pages, err := strconv.ParseUint(f[1], 10, 64)
	if err != nil {
		return 0, err
	}
	return pages * uint64(os.Getpagesize()), nil
}

// watchMemory stops p when its resident memory passes the limit that
// limit returns (read at each poll, so %memory takes effect at once), or
// holds a large share of total, the machine's memory, when the machine is
// almost out, until p exits.
func (p *process) watchMemory(limit func() Limit, total uint64) {
	t := time.NewTicker(memoryPoll)
	defer t.Stop()
	for {
		select {
		case <-p.exited:
			return
		case <-t.C:
		}
		l := limit()
		if l.Bytes == 0 {
			continue
		}
		rss, err := residentBytes(p.cmd.Process.Pid)
		if err != nil {
			continue // exiting
		}
		if rss > l.Bytes {
			p.stop("OutOfMemory", fmt.Sprintf("the worker used %s, more than its memory limit of %s (set by %s; change it with %s or %s)",
				bytesize.Format(rss), l, l.Source, MemoryMagic, MemoryLimitEnv))
			return
		}
		// The machine running out before the worker reaches its limit
		// (other programs use memory too): stop a worker that holds a
		// large share, before the system swaps or its OOM killer picks.
		if total > 0 && rss > total/10 {
			if avail := meminfo("MemAvailable"); avail > 0 && avail < total/20 {
				p.stop("OutOfMemory", fmt.Sprintf("the machine is almost out of memory (%s available of %s) and the worker holds %s",
					bytesize.Format(avail), bytesize.Format(total), bytesize.Format(rss)))
				return
			}
		}
	}
}

// softMemoryLimit sets the Go runtime's soft memory limit of this process
// (the worker) to n bytes, math.MaxInt64 for n <= 0: the garbage collector
// works harder as the heap nears it, so that garbage alone does not carry a
// worker past the hard limit the Client enforces.
func softMemoryLimit(n int64) {
	if n <= 0 {
		n = math.MaxInt64
	}
	debug.SetMemoryLimit(n)
}

// softLimitOf is the soft limit the worker's runtime gets for a hard limit:
// 90% of it, leaving room for memory the Go heap does not count (stacks
// aside, cgo allocations such as OpenBLAS buffers).
func softLimitOf(l Limit) int64 {
	if l.Bytes == 0 {
		return -1
	}
	return int64(l.Bytes / 10 * 9)
}
