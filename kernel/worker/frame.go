package worker

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// maxFrame bounds one frame's size: a display bundle with a large image is
// a few MB; anything near this is a corrupt length.
const maxFrame = 1 << 30

// Message is one frame of the protocol (see the package documentation).
// Op says which fields are set.
type Message struct {
	Op string `json:"op"`

	// Requests.
	Code   string `json:"code,omitempty"`
	Cursor int    `json:"cursor,omitempty"`
	Detail int    `json:"detail,omitempty"`

	// stream: Name is "stdout" or "stderr". input_request: Text is the
	// prompt. input_reply: Text is the line typed, Err why there is none.
	Name     string `json:"name,omitempty"`
	Text     string `json:"text,omitempty"`
	Password bool   `json:"password,omitempty"`

	// display and clear.
	Bundle *display.Bundle `json:"bundle,omitempty"`
	Wait   bool            `json:"wait,omitempty"`

	// done: Result on success, else ExecError, else Err (an error that is
	// not an ExecError). failed: Err.
	Result    *kernel.ExecResult `json:"result,omitempty"`
	ExecError *kernel.ExecError  `json:"exec_error,omitempty"`
	Err       string             `json:"err,omitempty"`

	// reply.
	Completion *kernel.Completion `json:"completion,omitempty"`
	Data       map[string]any     `json:"data,omitempty"`
	Found      bool               `json:"found,omitempty"`
	Status     string             `json:"status,omitempty"`
	Indent     string             `json:"indent,omitempty"`
}

// frameWriter writes frames; it is safe for concurrent use.
type frameWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (f *frameWriter) write(m Message) error {
	b, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("worker: encode %s frame: %w", m.Op, err)
	}
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(b)))
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, err := f.w.Write(n[:]); err != nil {
		return err
	}
	_, err = f.w.Write(b)
	return err
}

// frameReader reads frames.
type frameReader struct{ r *bufio.Reader }

func newFrameReader(r io.Reader) *frameReader { return &frameReader{bufio.NewReaderSize(r, 64<<10)} }

// read returns the next frame; io.EOF when the other side closed cleanly
// between frames.
func (f *frameReader) read() (Message, error) {
	var n [4]byte
	if _, err := io.ReadFull(f.r, n[:]); err != nil {
		return Message{}, err
	}
	size := binary.BigEndian.Uint32(n[:])
	if size > maxFrame {
		return Message{}, fmt.Errorf("worker: frame of %d bytes is over the %d-byte limit", size, maxFrame)
	}
	b := make([]byte, size)
	if _, err := io.ReadFull(f.r, b); err != nil {
		return Message{}, fmt.Errorf("worker: frame cut short: %w", err)
	}
	var m Message
	if err := json.Unmarshal(b, &m); err != nil {
		return Message{}, fmt.Errorf("worker: bad frame: %w", err)
	}
	return m, nil
}
