package kernel

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseConnectionInfo(t *testing.T) {
	ci, err := ParseConnectionInfo([]byte(`{"shell_port": 1, "iopub_port": 2, "stdin_port": 3,
		"control_port": 4, "hb_port": "5", "ip": "127.0.0.1", "key": "abc",
		"transport": "tcp", "signature_scheme": "hmac-sha256", "kernel_name": "rbm-kernel"}`))
	if err != nil {
		t.Fatal(err)
	}
	want := ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", ShellPort: 1, IOPubPort: 2, StdinPort: 3,
		ControlPort: 4, HBPort: 5, Key: "abc", SignatureScheme: "hmac-sha256", KernelName: "rbm-kernel"}
	if ci != want {
		t.Errorf("got %+v\nwant %+v", ci, want)
	}
	if got := ci.endpoint(ci.ShellPort); got != "tcp://127.0.0.1:1" {
		t.Errorf("endpoint = %q", got)
	}
	ci.Transport, ci.IP = "ipc", "/tmp/k"
	if got := ci.endpoint(3); got != "ipc:///tmp/k-3" {
		t.Errorf("ipc endpoint = %q", got)
	}
	ci = ConnectionInfo{Transport: "tcp", IP: "::1"}
	if got := ci.endpoint(7); got != "tcp://[::1]:7" {
		t.Errorf("ipv6 endpoint = %q", got)
	}
}

func TestParseConnectionInfoErrors(t *testing.T) {
	base := `"shell_port": 1, "iopub_port": 2, "stdin_port": 3, "control_port": 4, "hb_port": 5, "ip": "127.0.0.1"`
	for _, c := range []struct{ json, field string }{
		{`[]`, "JSON object"},
		{`{` + base + `, "transport": "udp"}`, `"transport"`},
		{`{"shell_port": 1, "iopub_port": 2, "stdin_port": 3, "control_port": 4, "ip": "x"}`, `"hb_port"`},
		{`{` + strings.Replace(base, `"shell_port": 1`, `"shell_port": 70000`, 1) + `}`, `"shell_port"`},
		{`{` + strings.Replace(base, `"stdin_port": 3`, `"stdin_port": true`, 1) + `}`, `"stdin_port"`},
		{`{` + base + `, "key": 3}`, `"key"`},
		{`{` + base + `, "key": "k", "signature_scheme": "hmac-md5"}`, `"signature_scheme"`},
		{`{` + base + `, "key": "k"}`, `"signature_scheme"`},
		{`{` + strings.Replace(base, `"ip": "127.0.0.1"`, `"ip": ""`, 1) + `}`, `"ip"`},
	} {
		_, err := ParseConnectionInfo([]byte(c.json))
		if err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: error %v, want one naming %s", c.json, err, c.field)
		}
	}
	// Unsigned: empty key and scheme are fine; transport defaults to tcp.
	ci, err := ParseConnectionInfo([]byte(`{` + base + `}`))
	if err != nil || ci.Transport != "tcp" {
		t.Errorf("unsigned: %+v, %v", ci, err)
	}
}

func TestReadConnectionFile(t *testing.T) {
	dir := t.TempDir()
	_, err := ReadConnectionFile(filepath.Join(dir, "missing.json"))
	if err == nil || !strings.Contains(err.Error(), "missing.json") {
		t.Errorf("missing file: %v", err)
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"ip": 1}`), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = ReadConnectionFile(bad)
	if err == nil || !strings.Contains(err.Error(), "bad.json") || !strings.Contains(err.Error(), `"ip"`) {
		t.Errorf("bad file: %v", err)
	}
}
