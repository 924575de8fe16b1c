// Package input asks the user of a notebook for a line of text, as
// Python's input() and getpass() do: Line shows a prompt in the front end
// and returns what the user typed; Password does the same with what is
// typed hidden. Cells use it without an import (input.Password("token: ")).
//
// A cell's os.Stdin and fmt.Scan… ask the front end in the same way, one
// line per read, with no prompt of their own (what the cell printed
// before is shown first); this package adds the prompt and the password
// variant.
//
// The package knows nothing of sockets. The kernel installs an Asker
// (SetAsker) that sends the request to the front end of the running cell
// and waits for its answer; an interrupt ends the wait. Outside a kernel
// (a Go program, a test) Line and Password write the prompt to os.Stdout
// and read a line from os.Stdin, with nothing hidden.
package input

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/internal/slot"
)

// Asker asks the user for a line: the kernel installs one with SetAsker.
type Asker interface {
	// Ask shows prompt and returns the line typed, without its newline;
	// with password the front end hides what is typed. The error wraps
	// io.EOF when the front end does not accept input.
	Ask(prompt string, password bool) (string, error)
}

var asker slot.Slot[Asker]

// SetAsker installs a as the Asker of Line and Password and returns the
// one it replaced; nil restores the default (os.Stdin). The kernel calls
// it once per session.
func SetAsker(a Asker) Asker { return asker.Swap(a) }

func current() Asker { return asker.Get() }

// Line shows prompt and returns the line the user typed, without its
// newline. In a notebook it fails when the cell is interrupted while it
// waits, and with an error that wraps io.EOF when the front end does not
// accept input (an execute_request with allow_stdin false, as
// `jupyter nbconvert --execute` sends).
func Line(prompt string) (string, error) {
	return ask(prompt, false)
}

// Password is Line with what the user types hidden (password: true in the
// input_request), for tokens and passwords.
func Password(prompt string) (string, error) {
	return ask(prompt, true)
}

func ask(prompt string, password bool) (string, error) {
	if a := current(); a != nil {
		return a.Ask(prompt, password)
	}
	return readLine(os.Stdout, os.Stdin, prompt)
}

// readLine writes prompt to w and reads one line from r, a byte at a time
// so that nothing after the line is taken from r. A last line without a
// newline is returned with a nil error; nothing at all is io.EOF.
func readLine(w io.Writer, r io.Reader, prompt string) (string, error) {
	if prompt != "" {
		if _, err := io.WriteString(w, prompt); err != nil {
			return "", fmt.Errorf("input: writing the prompt: %w", err)
		}
	}
	var b strings.Builder
	var c [1]byte
	for {
		n, err := r.Read(c[:])
		if n == 1 {
			if c[0] == '\n' {
				return strings.TrimSuffix(b.String(), "\r"), nil
			}
			b.WriteByte(c[0])
			continue
		}
		if errors.Is(err, io.EOF) && b.Len() > 0 {
			return b.String(), nil
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				return "", io.EOF
			}
			return "", fmt.Errorf("input: reading standard input: %w", err)
		}
	}
}
