package compiled

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/bytesize"
)

// CacheLimitEnv is the environment variable that bounds the size of the
// folder of compiled cells: bytes with an optional unit ("4GiB", "500MB"),
// or "off" for no bound. Without it the bound is DefaultCacheLimit.
const CacheLimitEnv = "RBM_KERNEL_CACHE_LIMIT"

// DefaultCacheLimit is the size the folder of compiled cells is trimmed to
// when CacheLimitEnv is not set. A unit's plugin holds the packages it
// uses: 2 to 20 MB with the library, so this keeps some hundreds of units.
const DefaultCacheLimit = 2 << 30

// TrimAge is how long the units of another executable (an older build of
// the kernel, a test binary) are kept when the folder is within its bound:
// the folders of other keys that no Builder has used for that long are
// removed.
const TrimAge = 7 * 24 * time.Hour

// staleTemp is the age after which a temporary file of a build (one whose
// go command was killed with its kernel) is removed.
const staleTemp = time.Hour

// CacheLimit returns the bound on the folder of compiled cells, in bytes
// (0: none), as CacheLimitEnv sets it.
func CacheLimit() (uint64, error) {
	spec, ok := os.LookupEnv(CacheLimitEnv)
	if !ok || strings.TrimSpace(spec) == "" {
		return DefaultCacheLimit, nil
	}
	if s := strings.TrimSpace(spec); strings.EqualFold(s, "off") || s == "0" {
		return 0, nil
	}
	n, err := bytesize.Parse(spec)
	if err != nil {
		return 0, &ToolchainError{Reason: fmt.Sprintf("%s=%q: %v, or off", CacheLimitEnv, spec, err)}
	}
	return n, nil
}

// cacheEntry is what trim may remove: the folder of another key, or one
// unit of the Builder's own key (its package folder and its plugin).
type cacheEntry struct {
	paths []string
	size  int64
	used  time.Time // the folder's or the plugin's modification time, set when it is used
	other bool      // of another key
}

// trim keeps cacheDir within limit bytes (0: no bound) and removes what
// is no longer of use. Folders of keys other than keep unused since
// now-TrimAge go first, and temporary files of killed builds. Then, while
// the folder is larger than limit, the least recently used goes: the
// folders of other keys before the units of keep (whose plugins the
// processes of this executable load again), never the unit named spare
// (the one just built). Failures are ignored: another process may be
// trimming too, and a unit removed under a process that wanted it is built
// again (Builder.Compile).
func trim(cacheDir, keep, spare string, now time.Time, limit uint64) {
	entries, err := os.ReadDir(cacheDir)
	if err != nil {
		return
	}
	var (
		all   []cacheEntry
		total int64
	)
	for _, d := range entries {
		if !d.IsDir() {
			continue
		}
		path := filepath.Join(cacheDir, d.Name())
		info, err := d.Info()
		if err != nil {
			continue
		}
		if d.Name() != keep {
			if info.ModTime().Before(now.Add(-TrimAge)) {
				_ = os.RemoveAll(path)
				continue
			}
			size := folderSize(path)
			all = append(all, cacheEntry{paths: []string{path}, size: size, used: info.ModTime(), other: true})
			total += size
			continue
		}
		units, size := unitsOf(path, spare, now)
		all = append(all, units...)
		total += size
	}
	if limit == 0 || total <= int64(limit) {
		return
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].other != all[j].other {
			return all[i].other
		}
		return all[i].used.Before(all[j].used)
	})
	for _, e := range all {
		if total <= int64(limit) {
			return
		}
		for _, p := range e.paths {
			_ = os.RemoveAll(p)
		}
		total -= e.size
	}
}

// unitsOf lists the units in the folder of a key, less spare, as entries
// trim may remove, and returns the size of the whole folder. Temporary
// files older than staleTemp are removed.
func unitsOf(dir, spare string, now time.Time) ([]cacheEntry, int64) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, 0
	}
	var (
		units []cacheEntry
		total int64
	)
	for _, d := range entries {
		path := filepath.Join(dir, d.Name())
		info, err := d.Info()
		if err != nil {
			continue
		}
		if strings.HasSuffix(d.Name(), ".tmp") && info.ModTime().Before(now.Add(-staleTemp)) {
			_ = os.RemoveAll(path)
			continue
		}
		if d.IsDir() {
			total += folderSize(path)
			continue
		}
		total += info.Size()
		name, ok := strings.CutSuffix(d.Name(), ".so")
		if !ok || name == spare {
			continue
		}
		pkg := filepath.Join(dir, name)
		units = append(units, cacheEntry{paths: []string{path, pkg}, size: info.Size() + folderSize(pkg), used: info.ModTime()})
	}
	return units, total
}

// folderSize is the sum of the sizes of the files under dir.
func folderSize(dir string) int64 {
	var n int64
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				n += info.Size()
			}
		}
		return nil
	})
	return n
}
