package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// kernelSpec is the kernel.json Jupyter reads.
type kernelSpec struct {
	Argv          []string       `json:"argv"`
	DisplayName   string         `json:"display_name"`
	Language      string         `json:"language"`
	InterruptMode string         `json:"interrupt_mode"`
	Metadata      map[string]any `json:"metadata"`
}

func runInstall(e *env, args []string) error {
	fs := newFlags(e, "install", "install [--user | --prefix DIR | --sys-prefix] [--name NAME]")
	user := fs.Bool("user", false, "install for the current user (the default): $JUPYTER_DATA_DIR/kernels or ~/.local/share/jupyter/kernels")
	prefix := fs.String("prefix", "", "install under `DIR`/share/jupyter/kernels")
	sysPrefix := fs.Bool("sys-prefix", false, "install into the active Python environment, `sys.prefix`/share/jupyter/kernels ($VIRTUAL_ENV, $CONDA_PREFIX, else python3 on PATH)")
	name := fs.String("name", "rbm-kernel", "the kernel `name` (directory of the kernelspec)")
	if err := fs.parse(args); err != nil {
		return err
	}
	n := 0
	for _, set := range []bool{*user, *prefix != "", *sysPrefix} {
		if set {
			n++
		}
	}
	if n > 1 {
		return usageError{"--user, --prefix and --sys-prefix exclude each other"}
	}
	if *name == "" || strings.ContainsAny(*name, `/\`) || *name == "." || *name == ".." {
		return usageError{fmt.Sprintf("bad --name %q: want a plain directory name", *name)}
	}
	var root string
	var err error
	switch {
	case *prefix != "":
		root = filepath.Join(*prefix, "share", "jupyter", "kernels")
	case *sysPrefix:
		root, err = pythonKernelsDir(e)
	default:
		root, err = userKernelsDir(e)
	}
	if err != nil {
		return err
	}
	exe, err := e.executable()
	if err != nil {
		return fmt.Errorf("find the path of this binary: %w", err)
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	if exe, err = filepath.Abs(exe); err != nil {
		return fmt.Errorf("find the path of this binary: %w", err)
	}
	dir := filepath.Join(root, *name)
	if err := writeKernelSpec(dir, exe); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "installed kernelspec %s in %s\n", *name, dir)
	return nil
}

// writeKernelSpec writes kernel.json and the logos into dir: PNGs of 32x32
// and 64x64 pixels, and an SVG (logo-svg.svg, the resource JupyterLab's
// launcher prefers).
func writeKernelSpec(dir, exe string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("create kernelspec directory: %w", err)
	}
	spec := kernelSpec{
		Argv:          []string{exe, "kernel", "--connection-file", "{connection_file}"},
		DisplayName:   "Go (rbm-kernel)",
		Language:      "go",
		InterruptMode: "message",
		Metadata:      map[string]any{"debugger": true},
	}
	b, err := json.MarshalIndent(spec, "", "  ")
	if err != nil {
		return fmt.Errorf("encode kernel.json: %w", err)
	}
	files := map[string][]byte{"kernel.json": append(b, '\n')}
	for _, size := range []int{32, 64} {
		var buf bytes.Buffer
		if err := writeLogo(&buf, size); err != nil {
			return fmt.Errorf("draw %dx%d logo: %w", size, size, err)
		}
		files[fmt.Sprintf("logo-%dx%d.png", size, size)] = buf.Bytes()
	}
	var svg bytes.Buffer
	if err := writeLogoSVG(&svg); err != nil {
		return fmt.Errorf("draw SVG logo: %w", err)
	}
	files["logo-svg.svg"] = svg.Bytes()
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", p, err)
		}
	}
	return nil
}

// userKernelsDir is Jupyter's per-user data directory plus "kernels":
// $JUPYTER_DATA_DIR, else $XDG_DATA_HOME/jupyter, else
// ~/.local/share/jupyter.
func userKernelsDir(e *env) (string, error) {
	if d := e.getenv("JUPYTER_DATA_DIR"); d != "" {
		return filepath.Join(d, "kernels"), nil
	}
	if d := e.getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "jupyter", "kernels"), nil
	}
	home := e.getenv("HOME")
	if home == "" {
		var err error
		if home, err = os.UserHomeDir(); err != nil {
			return "", fmt.Errorf("find the home directory for --user: %w", err)
		}
	}
	return filepath.Join(home, ".local", "share", "jupyter", "kernels"), nil
}

// pythonKernelsDir is sys.prefix/share/jupyter/kernels of the active
// Python environment, where Jupyter started from that environment looks for
// kernels: $VIRTUAL_ENV (an activated venv), else $CONDA_PREFIX (an activated
// conda environment), else the sys.prefix of the python3 on PATH.
func pythonKernelsDir(e *env) (string, error) {
	for _, v := range []string{"VIRTUAL_ENV", "CONDA_PREFIX"} {
		if d := e.getenv(v); d != "" {
			return filepath.Join(d, "share", "jupyter", "kernels"), nil
		}
	}
	out, err := exec.Command("python3", "-c", "import sys; print(sys.prefix)").Output()
	if err != nil {
		return "", fmt.Errorf("--sys-prefix: no $VIRTUAL_ENV or $CONDA_PREFIX, and asking python3 for sys.prefix failed: %w", err)
	}
	p := strings.TrimSpace(string(out))
	if p == "" {
		return "", fmt.Errorf("--sys-prefix: python3 printed no sys.prefix")
	}
	return filepath.Join(p, "share", "jupyter", "kernels"), nil
}
