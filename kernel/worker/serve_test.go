package worker

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel"
)

// promptExec is an executor whose cells ask for a line of input and print
// it, as a cell that reads from the user does.
type promptExec struct{}

func (promptExec) Execute(ctx context.Context, code string, pub kernel.Publisher) (*kernel.ExecResult, error) {
	line, err := pub.(kernel.Prompter).Input(ctx, code, false)
	if err != nil {
		name := "InputError"
		if errors.Is(err, kernel.ErrNoStdin) {
			name = "NoStdin"
		}
		return nil, &kernel.ExecError{Name: name, Value: err.Error()}
	}
	pub.Stream("stdout", "got "+line)
	return &kernel.ExecResult{}, nil
}
func (promptExec) Complete(string, int) kernel.Completion          { return kernel.Completion{} }
func (promptExec) Inspect(string, int, int) (map[string]any, bool) { return nil, false }
func (promptExec) IsComplete(string) (string, string)              { return "complete", "" }
func (promptExec) Reset() error                                    { return nil }

// TestServeInput drives Serve over pipes: an input_request goes out, the
// input_reply's text reaches the cell, and an error reply fails the cell.
func TestServeInput(t *testing.T) {
	reqR, reqW := io.Pipe()
	evR, evW := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- Serve(reqR, evW, func() (kernel.Executor, error) { return promptExec{}, nil }) }()
	out, in := &frameWriter{w: reqW}, newFrameReader(evR)
	next := func(op string) Message {
		t.Helper()
		m, err := in.read()
		if err != nil || m.Op != op {
			t.Fatalf("want %s, got %+v, %v", op, m, err)
		}
		return m
	}
	next("ready")
	for _, c := range []struct {
		reply                Message
		want, failName, fail string
	}{
		{Message{Op: "input_reply", Text: "Ada"}, "got Ada", "", ""},
		{Message{Op: "input_reply", Err: "input: context canceled"}, "", "InputError", "input: context canceled"},
		// The kernel's "not allowed" crosses the pipe as kernel.ErrNoStdin.
		{Message{Op: "input_reply", Err: "input: not allowed", NoStdin: true}, "", "NoStdin",
			"input: the front end does not accept input (allow_stdin is false)"},
	} {
		if err := out.write(Message{Op: "execute", Code: "name? "}); err != nil {
			t.Fatal(err)
		}
		if m := next("input_request"); m.Text != "name? " {
			t.Errorf("prompt %q", m.Text)
		}
		if err := out.write(c.reply); err != nil {
			t.Fatal(err)
		}
		if c.want != "" {
			if m := next("stream"); m.Text != c.want {
				t.Errorf("stream %q, want %q", m.Text, c.want)
			}
			if m := next("done"); m.Result == nil || m.ExecError != nil {
				t.Errorf("done %+v", m)
			}
		} else if m := next("done"); m.ExecError == nil || m.ExecError.Name != c.failName || m.ExecError.Value != c.fail {
			t.Errorf("done %+v, want the error %s: %q", m.ExecError, c.failName, c.fail)
		}
	}
	reqW.Close()
	if err := <-served; err != nil {
		t.Errorf("Serve: %v", err)
	}
}
