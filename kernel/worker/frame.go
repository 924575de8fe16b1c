package worker

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
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
	// prompt. input_reply: Text is the line typed, Err why there is none,
	// NoStdin whether that is because the front end does not accept input
	// (kernel.ErrNoStdin).
	Name     string `json:"name,omitempty"`
	Text     string `json:"text,omitempty"`
	Password bool   `json:"password,omitempty"`
	NoStdin  bool   `json:"no_stdin,omitempty"`

	// display and clear.
	Bundle *display.Bundle `json:"bundle,omitempty"`
	Wait   bool            `json:"wait,omitempty"`

	// done: Result on success, else ExecError, else Err (an error that is
	// not an ExecError). failed: Err.
	Result    *kernel.ExecResult `json:"result,omitempty"`
	ExecError *kernel.ExecError  `json:"exec_error,omitempty"`
	Err       string             `json:"err,omitempty"`
	// done: the token of the marker the worker wrote to its file
	// descriptors 1 and 2 before it (fdoutput.go), "" when it wrote none.
	Flush string `json:"flush,omitempty"`

	// reply.
	Completion *kernel.Completion `json:"completion,omitempty"`
	Data       map[string]any     `json:"data,omitempty"`
	Found      bool               `json:"found,omitempty"`
	Status     string             `json:"status,omitempty"`
	Indent     string             `json:"indent,omitempty"`

	// debug, debug_reply, debug_event: the DAP message (request, response,
	// event) as JSON; ID pairs a debug_reply with its debug request.
	Debug json.RawMessage `json:"debug,omitempty"`
	ID    int64           `json:"id,omitempty"`

	// comm: a comm message, from the front end (a request) or from the
	// session (an event), with its buffers.
	Comm *comm.Message `json:"comm,omitempty"`

	// memory_limit: the soft limit for the worker's Go runtime, in bytes
	// (debug.SetMemoryLimit); negative means none.
	Bytes int64 `json:"bytes,omitempty"`
}

// textFlag, set in a frame's length word, says that the Message's Text
// travels after the JSON as raw bytes: a second length word, the text's,
// follows the first, then the JSON (without Text), then the text. Output
// thus crosses the pipe without being quoted and unquoted as JSON.
const textFlag = 1 << 31

// smallText is the longest text written in one piece with its frame's
// JSON; a longer one is written on its own, without a copy.
const smallText = 16 << 10

// frameWriter writes frames; it is safe for concurrent use.
type frameWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (f *frameWriter) write(m Message) error {
	text := m.Text
	m.Text = ""
	b, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("worker: encode %s frame: %w", m.Op, err)
	}
	if len(b) > maxFrame || len(text) > maxFrame {
		return fmt.Errorf("worker: %s frame of %d bytes is over the %d-byte limit", m.Op, len(b)+len(text), maxFrame)
	}
	var buf []byte
	if text == "" {
		buf = make([]byte, 4, 4+len(b))
		binary.BigEndian.PutUint32(buf, uint32(len(b)))
	} else {
		buf = make([]byte, 8, 8+len(b)+min(len(text), smallText))
		binary.BigEndian.PutUint32(buf, uint32(len(b))|textFlag)
		binary.BigEndian.PutUint32(buf[4:], uint32(len(text)))
	}
	buf = append(buf, b...)
	if len(text) <= smallText {
		buf = append(buf, text...)
		text = ""
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, err := f.w.Write(buf); err != nil {
		return err
	}
	if text != "" {
		_, err = io.WriteString(f.w, text)
	}
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
	var text uint32
	if size&textFlag != 0 {
		size &^= textFlag
		if _, err := io.ReadFull(f.r, n[:]); err != nil {
			return Message{}, fmt.Errorf("worker: frame cut short: %w", err)
		}
		text = binary.BigEndian.Uint32(n[:])
	}
	if size > maxFrame || text > maxFrame {
		return Message{}, fmt.Errorf("worker: frame of %d bytes is over the %d-byte limit", uint64(size)+uint64(text), maxFrame)
	}
	b := make([]byte, size+text)
	if _, err := io.ReadFull(f.r, b); err != nil {
		return Message{}, fmt.Errorf("worker: frame cut short: %w", err)
	}
	var m Message
	if err := json.Unmarshal(b[:size], &m); err != nil {
		return Message{}, fmt.Errorf("worker: bad frame: %w", err)
	}
	if text > 0 {
		m.Text = string(b[size:])
	}
	return m, nil
}
