package goexec

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"unicode/utf8"

	"github.com/rbm-kernel/rbm-kernel/kernel"
)

// cellStdin is a cell's standard input: the interpreter's os.Stdin and
// fmt.Scan…, compiled cells' (through package cellio) and package
// input's Asker. A read that finds nothing left of the last line asks the
// front end for a line, through the running cell's Publisher
// (kernel.Prompter), after sending the output written so far (so that a
// prompt printed with fmt.Print shows first); the answer and a newline is
// what the reads return. It is end of file when the execute_request did
// not allow stdin or when no cell runs (a goroutine of an earlier cell,
// between cells; while a later cell runs, it asks as that cell).
// An interrupt, or the end of the cell, ends a wait with an error. What is
// left of a line when its cell ends is dropped.
//
// It implements io.RuneScanner, so that fmt.Fscan and its relatives can
// put back the rune they looked at and two Scanln in a row lose nothing.
type cellStdin struct {
	out *router

	readMu sync.Mutex // one read at a time, held while it waits for the user

	mu     sync.Mutex // guards the fields below; never held while waiting
	gen    int        // counts start and stop: an answer for another cell is dropped
	ctx    context.Context
	cancel context.CancelFunc // ends a wait when the cell ends
	pub    kernel.Publisher   // of the running cell; nil between cells
	line   []byte             // the last line answered, with its newline
	pos    int                // how much of line was read
	last   int                // size of the rune ReadRune returned last; -1 after any other read
}

func newCellStdin(out *router) *cellStdin {
	return &cellStdin{out: out, last: -1}
}

// start makes reads ask pub, with ctx, until stop.
func (s *cellStdin) start(ctx context.Context, pub kernel.Publisher) {
	ctx, cancel := context.WithCancel(ctx)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.gen++
	s.ctx, s.cancel, s.pub = ctx, cancel, pub
	s.line, s.pos, s.last = nil, 0, -1
}

// stop ends the cell: a read waiting for the user fails, later reads are
// end of file.
func (s *cellStdin) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
	}
	s.gen++
	s.ctx, s.cancel, s.pub = nil, nil, nil
	s.line, s.pos, s.last = nil, 0, -1
}

// noStdin is the error of Ask when there is nothing to read: it is io.EOF,
// and kernel.ErrNoStdin when the front end does not accept input.
type noStdin struct {
	notAllowed bool // else no cell runs, or its Publisher cannot ask
}

func (e noStdin) Error() string {
	if e.notAllowed {
		return "input: " + kernel.ErrNoStdin.Error()
	}
	return "input: no cell is running to ask the front end (a goroutine of a cell that has ended reads end of file)"
}

func (e noStdin) Is(target error) bool {
	return target == io.EOF || (e.notAllowed && target == kernel.ErrNoStdin)
}

// Ask implements input.Asker: it asks the front end of the running cell
// for a line, showing prompt, hidden with password.
func (s *cellStdin) Ask(prompt string, password bool) (string, error) {
	s.readMu.Lock()
	defer s.readMu.Unlock()
	text, _, err := s.ask(prompt, password)
	return text, err
}

// ask asks for a line and returns it with the generation it belongs to.
// Call it with readMu held.
func (s *cellStdin) ask(prompt string, password bool) (string, int, error) {
	s.mu.Lock()
	gen, ctx, pub := s.gen, s.ctx, s.pub
	s.mu.Unlock()
	pr, ok := pub.(kernel.Prompter)
	if !ok { // no cell runs, or its Publisher cannot ask
		return "", gen, noStdin{}
	}
	if err := ctx.Err(); err != nil {
		// Interrupted: a cell that reads on after the failed read (in the
		// moment it is given to end) must not show the user new requests.
		return "", gen, fmt.Errorf("input: %w", err)
	}
	s.out.flush()
	text, err := pr.Input(ctx, prompt, password)
	if errors.Is(err, kernel.ErrNoStdin) {
		return "", gen, noStdin{notAllowed: true}
	}
	return text, gen, err
}

// fill makes sure that something of a line is left to read, asking for a
// new line when the last one is used up. Call it with readMu held; it
// returns with mu held when the error is nil.
func (s *cellStdin) fill() error {
	s.mu.Lock()
	s.last = -1
	if s.pos < len(s.line) {
		return nil
	}
	s.mu.Unlock()
	text, gen, err := s.ask("", false)
	if err != nil {
		if errors.Is(err, io.EOF) {
			return io.EOF // exactly io.EOF: bufio and fmt compare with ==
		}
		return err
	}
	s.mu.Lock()
	if s.gen != gen { // the cell ended while the user typed
		s.mu.Unlock()
		return io.EOF
	}
	s.line, s.pos = append([]byte(text), '\n'), 0
	return nil
}

// Read implements io.Reader: it returns at most the rest of one line.
func (s *cellStdin) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	s.readMu.Lock()
	defer s.readMu.Unlock()
	if err := s.fill(); err != nil {
		return 0, err
	}
	defer s.mu.Unlock()
	n := copy(p, s.line[s.pos:])
	s.pos += n
	return n, nil
}

// ReadRune implements io.RuneReader.
func (s *cellStdin) ReadRune() (rune, int, error) {
	s.readMu.Lock()
	defer s.readMu.Unlock()
	if err := s.fill(); err != nil {
		return 0, 0, err
	}
	defer s.mu.Unlock()
	r, n := utf8.DecodeRune(s.line[s.pos:])
	s.pos += n
	s.last = n
	return r, n, nil
}

// UnreadRune implements io.RuneScanner: it puts back the rune that the
// last ReadRune returned.
func (s *cellStdin) UnreadRune() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last < 0 || s.pos < s.last {
		return errors.New("stdin: UnreadRune without a ReadRune before it")
	}
	s.pos -= s.last
	s.last = -1
	return nil
}
