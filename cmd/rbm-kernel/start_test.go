package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/rbm-kernel/rbm-kernel/kernel"
)

// startDeadline bounds every wait in these tests. It is a deadline for
// failure, never a delay: each wait ends as soon as what it waits for
// happens.
const startDeadline = 20 * time.Second

// connFile writes a connection file for the ipc transport (socket files in
// a temporary folder: no port that another process could take) and
// returns its path and content.
func connFile(t testing.TB) (string, kernel.ConnectionInfo) {
	t.Helper()
	dir := t.TempDir()
	ci := kernel.ConnectionInfo{Transport: "ipc", IP: filepath.Join(dir, "k"), ShellPort: 1, ControlPort: 2,
		StdinPort: 3, IOPubPort: 4, HBPort: 5, Key: "start-test", SignatureScheme: "hmac-sha256"}
	b, err := json.Marshal(ci)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "conn.json")
	if err := os.WriteFile(file, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return file, ci
}

func endpoint(ci kernel.ConnectionInfo, port int) string {
	return fmt.Sprintf("ipc://%s-%d", ci.IP, port)
}

// recvOrFail receives one message from s, failing the test at the
// deadline or when the kernel command ends first.
func recvOrFail(t *testing.T, s zmq4.Socket, what string, code <-chan int, stderr fmt.Stringer) zmq4.Msg {
	t.Helper()
	type result struct {
		m   zmq4.Msg
		err error
	}
	got := make(chan result, 1)
	go func() {
		m, err := s.Recv()
		got <- result{m, err}
	}()
	select {
	case r := <-got:
		if r.err != nil {
			t.Fatalf("%s: %v", what, r.err)
		}
		return r.m
	case c := <-code:
		t.Fatalf("%s: the kernel command ended with status %d first; stderr:\n%s", what, c, stderr)
	case <-time.After(startDeadline):
		t.Fatalf("%s: nothing within %v; stderr:\n%s", what, startDeadline, stderr)
	}
	return zmq4.Msg{}
}

// send sends a signed request of type msgType on s.
func send(t *testing.T, s zmq4.Socket, key, msgType string, content any) {
	t.Helper()
	header, _ := json.Marshal(map[string]any{"msg_id": fmt.Sprintf("%s-%d", msgType, time.Now().UnixNano()),
		"session": "start-test", "username": "test", "date": time.Now().UTC().Format(time.RFC3339Nano),
		"msg_type": msgType, "version": "5.3"})
	c, _ := json.Marshal(content)
	parts := [][]byte{header, []byte("{}"), []byte("{}"), c}
	mac := hmac.New(sha256.New, []byte(key))
	for _, p := range parts {
		mac.Write(p)
	}
	sig := []byte(hex.EncodeToString(mac.Sum(nil)))
	if err := s.Send(zmq4.NewMsgFrom(append([][]byte{[]byte("<IDS|MSG>"), sig}, parts...)...)); err != nil {
		t.Fatalf("send %s: %v", msgType, err)
	}
}

// reply receives the next message on s and returns its header and
// content.
func reply(t *testing.T, s zmq4.Socket, what string, code <-chan int, stderr fmt.Stringer) (hdr, body map[string]any) {
	t.Helper()
	m := recvOrFail(t, s, what, code, stderr)
	for i, f := range m.Frames {
		if string(f) == "<IDS|MSG>" && len(m.Frames) >= i+6 {
			if err := errors.Join(json.Unmarshal(m.Frames[i+2], &hdr), json.Unmarshal(m.Frames[i+5], &body)); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			return hdr, body
		}
	}
	t.Fatalf("%s: no delimiter in %q", what, m.Frames)
	return nil, nil
}

// lockedBuffer collects the kernel's stderr, which the test reads while
// the kernel writes.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestKernelListensBeforeExecutorStarts starts the kernel command with an
// executor whose start blocks until the test releases it: the heartbeat
// and kernel_info must be answered while it is blocked. Starting the
// executor (spawning the worker process) before binding the sockets, as
// the kernel command did, left a client's heartbeat unanswered for as long
// as the spawn took, up to about a second on a loaded machine: a
// jupyter_client without a KernelManager (its heartbeat's time_to_dead is
// 1 s) then reported "Kernel died before replying to kernel_info" for a
// live kernel. An execute_request sent while the executor starts waits for
// it.
func TestKernelListensBeforeExecutorStarts(t *testing.T) {
	file, ci := connFile(t)
	e, _, _ := testEnv(nil)
	stderr := &lockedBuffer{}
	e.stderr = stderr
	release := make(chan struct{})
	defer func() {
		select {
		case <-release:
		default:
			close(release)
		}
	}()
	e.newExecutor = func() (kernel.Executor, error) {
		<-release
		return nopExec{}, nil
	}
	code := make(chan int, 1)
	go func() { code <- run(e, []string{"kernel", "--connection-file", file}) }()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Dial every 10 ms until the kernel listens (the deadline is a bound
	// for failure: without the fix, the kernel never listens here).
	retry := []zmq4.Option{zmq4.WithDialerRetry(10 * time.Millisecond),
		zmq4.WithDialerMaxRetries(int(startDeadline / (10 * time.Millisecond)))}
	hb := zmq4.NewReq(ctx, retry...)
	shell := zmq4.NewDealer(ctx, retry...)
	control := zmq4.NewDealer(ctx, retry...)
	defer hb.Close()
	defer shell.Close()
	defer control.Close()
	dialed := make(chan error, 3)
	for _, d := range []struct {
		s    zmq4.Socket
		port int
	}{{hb, ci.HBPort}, {shell, ci.ShellPort}, {control, ci.ControlPort}} {
		go func() { dialed <- d.s.Dial(endpoint(ci, d.port)) }()
	}
	for range 3 {
		select {
		case err := <-dialed:
			if err != nil {
				t.Fatalf("the kernel did not listen while its executor was starting: %v; stderr:\n%s", err, stderr)
			}
		case c := <-code:
			t.Fatalf("the kernel command ended with status %d; stderr:\n%s", c, stderr)
		}
	}

	if err := hb.Send(zmq4.NewMsgString("ping")); err != nil {
		t.Fatal(err)
	}
	if m := recvOrFail(t, hb, "heartbeat while the executor starts", code, stderr); string(m.Frames[0]) != "ping" {
		t.Fatalf("heartbeat echoed %q, want ping", m.Frames)
	}
	send(t, shell, ci.Key, "kernel_info_request", map[string]any{})
	if hdr, body := reply(t, shell, "kernel_info while the executor starts", code, stderr); hdr["msg_type"] != "kernel_info_reply" || body["status"] != "ok" {
		t.Fatalf("kernel_info while the executor starts: %v %v", hdr, body)
	}

	// A cell sent before the executor has started runs once it has.
	send(t, shell, ci.Key, "execute_request", map[string]any{"code": "1", "silent": false})
	close(release)
	if hdr, body := reply(t, shell, "execute_request", code, stderr); hdr["msg_type"] != "execute_reply" || body["status"] != "ok" {
		t.Fatalf("execute after the executor started: %v %v", hdr, body)
	}

	send(t, control, ci.Key, "shutdown_request", map[string]any{"restart": false})
	// The kernel may end as soon as the reply is out: wait for the reply
	// alone, then for the end.
	if hdr, _ := reply(t, control, "shutdown_request", nil, stderr); hdr["msg_type"] != "shutdown_reply" {
		t.Fatalf("shutdown: %v", hdr)
	}
	select {
	case c := <-code:
		if c != 0 {
			t.Errorf("exit status %d after shutdown_request, want 0; stderr:\n%s", c, stderr)
		}
	case <-time.After(startDeadline):
		t.Fatal("the kernel did not end after shutdown_request")
	}
}

// TestKernelExecutorStartFails checks that a kernel whose executor cannot
// start still ends with status 1 and says why, now that it has bound its
// sockets first.
func TestKernelExecutorStartFails(t *testing.T) {
	file, _ := connFile(t)
	e, _, _ := testEnv(nil)
	stderr := &lockedBuffer{}
	e.stderr = stderr
	e.newExecutor = func() (kernel.Executor, error) { return nil, errors.New("no worker today") }
	code := make(chan int, 1)
	go func() { code <- run(e, []string{"kernel", "--connection-file", file}) }()
	select {
	case c := <-code:
		if c != 1 || !strings.Contains(stderr.String(), "start the Go interpreter: no worker today") {
			t.Errorf("exit status %d, stderr %q; want 1 and the start error", c, stderr)
		}
	case <-time.After(startDeadline):
		t.Fatalf("the kernel did not end; stderr:\n%s", stderr)
	}
}
