package compiled

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeUnit writes a unit of the key folder dir: a plugin of size bytes,
// last used at used, and its package folder.
func fakeUnit(t *testing.T, dir, name string, size int, used time.Time) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name, "cell.go"), []byte("package compiled\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	so := filepath.Join(dir, name+".so")
	if err := os.WriteFile(so, make([]byte, size), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(so, used, used); err != nil {
		t.Fatal(err)
	}
}

// present reports which of names exist under dir.
func present(dir string, names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		_, err := os.Stat(filepath.Join(dir, n))
		m[n] = err == nil
	}
	return m
}

func TestTrimKeepsTheFolderWithinItsBound(t *testing.T) {
	const mb = 1 << 20
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	cache := t.TempDir()
	key := filepath.Join(cache, "own")
	// Two other keys used an hour and a day ago, one unused for 8 days;
	// four units of the own key used 1 to 4 minutes ago, and a stale
	// temporary file of a killed build.
	for _, o := range []struct {
		name string
		age  time.Duration
	}{{"hourold", time.Hour}, {"dayold", 24 * time.Hour}, {"weekold", 8 * 24 * time.Hour}} {
		fakeUnit(t, filepath.Join(cache, o.name), "u1", 3*mb, now)
		if err := os.Chtimes(filepath.Join(cache, o.name), now.Add(-o.age), now.Add(-o.age)); err != nil {
			t.Fatal(err)
		}
	}
	for i, name := range []string{"u4", "u3", "u2", "u1"} {
		fakeUnit(t, key, name, 2*mb, now.Add(-time.Duration(i+1)*time.Minute))
	}
	tmp := filepath.Join(key, "u5.so.77.tmp")
	if err := os.WriteFile(tmp, make([]byte, mb), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(tmp, now.Add(-2*time.Hour), now.Add(-2*time.Hour)); err != nil {
		t.Fatal(err)
	}

	// Within the bound (14 MiB of 20): only the 8-day-old key and the
	// temporary file go.
	trim(cache, "own", "", now, 20*mb)
	if got := present(cache, "hourold", "dayold", "weekold", "own/u5.so.77.tmp"); !got["hourold"] || !got["dayold"] || got["weekold"] || got["own/u5.so.77.tmp"] {
		t.Fatalf("within the bound, present: %v; want the two recent keys, not the old key or the temporary file", got)
	}

	// 14 MiB over a bound of 7: the other keys go first, the older first
	// (8 MiB left), then the own units least recently used first; u1 was
	// used last but one, and is the one spared (just built).
	trim(cache, "own", "u4", now, 7*mb)
	got := present(cache, "hourold", "dayold", "own/u1.so", "own/u1", "own/u2.so", "own/u3.so", "own/u4.so")
	want := map[string]bool{"hourold": false, "dayold": false, "own/u1.so": false, "own/u1": false, "own/u2.so": true, "own/u3.so": true, "own/u4.so": true}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("after trimming to 7 MiB, %s present = %v, want %v", k, got[k], w)
		}
	}
	if n := folderSize(cache); n > 7*mb {
		t.Errorf("the folder holds %d bytes after trimming, more than 7 MiB", n)
	}

	// No bound: nothing recent goes.
	trim(cache, "own", "", now, 0)
	if got := present(cache, "own/u2.so", "own/u3.so", "own/u4.so"); !got["own/u2.so"] || !got["own/u3.so"] || !got["own/u4.so"] {
		t.Errorf("with no bound, present: %v; want all", got)
	}
}

func TestCacheLimitFromTheEnvironment(t *testing.T) {
	for spec, want := range map[string]uint64{"": DefaultCacheLimit, "4GiB": 4 << 30, "500MB": 500e6, "off": 0, "0": 0} {
		t.Setenv(CacheLimitEnv, spec)
		got, err := CacheLimit()
		if err != nil || got != want {
			t.Errorf("%s=%q: %d, %v; want %d", CacheLimitEnv, spec, got, err, want)
		}
	}
	t.Setenv(CacheLimitEnv, "lots")
	_, err := CacheLimit()
	if err == nil || !strings.Contains(err.Error(), CacheLimitEnv) || !strings.Contains(err.Error(), `"lots"`) {
		t.Errorf("a bad bound gives %v, want an error that names %s and the value", err, CacheLimitEnv)
	}
	tc, err := Host(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewBuilder(tc, t.TempDir()); err == nil || !strings.Contains(err.Error(), CacheLimitEnv) {
		t.Errorf("NewBuilder with a bad bound: %v, want the bound's error", err)
	}
}

// Each build trims: with a bound smaller than one plugin, a build leaves
// only its own unit, and a unit trimmed from the folder is served from
// memory to the process that loaded it and built again for one that did
// not.
func TestCompileTrimsAfterEachBuild(t *testing.T) {
	b := newBuilder(t)
	b.limit = 1
	first, err := b.Compile(context.Background(), cell("func Twice(x int) int { return 2 * x }\n"))
	if err != nil {
		t.Fatal(err)
	}
	second, err := b.Compile(context.Background(), cell("func Thrice(x int) int { return 3 * x }\n"))
	if err != nil {
		t.Fatal(err)
	}
	sos, _ := filepath.Glob(filepath.Join(b.Dir(), "u*.so"))
	if len(sos) != 1 || !strings.Contains(second.Path, strings.TrimSuffix(filepath.Base(sos[0]), ".so")) {
		t.Fatalf("plugins after two builds with a bound of one byte: %v; want only the second's (%s)", sos, second.Path)
	}
	again, err := b.Compile(context.Background(), cell("func Twice(x int) int { return 2 * x }\n"))
	if err != nil || !again.Cached || again.Path != first.Path {
		t.Fatalf("the trimmed first unit again in the same process: %+v, %v; want it from memory", again, err)
	}
	if got := call(t, again, "Twice", 21)[0].Int(); got != 42 {
		t.Errorf("Twice(21) = %d after its plugin was trimmed", got)
	}

	// Another process: a unit built (as by another kernel) and trimmed
	// before this one loads it is built again.
	c := cell("func Four(x int) int { return 4 * x }\n")
	src, err := c.prepare(b.tc.Key)
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimPrefix(src.path, strings.TrimSuffix(PathPrefix, "u"))
	so := filepath.Join(b.Dir(), name+".so")
	if err := b.build(context.Background(), name, src, so); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(so); err != nil {
		t.Fatal(err)
	}
	u, err := b.Compile(context.Background(), c)
	if err != nil || u.Cached {
		t.Fatalf("a trimmed unit: %+v, %v; want it built again", u, err)
	}
	if got := call(t, u, "Four", 3)[0].Int(); got != 12 {
		t.Errorf("Four(3) = %d", got)
	}
}
