package worker

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel"
)

// asker is a recorder whose Input answers with answer, or err, or, with
// block, waits for ctx (asked then says that it waits).
type asker struct {
	recorder
	answer string
	err    error
	block  bool
	asked  chan struct{}
}

func (a *asker) Input(ctx context.Context, prompt string, password bool) (string, error) {
	a.Stream("prompt", fmt.Sprintf("%q %v\n", prompt, password))
	switch {
	case a.block:
		close(a.asked)
		<-ctx.Done()
		return "", fmt.Errorf("input: %w", ctx.Err())
	case a.err != nil:
		return "", a.err
	}
	return a.answer, nil
}

// TestWorkerStdin reads a cell's os.Stdin in the worker process: the read
// crosses the pipes to the kernel's Prompter and back; "not allowed" is
// end of file; an interrupt while the read waits ends the cell, and the
// worker and its session go on.
func TestWorkerStdin(t *testing.T) {
	c := newTestClient(t, 0)
	ctx := context.Background()

	a := &asker{answer: "Ada"}
	res, err := c.Execute(ctx, `var s string
fmt.Print("name? ")
fmt.Scanln(&s)
tok, _ := input.Password("token: ")
s + "/" + tok`, a)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Data.Data["text/plain"]; got != `"Ada/Ada"` {
		t.Errorf("result %v", got)
	}
	if got, want := a.text(), "stdout:name? prompt:\"\" false\nprompt:\"token: \" true\n"; got != want {
		t.Errorf("streams %q, want %q", got, want)
	}

	a = &asker{err: fmt.Errorf("input: %w", kernel.ErrNoStdin)}
	res, err = c.Execute(ctx, `_, err := fmt.Scanln(&s)
err == io.EOF`, a)
	if err != nil || res.Data.Data["text/plain"] != "true" {
		t.Errorf("without allow_stdin: %v, %v; want err == io.EOF", res, err)
	}

	a = &asker{block: true, asked: make(chan struct{})}
	ictx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-a.asked:
			cancel()
		case <-time.After(30 * time.Second):
		}
	}()
	_, err = c.Execute(ictx, `fmt.Scanln(&s)`, a)
	var xe *kernel.ExecError
	if !errors.As(err, &xe) || xe.Name != "Interrupted" {
		t.Fatalf("interrupted read: %v, want Interrupted", err)
	}
	if got := result(t, c, "s"); got != `"Ada"` {
		t.Errorf("after the interrupt s = %s, want the session kept", got)
	}
}

// TestExecutionSendsOnlyWhileItRuns: an execution's interrupt goes once,
// and nothing is sent for it after it ended (a late input answer or
// interrupt must not reach the next cell).
func TestExecutionSendsOnlyWhileItRuns(t *testing.T) {
	var buf bytes.Buffer
	x := &execution{p: &process{out: &frameWriter{w: &buf}}}
	x.interrupt()
	x.send(Message{Op: "input_reply", Text: "on time"})
	x.interrupt()
	x.end()
	x.interrupt()
	x.send(Message{Op: "input_reply", Text: "late"})
	in := newFrameReader(&buf)
	var got []string
	for {
		m, err := in.read()
		if err != nil {
			break
		}
		got = append(got, m.Op+" "+m.Text)
	}
	if want := []string{"interrupt ", "input_reply on time"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sent %q, want %q", got, want)
	}
}
