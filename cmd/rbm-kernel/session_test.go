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
	"os/exec"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/worker"
)

// frameMsg is one message read from a socket, with its buffers.
type frameMsg struct {
	typ     string
	id      string // msg_id
	parent  string // the parent's msg_id
	meta    map[string]any
	content map[string]any
	buffers [][]byte
}

// readFrames moves the messages of s to out until s is closed.
func readFrames(s zmq4.Socket, out chan<- frameMsg) {
	for {
		m, err := s.Recv()
		if err != nil {
			close(out)
			return
		}
		for i, f := range m.Frames {
			if string(f) != "<IDS|MSG>" || len(m.Frames) < i+6 {
				continue
			}
			var hdr, par map[string]any
			var w frameMsg
			if errors.Join(json.Unmarshal(m.Frames[i+2], &hdr), json.Unmarshal(m.Frames[i+3], &par),
				json.Unmarshal(m.Frames[i+4], &w.meta), json.Unmarshal(m.Frames[i+5], &w.content)) == nil {
				w.typ, _ = hdr["msg_type"].(string)
				w.id, _ = hdr["msg_id"].(string)
				w.parent, _ = par["msg_id"].(string)
				w.buffers = m.Frames[i+6:]
				out <- w
			}
			break
		}
	}
}

// socketSession is a Jupyter client, over real sockets, of the kernel
// command run in this process with its cells in a worker process (this
// test binary, see TestMain).
type socketSession struct {
	t                        testing.TB
	key                      string
	shell, control, iopub    zmq4.Socket
	shellC, controlC, iopubC chan frameMsg
	code                     chan int
	stderr                   *lockedBuffer
	ended                    bool // the kernel command has returned, with status exit
	exit                     int
}

var msgSeq atomic.Int64

// send sends a signed message with buffers and returns its msg_id.
func (s *socketSession) send(sock zmq4.Socket, msgType string, content any, buffers ...[]byte) string {
	s.t.Helper()
	id := fmt.Sprintf("%s-%d", msgType, msgSeq.Add(1))
	header, _ := json.Marshal(map[string]any{"msg_id": id, "session": "socket-test", "username": "test",
		"date": time.Now().UTC().Format(time.RFC3339Nano), "msg_type": msgType, "version": "5.3"})
	c, _ := json.Marshal(content)
	parts := [][]byte{header, []byte("{}"), []byte("{}"), c}
	mac := hmac.New(sha256.New, []byte(s.key))
	for _, p := range parts {
		mac.Write(p)
	}
	frames := append([][]byte{[]byte("<IDS|MSG>"), []byte(hex.EncodeToString(mac.Sum(nil)))}, parts...)
	if err := sock.Send(zmq4.NewMsgFrom(append(frames, buffers...)...)); err != nil {
		s.t.Fatalf("send %s: %v", msgType, err)
	}
	return id
}

// next returns the next message of ch that match accepts, failing at the
// deadline. The kernel's end does not fail it at once: what the kernel
// sent before it ended (a shutdown_reply) may still be on its way.
func (s *socketSession) next(ch <-chan frameMsg, what string, match func(frameMsg) bool) frameMsg {
	s.t.Helper()
	deadline := time.After(startDeadline)
	code := s.code
	if s.ended {
		code = nil
	}
	for {
		select {
		case m, ok := <-ch:
			if !ok {
				s.t.Fatalf("%s: the socket closed; stderr:\n%s", what, s.stderr)
			}
			if match(m) {
				return m
			}
		case c := <-code:
			s.ended, s.exit, code = true, c, nil
		case <-deadline:
			if s.ended {
				s.t.Fatalf("%s: nothing within %v, and the kernel ended with status %d; stderr:\n%s", what, startDeadline, s.exit, s.stderr)
			}
			s.t.Fatalf("%s: nothing within %v; stderr:\n%s", what, startDeadline, s.stderr)
		}
	}
}

// wait waits for the kernel command to end and returns its exit status
// (-1, with an error, if it does not end within startDeadline).
func (s *socketSession) wait() int {
	s.t.Helper()
	if !s.ended {
		select {
		case s.exit = <-s.code:
			s.ended = true
		case <-time.After(startDeadline):
			s.t.Errorf("the kernel did not end within %v; stderr:\n%s", startDeadline, s.stderr)
			return -1
		}
	}
	return s.exit
}

// startSocketSession starts the kernel command with cells in a worker
// process, connects a client to its shell, control and iopub sockets and
// waits until iopub is subscribed. At the end of the test it shuts the
// kernel down, unless the test did.
func startSocketSession(t testing.TB) *socketSession {
	t.Helper()
	file, ci := connFile(t)
	e, _, _ := testEnv(nil)
	stderr := &lockedBuffer{}
	e.stderr = stderr
	e.newExecutor = func() (kernel.Executor, error) {
		return worker.NewClient(worker.Options{Command: func() *exec.Cmd {
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), workerEnv+"=1")
			return cmd
		}, Log: stderr})
	}
	s := &socketSession{t: t, key: ci.Key, shellC: make(chan frameMsg, 64), controlC: make(chan frameMsg, 64),
		iopubC: make(chan frameMsg, 1024), code: make(chan int, 1), stderr: stderr}
	go func() { s.code <- run(e, []string{"kernel", "--connection-file", file}) }()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	retry := []zmq4.Option{zmq4.WithDialerRetry(10 * time.Millisecond),
		zmq4.WithDialerMaxRetries(int(startDeadline / (10 * time.Millisecond)))}
	s.shell, s.control, s.iopub = zmq4.NewDealer(ctx, retry...), zmq4.NewDealer(ctx, retry...), zmq4.NewSub(ctx, retry...)
	for _, d := range []struct {
		s    zmq4.Socket
		port int
	}{{s.shell, ci.ShellPort}, {s.control, ci.ControlPort}, {s.iopub, ci.IOPubPort}} {
		if err := d.s.Dial(endpoint(ci, d.port)); err != nil {
			t.Fatalf("dial: %v", err)
		}
		t.Cleanup(func() { d.s.Close() })
	}
	if err := s.iopub.SetOption(zmq4.OptionSubscribe, ""); err != nil {
		t.Fatal(err)
	}
	go readFrames(s.shell, s.shellC)
	go readFrames(s.control, s.controlC)
	go readFrames(s.iopub, s.iopubC)
	// kernel_info until iopub is subscribed (its status messages arrive):
	// a subscription takes effect some time after the dial.
	for subscribed := false; !subscribed; {
		id := s.send(s.shell, "kernel_info_request", map[string]any{})
		s.next(s.shellC, "kernel_info_reply", func(m frameMsg) bool { return m.parent == id })
		select {
		case <-s.iopubC:
			subscribed = true
		case <-time.After(100 * time.Millisecond): // ask again: not a wait for an event
		}
	}
	t.Cleanup(func() {
		if !s.ended {
			s.send(s.control, "shutdown_request", map[string]any{"restart": false})
			s.wait()
		}
	})
	return s
}
