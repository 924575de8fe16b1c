package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image/png"
	"io"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/openblas"
	"github.com/rbm-kernel/rbm-kernel/kernel"
)

// testEnv returns an env with captured output and the given variables.
func testEnv(vars map[string]string) (*env, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &env{
		stdout:      &out,
		stderr:      &errb,
		getenv:      func(k string) string { return vars[k] },
		executable:  func() (string, error) { return "/opt/bin/rbm-kernel", nil },
		newExecutor: func() (kernel.Executor, error) { panic("no executor in these tests") },
	}, &out, &errb
}

func TestInstallPrefix(t *testing.T) {
	dir := t.TempDir()
	e, out, errb := testEnv(nil)
	if code := run(e, []string{"install", "--prefix", dir, "--name", "rbm-test"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errb)
	}
	spec := filepath.Join(dir, "share", "jupyter", "kernels", "rbm-test")
	if !strings.Contains(out.String(), spec) {
		t.Errorf("output %q does not name %s", out, spec)
	}
	b, err := os.ReadFile(filepath.Join(spec, "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ks map[string]any
	if err := json.Unmarshal(b, &ks); err != nil {
		t.Fatal(err)
	}
	argv, _ := ks["argv"].([]any)
	want := []any{"/opt/bin/rbm-kernel", "kernel", "--connection-file", "{connection_file}"}
	if len(argv) != len(want) {
		t.Fatalf("argv = %v", argv)
	}
	for i := range want {
		if argv[i] != want[i] {
			t.Errorf("argv[%d] = %v, want %v", i, argv[i], want[i])
		}
	}
	if ks["display_name"] != "Go (rbm-kernel)" || ks["language"] != "go" || ks["interrupt_mode"] != "message" {
		t.Errorf("kernel.json = %s", b)
	}
	// JupyterLab shows the debugger's switch for kernels whose spec says
	// debugger: true.
	if md, ok := ks["metadata"].(map[string]any); !ok || len(md) != 1 || md["debugger"] != true {
		t.Errorf("metadata = %v", ks["metadata"])
	}
	for _, size := range []int{32, 64} {
		f, err := os.Open(filepath.Join(spec, fmt.Sprintf("logo-%dx%d.png", size, size)))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("logo %d: %v", size, err)
		}
		if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
			t.Errorf("logo %d is %v", size, b)
		}
		// Not blank: the centre pixel (a unit or an edge) differs from a corner.
		if img.At(size/2, size*3/4) == img.At(0, 0) {
			t.Errorf("logo %d looks blank", size)
		}
	}
	checkSVGLogo(t, filepath.Join(spec, "logo-svg.svg"))
}

// checkSVGLogo checks that the SVG logo is well-formed XML with an svg root,
// a view box, the background and all five units.
func checkSVGLogo(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(b))
	elems := map[string]int{}
	var root string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("logo-svg.svg is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if root == "" {
				root = se.Name.Local
				if se.Name.Space != "http://www.w3.org/2000/svg" {
					t.Errorf("svg namespace = %q", se.Name.Space)
				}
			}
			elems[se.Name.Local]++
		}
	}
	if root != "svg" || elems["rect"] != 1 || elems["circle"] != 5 || elems["line"] != 6 {
		t.Errorf("logo-svg.svg: root %q, elements %v; want svg with 1 rect, 5 circles, 6 lines", root, elems)
	}
	if !bytes.Contains(b, []byte(`viewBox="0 0 64 64"`)) {
		t.Errorf("logo-svg.svg has no 64x64 view box:\n%s", b)
	}
}

func TestInstallSysPrefix(t *testing.T) {
	for _, v := range []string{"VIRTUAL_ENV", "CONDA_PREFIX"} {
		env := filepath.Join(t.TempDir(), "env")
		e, out, errb := testEnv(map[string]string{v: env})
		if code := run(e, []string{"install", "--sys-prefix"}); code != 0 {
			t.Fatalf("%s: exit %d: %s", v, code, errb)
		}
		want := filepath.Join(env, "share", "jupyter", "kernels", "rbm-kernel")
		if _, err := os.Stat(filepath.Join(want, "kernel.json")); err != nil {
			t.Errorf("%s: %v (output %q)", v, err, out)
		}
	}
}

func TestInstallUserDirs(t *testing.T) {
	for _, c := range []struct {
		vars map[string]string
		want string
	}{
		{map[string]string{"JUPYTER_DATA_DIR": "JD", "HOME": "H"}, filepath.Join("JD", "kernels", "rbm-kernel")},
		{map[string]string{"XDG_DATA_HOME": "X", "HOME": "H"}, filepath.Join("X", "jupyter", "kernels", "rbm-kernel")},
		{map[string]string{"HOME": "H"}, filepath.Join("H", ".local", "share", "jupyter", "kernels", "rbm-kernel")},
	} {
		tmp := t.TempDir()
		vars := map[string]string{}
		for k, v := range c.vars {
			vars[k] = filepath.Join(tmp, v)
		}
		e, _, errb := testEnv(vars)
		args := []string{"install"}
		if c.vars["HOME"] != "" && len(c.vars) == 1 {
			args = append(args, "--user")
		}
		if code := run(e, args); code != 0 {
			t.Fatalf("%v: exit %d: %s", c.vars, code, errb)
		}
		if _, err := os.Stat(filepath.Join(tmp, c.want, "kernel.json")); err != nil {
			t.Errorf("%v: %v", c.vars, err)
		}
	}
}

func TestUsageErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"ip": "127.0.0.1", "shell_port": "x"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{nil, "no command"},
		{[]string{"frobnicate"}, "unknown command"},
		{[]string{"kernel"}, "missing --connection-file"},
		{[]string{"kernel", "--bogus"}, "bogus"},
		{[]string{"kernel", "--connection-file", filepath.Join(dir, "none.json")}, "none.json"},
		{[]string{"kernel", "--connection-file", bad}, `"shell_port"`},
		{[]string{"install", "--user", "--prefix", dir}, "exclude"},
		{[]string{"install", "--name", "../x", "--prefix", dir}, "--name"},
		{[]string{"version", "extra"}, "unexpected argument"},
	} {
		e, out, errb := testEnv(nil)
		code := run(e, c.args)
		msg := errb.String()
		if code != 2 {
			t.Errorf("%v: exit %d, want 2 (stderr %q)", c.args, code, msg)
		}
		if strings.Count(msg, "\n") != 1 || !strings.Contains(msg, c.msg) {
			t.Errorf("%v: stderr %q, want one line containing %q", c.args, msg, c.msg)
		}
		if out.Len() != 0 {
			t.Errorf("%v: wrote %q to stdout", c.args, out)
		}
	}
}

func TestVersionAndHelp(t *testing.T) {
	e, out, _ := testEnv(nil)
	if code := run(e, []string{"version"}); code != 0 {
		t.Fatalf("version exit %d", code)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || lines[0] != "rbm-kernel "+version || lines[1] != runtime.Version() || !strings.HasPrefix(lines[2], "yaegi ") || lines[3] != "BLAS "+openblas.Name() {
		t.Errorf("version output %q", out)
	}
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		e, out, _ := testEnv(nil)
		if code := run(e, args); code != 0 || !strings.Contains(out.String(), "install") || !strings.Contains(out.String(), "kernel") {
			t.Errorf("%v: exit %d, output %q", args, code, out)
		}
	}
	e, out, _ = testEnv(nil)
	if code := run(e, []string{"install", "-h"}); code != 0 || !strings.Contains(out.String(), "-sys-prefix") {
		t.Errorf("install -h: exit %d, output %q", code, out)
	}
}

// nopExec is an Executor that runs nothing.
type nopExec struct{}

func (nopExec) Execute(context.Context, string, kernel.Publisher) (*kernel.ExecResult, error) {
	return nil, nil
}
func (nopExec) Complete(string, int) kernel.Completion          { return kernel.Completion{} }
func (nopExec) Inspect(string, int, int) (map[string]any, bool) { return nil, false }
func (nopExec) IsComplete(string) (string, string)              { return "complete", "" }
func (nopExec) Reset() error                                    { return nil }

// TestKernelCommandSignals runs the kernel command in process on a real
// connection file: it listens, survives SIGINT, and ends cleanly (status
// 0) on SIGTERM. The sockets are Unix sockets in the test's own folder
// (connFile), so that only this kernel can be listening there: a signal
// sent before the kernel installs its handlers would end the test binary
// (TCP ports picked free and then released could be taken, and answered,
// by another process first).
func TestKernelCommandSignals(t *testing.T) {
	file, ci := connFile(t)
	e, _, _ := testEnv(nil)
	stderr := &lockedBuffer{}
	e.stderr = stderr
	e.newExecutor = func() (kernel.Executor, error) { return nopExec{}, nil }
	code := make(chan int, 1)
	go func() { code <- run(e, []string{"kernel", "--connection-file", file}) }()

	// Once the shell socket accepts, the signal handlers are installed
	// (runKernel installs them before it binds).
	shell := strings.TrimPrefix(endpoint(ci, ci.ShellPort), "ipc://")
	deadline := time.Now().Add(startDeadline)
	for {
		c, err := net.Dial("unix", shell)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("kernel never listened on %s: %v (stderr %s)", shell, err, stderr)
		}
		select {
		case c := <-code:
			t.Fatalf("kernel exited with %d: %s", c, stderr)
		default:
		}
		runtime.Gosched()
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case c := <-code:
		if c != 0 {
			t.Errorf("exit status %d after SIGTERM, want 0; stderr %s", c, stderr)
		}
	case <-time.After(startDeadline):
		t.Fatal("kernel did not end on SIGTERM")
	}
}
