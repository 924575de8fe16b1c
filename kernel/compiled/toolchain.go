package compiled

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
)

// Toolchain is how the running program was built. A plugin loads into a
// process only when every package the two share was compiled identically
// (the same Go release, build tags, race detector, -trimpath, compiler
// flags and module versions), so a plugin build repeats exactly these.
type Toolchain struct {
	Go         string   // the go command
	GoVersion  string   // the Go release the program was built with, e.g. go1.26.8
	ModulePath string   // the program's main module, e.g. github.com/rbm-kernel/rbm-kernel
	ModuleDir  string   // the folder of its go.mod: the source a plugin is built against
	Flags      []string // go build flags: -tags=…, -race, -trimpath, -gcflags=…
	Env        []string // KEY=VALUE of the build: CGO_ENABLED, GOAMD64, CGO_CFLAGS, …
	Key        string   // a digest of all of the above and of the program's executable
}

// ToolchainError says why compiled cells cannot run in this process, and
// what to do about it. Interpreted cells are not affected.
type ToolchainError struct {
	Reason string
}

// Error returns the reason.
func (e *ToolchainError) Error() string { return e.Reason }

// flagSettings are the build settings (debug.BuildSetting keys) that are
// go build flags and change how packages compile.
var flagSettings = []string{"-tags", "-race", "-msan", "-asan", "-trimpath", "-gcflags", "-asmflags", "-cover"}

// envSettings are the build settings that are environment variables and
// change how packages compile.
var envSettings = []string{
	"CGO_ENABLED", "CGO_CFLAGS", "CGO_CPPFLAGS", "CGO_CXXFLAGS", "CGO_LDFLAGS",
	"GOARCH", "GOOS", "GOAMD64", "GOARM", "GOARM64", "GO386", "GOMIPS", "GOMIPS64", "GOPPC64", "GORISCV64", "GOWASM",
	"GOEXPERIMENT", "GOFIPS140",
}

// Host returns the toolchain of the running program. moduleDir is the
// folder of the program's go.mod; when empty it is $RBM_KERNEL_SOURCE, or
// the first folder above the executable or the working directory whose
// go.mod declares the program's module. The go command is the one on
// PATH, else $GOROOT/bin/go; it must be the program's Go release.
func Host(ctx context.Context, moduleDir string) (*Toolchain, error) {
	bi, _ := debug.ReadBuildInfo()
	return hostFrom(ctx, bi, moduleDir)
}

// hostFrom is Host for the build information bi.
func hostFrom(ctx context.Context, bi *debug.BuildInfo, moduleDir string) (*Toolchain, error) {
	if bi == nil || bi.Main.Path == "" {
		return nil, &ToolchainError{Reason: "this program has no build information (it was not built in module mode), so compiled cells cannot repeat its build"}
	}
	tc := &Toolchain{GoVersion: runtime.Version(), ModulePath: bi.Main.Path}
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	if settings["CGO_ENABLED"] != "1" {
		return nil, &ToolchainError{Reason: "the kernel was built without cgo, and loading a Go plugin needs cgo: rebuild it with CGO_ENABLED=1 and a C compiler (make build)"}
	}
	for _, k := range flagSettings {
		v, ok := settings[k]
		switch {
		case !ok || v == "" || v == "false":
		case v == "true":
			tc.Flags = append(tc.Flags, k)
		default:
			tc.Flags = append(tc.Flags, k+"="+v)
		}
	}
	for _, k := range envSettings {
		if v, ok := settings[k]; ok {
			tc.Env = append(tc.Env, k+"="+v)
		}
	}
	dir, err := findModule(moduleDir, bi.Main.Path)
	if err != nil {
		return nil, err
	}
	tc.ModuleDir = dir
	if tc.Go, err = goCommand(); err != nil {
		return nil, err
	}
	out, err := exec.CommandContext(ctx, tc.Go, "env", "GOVERSION").Output()
	if err != nil {
		return nil, &ToolchainError{Reason: fmt.Sprintf("running %s env GOVERSION: %v", tc.Go, err)}
	}
	if v := strings.TrimSpace(string(out)); v != tc.GoVersion {
		return nil, &ToolchainError{Reason: fmt.Sprintf("the kernel was built with %s but the go command %s is %s, and a plugin must be built by the same release: put %s first on PATH, or rebuild the kernel with this one (make build)",
			tc.GoVersion, tc.Go, v, tc.GoVersion)}
	}
	tc.Key, err = tc.key()
	if err != nil {
		return nil, err
	}
	return tc, nil
}

// key is a digest of the toolchain and of the executable's bytes: a plugin
// built for one executable is never offered to another.
func (tc *Toolchain) key() (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n%q\n%q\n", tc.GoVersion, tc.ModulePath, tc.ModuleDir, tc.Flags, tc.Env)
	exe, err := os.Executable()
	if err != nil {
		return "", &ToolchainError{Reason: fmt.Sprintf("finding the kernel's executable: %v", err)}
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", &ToolchainError{Reason: fmt.Sprintf("reading the kernel's executable: %v", err)}
	}
	defer f.Close()
	if _, err := io.Copy(h, f); err != nil {
		return "", &ToolchainError{Reason: fmt.Sprintf("reading the kernel's executable: %v", err)}
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// goCommand finds the go command: on PATH, else in $GOROOT/bin.
func goCommand() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	if root := os.Getenv("GOROOT"); root != "" {
		p := filepath.Join(root, "bin", "go")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", &ToolchainError{Reason: "compiled cells need the go command, which is not on PATH (nor in $GOROOT/bin): install " + runtime.Version() + " and put it on PATH"}
}

// findModule returns the folder of the go.mod of module path: dir when
// given, else $RBM_KERNEL_SOURCE, else the first folder above the
// executable, then above the working directory, whose go.mod declares it.
func findModule(dir, path string) (string, error) {
	if dir == "" {
		dir = os.Getenv("RBM_KERNEL_SOURCE")
	}
	if dir != "" {
		if m, err := moduleOf(dir); err != nil || m != path {
			return "", &ToolchainError{Reason: fmt.Sprintf("%s is not the source of module %s (its go.mod: %v): compiled cells are built against the kernel's source", dir, path, errOr(err, m))}
		}
		return filepath.Abs(dir)
	}
	var starts []string
	if exe, err := os.Executable(); err == nil {
		if real, err := filepath.EvalSymlinks(exe); err == nil {
			exe = real
		}
		starts = append(starts, filepath.Dir(exe))
	}
	if wd, err := os.Getwd(); err == nil {
		starts = append(starts, wd)
	}
	for _, d := range starts {
		for {
			if m, err := moduleOf(d); err == nil && m == path {
				return d, nil
			}
			parent := filepath.Dir(d)
			if parent == d {
				break
			}
			d = parent
		}
	}
	return "", &ToolchainError{Reason: fmt.Sprintf("cannot find the source of module %s above the kernel's executable or the working directory: compiled cells are built against it; set RBM_KERNEL_SOURCE to its folder", path)}
}

// errOr describes the module of a go.mod, or why it could not be read.
func errOr(err error, module string) string {
	if err != nil {
		return err.Error()
	}
	return "module " + module
}

// moduleOf returns the module path declared by dir/go.mod.
func moduleOf(dir string) (string, error) {
	f, err := os.Open(filepath.Join(dir, "go.mod"))
	if err != nil {
		return "", err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`), nil
		}
	}
	if err := sc.Err(); err != nil {
		return "", err
	}
	return "", errors.New("no module line")
}
