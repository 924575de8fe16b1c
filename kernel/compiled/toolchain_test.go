package compiled

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// hostInfo returns the test binary's build information with the setting
// key set to value ("" removes it).
func hostInfo(t *testing.T, key, value string) *debug.BuildInfo {
	t.Helper()
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		t.Fatal("no build information")
	}
	cp := *bi
	cp.Settings = nil
	found := false
	for _, s := range bi.Settings {
		if s.Key == key {
			found = true
			if value == "" {
				continue
			}
			s.Value = value
		}
		cp.Settings = append(cp.Settings, s)
	}
	if !found && value != "" {
		cp.Settings = append(cp.Settings, debug.BuildSetting{Key: key, Value: value})
	}
	return &cp
}

// wantToolchainError checks that err is a *ToolchainError containing want.
func wantToolchainError(t *testing.T, err error, want string) {
	t.Helper()
	var te *ToolchainError
	if !errors.As(err, &te) {
		t.Fatalf("error %v (%T), want a *ToolchainError", err, err)
	}
	if !strings.Contains(te.Error(), want) {
		t.Errorf("error %q, want it to contain %q", te.Error(), want)
	}
}

// TestHostWithoutCgo: a kernel built without cgo cannot load plugins, and
// says so.
func TestHostWithoutCgo(t *testing.T) {
	_, err := hostFrom(context.Background(), hostInfo(t, "CGO_ENABLED", "0"), "")
	wantToolchainError(t, err, "built without cgo")
}

// TestHostFlags: the build flags of the program are repeated.
func TestHostFlags(t *testing.T) {
	tc, err := hostFrom(context.Background(), hostInfo(t, "-tags", "openblas,extra"), "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(tc.Flags, " "), "-tags=openblas,extra") {
		t.Errorf("flags %q, want -tags=openblas,extra", tc.Flags)
	}
	other, err := hostFrom(context.Background(), hostInfo(t, "-trimpath", "true"), "")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(other.Flags, " "), "-trimpath") {
		t.Errorf("flags %q, want -trimpath", other.Flags)
	}
	if other.Key == tc.Key {
		t.Error("two toolchains with other flags have the same key")
	}
}

// TestHostOtherGo: a go command of another release than the program's is
// refused, naming both.
func TestHostOtherGo(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "go")
	if err := os.WriteFile(fake, []byte("#!/bin/sh\necho go1.20.1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	_, err := Host(context.Background(), "")
	wantToolchainError(t, err, "is go1.20.1, and a plugin must be built by the same release")
}

// TestHostNoSource: a module folder that is not the kernel's source is
// refused.
func TestHostNoSource(t *testing.T) {
	_, err := Host(context.Background(), t.TempDir())
	wantToolchainError(t, err, "is not the source of module github.com/rbm-kernel/rbm-kernel")
}

// TestFlagMismatch builds a plugin whose copy of the library was compiled
// with other flags than the test binary's (-gcflags -N -l for lib/rbm
// only, which is cheap to rebuild): Go refuses to load it, and the error
// explains the mismatch in a sentence.
func TestFlagMismatch(t *testing.T) {
	tc, err := Host(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	other := *tc
	other.Flags = append(append([]string(nil), tc.Flags...), "-gcflags=github.com/rbm-kernel/rbm-kernel/lib/rbm=-N -l")
	other.Key = tc.Key + "-mismatch"
	b, err := NewBuilder(&other, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	_, err = b.Compile(context.Background(), cell("func V(m *rbm.Binary) int { return m.Visible() + 1 }"))
	wantToolchainError(t, err, "built against other sources than the kernel's")
}

// TestCompileInterrupted: a build under a cancelled context stops, and
// nothing is kept.
func TestCompileInterrupted(t *testing.T) {
	b := newBuilder(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := b.Compile(ctx, cell("func Interrupted() int { return 1 }"))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if m, _ := filepath.Glob(filepath.Join(b.Dir(), "*.so")); len(m) > 0 {
		t.Errorf("an interrupted build left %v", m)
	}
}
