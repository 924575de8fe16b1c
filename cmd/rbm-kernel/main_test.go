package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

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
	if md, ok := ks["metadata"].(map[string]any); !ok || len(md) != 0 {
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
	if len(lines) != 3 || lines[0] != "rbm-kernel "+version || lines[1] != runtime.Version() || !strings.HasPrefix(lines[2], "yaegi ") {
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
