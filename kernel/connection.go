package kernel

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// ConnectionInfo is the content of a Jupyter connection file: where the five
// sockets listen and how messages are signed.
//
// A zero port asks the kernel to pick a free one; Kernel.Connection reports
// the ports actually bound.
type ConnectionInfo struct {
	// Transport is "tcp" or "ipc".
	Transport string `json:"transport"`
	// IP is the address to bind for tcp, or the path prefix of the ipc
	// socket files ("<ip>-<port>").
	IP string `json:"ip"`

	// The ports of the five sockets; 0 binds a free port.
	ShellPort   int `json:"shell_port"`
	ControlPort int `json:"control_port"`
	StdinPort   int `json:"stdin_port"`
	IOPubPort   int `json:"iopub_port"`
	HBPort      int `json:"hb_port"`

	// Key is the HMAC key. An empty key means messages are not signed.
	Key string `json:"key"`
	// SignatureScheme is "hmac-sha256"; it may be empty when Key is empty.
	SignatureScheme string `json:"signature_scheme"`
	// KernelName is informational.
	KernelName string `json:"kernel_name,omitempty"`
}

// ReadConnectionFile reads and checks the connection file at path. Its
// errors name the file and, for bad content, the field.
func ReadConnectionFile(path string) (ConnectionInfo, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return ConnectionInfo{}, fmt.Errorf("connection file: %w", err)
	}
	ci, err := ParseConnectionInfo(b)
	if err != nil {
		return ConnectionInfo{}, fmt.Errorf("connection file %s: %w", path, err)
	}
	return ci, nil
}

// ParseConnectionInfo parses the JSON of a connection file and checks it:
// transport tcp or ipc, a non-empty ip, ports in 0..65535 and a
// signature_scheme of hmac-sha256 (or empty with an empty key).
func ParseConnectionInfo(b []byte) (ConnectionInfo, error) {
	// Decode into raw fields first so that a wrongly typed field is named.
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return ConnectionInfo{}, fmt.Errorf("not a JSON object: %w", err)
	}
	var ci ConnectionInfo
	str := func(name string, dst *string, required bool) error {
		v, ok := raw[name]
		if !ok {
			if required {
				return fmt.Errorf("field %q is missing", name)
			}
			return nil
		}
		if err := json.Unmarshal(v, dst); err != nil {
			return fmt.Errorf("field %q: want a string, got %s", name, abbrev(v))
		}
		return nil
	}
	port := func(name string, dst *int) error {
		v, ok := raw[name]
		if !ok {
			return fmt.Errorf("field %q is missing", name)
		}
		var f json.Number
		if err := json.Unmarshal(v, &f); err != nil {
			// Some writers quote the port.
			var s string
			if json.Unmarshal(v, &s) != nil {
				return fmt.Errorf("field %q: want a port number, got %s", name, abbrev(v))
			}
			f = json.Number(s)
		}
		n, err := strconv.Atoi(string(f))
		if err != nil || n < 0 || n > 65535 {
			return fmt.Errorf("field %q: want a port number in 0..65535, got %s", name, abbrev(v))
		}
		*dst = n
		return nil
	}
	errs := []error{
		str("transport", &ci.Transport, false),
		str("ip", &ci.IP, true),
		str("key", &ci.Key, false),
		str("signature_scheme", &ci.SignatureScheme, false),
		str("kernel_name", &ci.KernelName, false),
		port("shell_port", &ci.ShellPort),
		port("control_port", &ci.ControlPort),
		port("stdin_port", &ci.StdinPort),
		port("iopub_port", &ci.IOPubPort),
		port("hb_port", &ci.HBPort),
	}
	// One line, so that a command can print it as its last word.
	var msgs []string
	for _, err := range errs {
		if err != nil {
			msgs = append(msgs, err.Error())
		}
	}
	if len(msgs) > 0 {
		return ConnectionInfo{}, errors.New(strings.Join(msgs, "; "))
	}
	if ci.Transport == "" {
		ci.Transport = "tcp"
	}
	if err := ci.Validate(); err != nil {
		return ConnectionInfo{}, err
	}
	return ci, nil
}

// Validate checks the transport, address and signature scheme.
func (ci ConnectionInfo) Validate() error {
	switch ci.Transport {
	case "tcp", "ipc":
	default:
		return fmt.Errorf("field \"transport\": want \"tcp\" or \"ipc\", got %q", ci.Transport)
	}
	if ci.IP == "" {
		return errors.New("field \"ip\" is empty")
	}
	switch ci.SignatureScheme {
	case "hmac-sha256":
	case "":
		if ci.Key != "" {
			return errors.New("field \"signature_scheme\" is empty but a key is set; want \"hmac-sha256\"")
		}
	default:
		return fmt.Errorf("field \"signature_scheme\": only \"hmac-sha256\" is supported, got %q", ci.SignatureScheme)
	}
	return nil
}

// endpoint returns the ZeroMQ endpoint of port, e.g. "tcp://127.0.0.1:5555"
// or "ipc://kernel-ipc-1".
func (ci ConnectionInfo) endpoint(port int) string {
	if ci.Transport == "ipc" {
		return fmt.Sprintf("ipc://%s-%d", ci.IP, port)
	}
	ip := ci.IP
	if strings.Contains(ip, ":") && !strings.HasPrefix(ip, "[") {
		ip = "[" + ip + "]"
	}
	return fmt.Sprintf("tcp://%s:%d", ip, port)
}

func abbrev(b []byte) string {
	const max = 40
	if len(b) > max {
		return string(b[:max]) + "…"
	}
	return string(b)
}
