package compiled

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/types"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"plugin"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A Unit is a compiled cell loaded into the process: a package of its
// own, at a path made of the digest of its source, built into a Go plugin.
type Unit struct {
	Path    string                   // the import path
	Pkg     *types.Package           // its package, as type-checked
	Names   []string                 // the names the cell declares, in order
	Symbols map[string]reflect.Value // the interpreter's table: name → value (generic names left out)
	Cached  bool                     // the plugin was built before (by this or an earlier process)
	Build   time.Duration            // how long preparing, building and loading took
}

// Builder builds compiled cells into plugins and loads them. Its module
// of units lives in a folder of the cache named by the toolchain's key:
// a unit's plugin is built once, and later processes with the same
// executable load it again. It is safe for concurrent use; builds are one at a time.
type Builder struct {
	tc    *Toolchain
	dir   string // the module of units
	limit uint64 // the bound on the size of the folder above dir (0: none)
	std   struct {
		sync.Once
		imp types.Importer
	} // StdImporter's
}

// loaded are the units loaded into the process, by path: a plugin is
// opened once per process, whichever Builder built it (Go refuses a second
// plugin with the same package).
var loaded = struct {
	sync.Mutex
	units map[string]*Unit
}{units: map[string]*Unit{}}

// DefaultCacheDir is where units are kept when NewBuilder is given no
// folder: rbm-kernel/compiled in the user's cache folder.
func DefaultCacheDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", &ToolchainError{Reason: fmt.Sprintf("no folder to build compiled cells in: %v", err)}
	}
	return filepath.Join(d, "rbm-kernel", "compiled"), nil
}

// NewBuilder returns a Builder for the toolchain whose units live under
// cacheDir (DefaultCacheDir when empty).
func NewBuilder(tc *Toolchain, cacheDir string) (*Builder, error) {
	if cacheDir == "" {
		d, err := DefaultCacheDir()
		if err != nil {
			return nil, err
		}
		cacheDir = d
	}
	limit, err := CacheLimit()
	if err != nil {
		return nil, err
	}
	dir := filepath.Join(cacheDir, tc.Key)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, &ToolchainError{Reason: fmt.Sprintf("making the folder of compiled cells: %v", err)}
	}
	now := time.Now()
	_ = os.Chtimes(dir, now, now)
	trim(cacheDir, tc.Key, "", now, limit)
	goVersion := strings.TrimPrefix(tc.GoVersion, "go")
	files := map[string]string{
		"go.mod":  "module " + strings.TrimSuffix(PathPrefix, "/u") + "\n\ngo " + goVersion + "\n",
		"go.work": "go " + goVersion + "\n\nuse (\n\t.\n\t" + strconv.Quote(tc.ModuleDir) + "\n)\n",
	}
	for name, text := range files {
		if err := writeFile(filepath.Join(dir, name), text); err != nil {
			return nil, &ToolchainError{Reason: fmt.Sprintf("writing %s of the compiled cells: %v", name, err)}
		}
	}
	return &Builder{tc: tc, dir: dir, limit: limit}, nil
}

// Dir returns the folder of the module of units.
func (b *Builder) Dir() string { return b.dir }

// Toolchain returns the toolchain the builder repeats.
func (b *Builder) Toolchain() *Toolchain { return b.tc }

// BuildError is a failure of the go command on a unit that type-checked:
// its output, positions in the unit's file mapped to the cell's.
type BuildError struct {
	Output string
}

// Error returns the go command's output.
func (e *BuildError) Error() string { return e.Output }

// Check type-checks the cell as Compile does and builds nothing: a cell
// that does not check gives a scanner.ErrorList at the cell's positions.
// It returns the package the unit would have (at a path of its own, not
// the built unit's) and the names the cell declares, in order, which a
// later cell's Scope may hold. `rbm-kernel vet` checks %%compile cells so.
func (c *Cell) Check() (*types.Package, []string, error) {
	src, err := c.prepare("check only")
	if err != nil {
		return nil, nil, err
	}
	return src.pkg, src.names, nil
}

// Compile type-checks the cell, builds it into a plugin (unless a plugin
// of the same source exists) and loads it. A cell that does not check
// gives a scanner.ErrorList at the cell's positions; a failure to build or
// to load gives a *BuildError or a *ToolchainError. The build stops when
// ctx is done.
func (b *Builder) Compile(ctx context.Context, c *Cell) (*Unit, error) {
	start := time.Now()
	src, err := c.prepare(b.tc.Key)
	if err != nil {
		return nil, err
	}
	loaded.Lock()
	defer loaded.Unlock()
	if u, ok := loaded.units[src.path]; ok {
		cp := *u
		cp.Cached, cp.Build = true, time.Since(start)
		return &cp, nil
	}
	name := strings.TrimPrefix(src.path, strings.TrimSuffix(PathPrefix, "u"))
	so := filepath.Join(b.dir, name+".so")
	cached := true
	progress := c.Progress
	if progress == nil {
		progress = func(int, int, string) {}
	}
	program := src.pkg.Name() == ProgramName
	var syms map[string]reflect.Value
	if _, err = os.Stat(so); err == nil {
		now := time.Now()
		_ = os.Chtimes(so, now, now) // used: the last to be trimmed
		if syms, err = open(so, program); err != nil {
			if _, gone := os.Stat(so); errors.Is(gone, fs.ErrNotExist) {
				err = gone // trimmed by another process since the Stat
			}
		}
	}
	if errors.Is(err, fs.ErrNotExist) {
		// not built yet, or trimmed since
		cached = false
		progress(0, 2, "go build -buildmode=plugin")
		if err := b.build(ctx, name, src, so); err != nil {
			return nil, err
		}
		trim(filepath.Dir(b.dir), filepath.Base(b.dir), name, time.Now(), b.limit)
		progress(1, 2, "loading the plugin")
		syms, err = open(so, program)
	}
	if !cached {
		progress(2, 2, "")
	}
	if err != nil {
		return nil, err
	}
	u := &Unit{Path: src.path, Pkg: src.pkg, Names: src.names, Symbols: syms, Cached: cached, Build: time.Since(start)}
	loaded.units[src.path] = u
	return u, nil
}

// build writes the unit's package and its plugin's main package, and runs
// go build -buildmode=plugin with the toolchain's flags.
func (b *Builder) build(ctx context.Context, name string, src *source, so string) error {
	pkgDir := filepath.Join(b.dir, name)
	files := map[string]string{
		filepath.Join(pkgDir, "cell.go"):    src.text,
		filepath.Join(pkgDir, "symbols.go"): symbolsFile(src),
		filepath.Join(pkgDir, "hidden.go"):  src.hidden,
	}
	main := "./" + name + "/plugin"
	if src.pkg.Name() == ProgramName {
		main = "./" + name // a program is its plugin's main package
	} else {
		files[filepath.Join(pkgDir, "plugin", "main.go")] = pluginMain(src.path)
	}
	for path, text := range files {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return &ToolchainError{Reason: fmt.Sprintf("writing the compiled cell: %v", err)}
		}
		if err := writeFile(path, text); err != nil {
			return &ToolchainError{Reason: fmt.Sprintf("writing the compiled cell: %v", err)}
		}
	}
	tmp := fmt.Sprintf("%s.%d.tmp", so, os.Getpid())
	args := append([]string{"build", "-buildmode=plugin", "-o", tmp}, b.tc.Flags...)
	args = append(args, main)
	cmd := b.goCommand(ctx, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		os.Remove(tmp)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return &BuildError{Output: cellPositions(name, strings.TrimSpace(out.String()))}
	}
	if err := os.Rename(tmp, so); err != nil {
		return &ToolchainError{Reason: fmt.Sprintf("keeping the compiled cell's plugin: %v", err)}
	}
	return nil
}

// goCommand returns the go command with args, run in the module of units
// with the kernel's build environment.
func (b *Builder) goCommand(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, b.tc.Go, args...)
	cmd.Dir = b.dir
	cmd.Env = append(os.Environ(), b.tc.Env...)
	cmd.Env = append(cmd.Env,
		"GOWORK="+filepath.Join(b.dir, "go.work"),
		"GOTOOLCHAIN=local", // never another release: the plugin must be built by the kernel's
		"GOPROXY=off",       // nothing is downloaded: the kernel's modules are in the module cache
		"GOFLAGS=-buildvcs=false",
	)
	return cmd
}

// unitPosRE matches a position in a unit's file in the go command's output.
var unitPosRE = regexp.MustCompile(`(?:\./)?u[0-9a-f]{16}/cell\.go:(\d+)(:\d+)?`)

// cellPositions rewrites positions in the unit's file (line L+1 is the
// cell's line L) into the cell's, and drops the go command's package
// headers.
func cellPositions(name, out string) string {
	var lines []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "# ") {
			continue
		}
		lines = append(lines, unitPosRE.ReplaceAllStringFunc(l, func(m string) string {
			sub := unitPosRE.FindStringSubmatch(m)
			n, _ := strconv.Atoi(sub[1])
			return "cell:" + strconv.Itoa(n-1) + sub[2]
		}))
	}
	return strings.Join(lines, "\n")
}

// pluginMain is the main package of a unit's plugin: it exports the
// unit's symbol table.
func pluginMain(path string) string {
	return fmt.Sprintf("// Code generated by rbm-kernel for a compiled cell. DO NOT EDIT.\n\npackage main\n\nimport unit %q\n\n// Symbols returns the unit's symbol table.\nvar Symbols = unit.%s\n", path, symbolsFunc)
}

// open loads a plugin and returns its unit's symbol table: the variable
// Symbols of the plugin's main package, or, for a program (which is its
// own main package), its function symbolsFunc.
func open(so string, program bool) (map[string]reflect.Value, error) {
	p, err := plugin.Open(so)
	if err != nil {
		msg := err.Error()
		if strings.Contains(msg, "different version of package") {
			return nil, &ToolchainError{Reason: "the compiled cell was built against other sources than the kernel's (" + msg + "): the library's source or the build flags changed since the kernel was built; rebuild the kernel (make build) and restart it"}
		}
		return nil, &ToolchainError{Reason: "loading the compiled cell: " + msg}
	}
	if program {
		s, err := p.Lookup(symbolsFunc)
		if err != nil {
			return nil, &ToolchainError{Reason: "loading the compiled cell: " + err.Error()}
		}
		f, ok := s.(func() map[string]reflect.Value)
		if !ok {
			return nil, &ToolchainError{Reason: fmt.Sprintf("loading the compiled cell: its %s is a %T", symbolsFunc, s)}
		}
		return f(), nil
	}
	s, err := p.Lookup("Symbols")
	if err != nil {
		return nil, &ToolchainError{Reason: "loading the compiled cell: " + err.Error()}
	}
	f, ok := s.(*func() map[string]reflect.Value)
	if !ok {
		return nil, &ToolchainError{Reason: fmt.Sprintf("loading the compiled cell: its Symbols is a %T", s)}
	}
	return (*f)(), nil
}

// writeFile writes text to path through a temporary file and a rename,
// so that a concurrent reader (another kernel building the same unit)
// sees the whole file or none; an unchanged file is not written.
func writeFile(path, text string) error {
	if old, err := os.ReadFile(path); err == nil && string(old) == text {
		return nil
	}
	tmp := fmt.Sprintf("%s.%d.tmp", path, os.Getpid())
	if err := os.WriteFile(tmp, []byte(text), 0o644); err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return errors.Join(err, os.Remove(tmp))
	}
	return nil
}
