package goexec

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel"
)

// prompter is a recorder that is also a kernel.Prompter: each Input is
// recorded as an event of kind "input" (its text the prompt, with " *"
// for a password) and answered with the next of answers, or with err, or,
// with block, not at all until ctx is done (asked then says it waits).
type prompter struct {
	recorder
	answers []string
	err     error
	block   bool
	asked   chan struct{}
}

func (p *prompter) Input(ctx context.Context, prompt string, password bool) (string, error) {
	if password {
		prompt += " *"
	}
	p.Stream("input", prompt)
	if p.block {
		select {
		case <-p.asked: // asked again: the test counts the input events
		default:
			close(p.asked)
		}
		<-ctx.Done()
		return "", fmt.Errorf("input: %w", ctx.Err())
	}
	if p.err != nil {
		return "", p.err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.answers) == 0 {
		return "", fmt.Errorf("test: no answer left for prompt %q", prompt)
	}
	a := p.answers[0]
	p.answers = p.answers[1:]
	return a, nil
}

var _ kernel.Prompter = (*prompter)(nil)

// kinds returns the events' kinds and texts, in order, as "kind:text".
func (r *recorder) kinds() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, e := range r.events {
		out = append(out, e.kind+":"+e.text)
	}
	return out
}

// runWith executes code with pub, failing the test on an error, and
// returns the result's text/plain.
func runWith(t *testing.T, e *Executor, pub kernel.Publisher, code string) string {
	t.Helper()
	res, err := e.Execute(context.Background(), code, pub)
	if err != nil {
		t.Fatalf("Execute(%q): %v", code, err)
	}
	return resultText(res)
}

// TestStdinAsksTheFrontEnd reads os.Stdin with fmt.Scan… and bufio: each
// read that needs a line asks for one, after the prompt printed before it
// was sent, and gets the answer with a newline.
func TestStdinAsksTheFrontEnd(t *testing.T) {
	e := newExec(t)
	p := &prompter{answers: []string{"Ada", "36 37", "first line", "second line"}}
	got := runWith(t, e, p, `import "bufio"

var name string
var a, b int
fmt.Print("name? ")
fmt.Scanln(&name)
fmt.Scan(&a)
fmt.Scanln(&b)
fmt.Println(name, a+b)
r := bufio.NewReader(os.Stdin)
l1, err := r.ReadString('\n')
sc := bufio.NewScanner(os.Stdin)
sc.Scan()
fmt.Sprintf("%q %v %q", l1, err, sc.Text())`)
	if want := strconv.Quote(`"first line\n" <nil> "second line"`); got != want {
		t.Errorf("result %s, want %s", got, want)
	}
	want := []string{"stdout:name? ", "input:", "input:", "stdout:Ada 73\n", "input:", "input:"}
	if got := p.kinds(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("events %q, want %q", got, want)
	}
}

// TestStdinNotAllowed: without allow_stdin the reads are end of file at
// once, and input.Line says why.
func TestStdinNotAllowed(t *testing.T) {
	e := newExec(t)
	p := &prompter{err: fmt.Errorf("input: %w", kernel.ErrNoStdin)}
	got := runWith(t, e, p, `var s string
n, err := fmt.Scanln(&s)
all, err2 := io.ReadAll(os.Stdin)
_, err3 := input.Line("name? ")
fmt.Sprint(n, err == io.EOF, len(all), err2, errors.Is(err3, io.EOF), err3)`)
	if want := strconv.Quote("0 true 0 <nil> true input: the front end does not accept input (allow_stdin is false)"); got != want {
		t.Errorf("result %q, want %q", got, want)
	}
	// A Publisher that cannot ask (a plain recorder) is end of file too.
	if got, _ := run(t, e, `var s string
_, err := fmt.Scanln(&s)
err == io.EOF`); got != "true" {
		t.Errorf("Scanln without a Prompter: err == io.EOF is %s", got)
	}
}

// TestInputLineAndPassword: package input asks with its prompt, the
// password variant hidden.
func TestInputLineAndPassword(t *testing.T) {
	e := newExec(t)
	p := &prompter{answers: []string{"Ada", "s3cret"}}
	got := runWith(t, e, p, `name, err := input.Line("name? ")
token, err2 := input.Password("token: ")
fmt.Sprint(name, err, token, err2)`)
	if got != `"Ada<nil>s3cret<nil>"` {
		t.Errorf("result %q", got)
	}
	want := []string{"input:name? ", "input:token:  *"}
	if got := p.kinds(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("events %q, want %q", got, want)
	}
}

// TestStdinInterrupted: an interrupt while a read waits for the user ends
// the cell as Interrupted, and later reads of the cell ask nothing; the
// session goes on.
func TestStdinInterrupted(t *testing.T) {
	e := newExec(t)
	run(t, e, "kept := 41\nvar readErr error\nvar s string")
	p := &prompter{block: true, asked: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		select {
		case <-p.asked:
			cancel()
		case <-time.After(30 * time.Second):
		}
	}()
	// After the interrupt the reads fail at once, without asking again.
	_, err := e.Execute(ctx, `for range 5 {
	_, readErr = fmt.Scanln(&s)
}`, p)
	if err == nil || !strings.Contains(err.Error(), "Interrupted") {
		t.Fatalf("interrupted read: %v, want an Interrupted error", err)
	}
	if got := p.kinds(); len(got) != 1 || got[0] != "input:" {
		t.Errorf("events %q, want one input request", got)
	}
	if got, _ := run(t, e, "fmt.Sprint(kept + 1, readErr)"); got != `"42 input: context canceled"` {
		t.Errorf("after the interrupt: %s, want 42 and the read's error", got)
	}
}

// TestCompiledStdin: a compiled cell's fmt.Scanln and os.Stdin handed on
// as an io.Reader ask the front end too, and so does package input.
func TestCompiledStdin(t *testing.T) {
	e := newCompilingExec(t)
	run(t, e, `%%compile
import (
	"bufio"
	"os"

	"github.com/rbm-kernel/rbm-kernel/kernel/input"
)

// Ask reads a word with fmt.Scanln, a line with bufio and a password.
func Ask() string {
	var word string
	fmt.Print("word? ")
	fmt.Scanln(&word)
	line, err := bufio.NewReader(os.Stdin).ReadString('\n')
	secret, err2 := input.Password("secret: ")
	return fmt.Sprintf("%s|%q|%v|%s|%v", word, line, err, secret, err2)
}
`)
	p := &prompter{answers: []string{"alpha", "a whole line", "s3cret"}}
	got := runWith(t, e, p, "Ask()")
	if want := strconv.Quote(`alpha|"a whole line\n"|<nil>|s3cret|<nil>`); got != want {
		t.Errorf("result %s, want %s", got, want)
	}
	want := []string{"stdout:word? ", "input:", "input:", "input:secret:  *"}
	if got := p.kinds(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("events %q, want %q", got, want)
	}
}
