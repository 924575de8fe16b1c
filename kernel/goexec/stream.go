package goexec

import (
	"bytes"
	"fmt"
	"sync"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// partialDelay is how long a line without its newline waits before it is
// sent anyway (a progress line ending in "\r", a prompt). Complete lines
// are sent at once, and everything is sent when the cell ends, so tests do
// not depend on it.
const partialDelay = 100 * time.Millisecond

// router sends what cells write to the Publisher of the cell running now,
// whichever goroutine writes. With no cell running, output is kept and sent
// to the next cell, as ipykernel does with output of background threads.
// It is also the display.Sink installed while the executor runs.
type router struct {
	mu      sync.Mutex
	pub     kernel.Publisher // nil between cells
	names   [2]string        // "stdout", "stderr"
	partial [2]bytes.Buffer  // the unterminated last line of each stream
	last    int              // the stream that wrote last, -1 for none
	held    []held           // output written with no cell running
	dropped int              // held outputs dropped beyond maxHeld
	timer   *time.Timer      // flushes partial lines after partialDelay
}

// maxHeld bounds the outputs kept between cells, so that a goroutine
// printing in a loop while no cell runs cannot exhaust memory.
const maxHeld = 10000

// held is output kept for the next cell.
type held struct {
	stream int // index into names, or -1 for a display bundle
	text   string
	bundle display.Bundle
	clear  bool
	wait   bool
}

func newRouter() *router {
	return &router{names: [2]string{"stdout", "stderr"}, last: -1}
}

// streamWriter is the io.Writer of one stream.
type streamWriter struct {
	r      *router
	stream int
}

func (w streamWriter) Write(p []byte) (int, error) {
	w.r.write(w.stream, p)
	return len(p), nil
}

func (r *router) write(stream int, p []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	// Keep the order of the two streams: a partial line of the other stream
	// goes out before this one.
	if r.last >= 0 && r.last != stream {
		r.flushPartialLocked(r.last)
	}
	r.last = stream
	buf := &r.partial[stream]
	buf.Write(p)
	if i := bytes.LastIndexByte(buf.Bytes(), '\n'); i >= 0 {
		text := string(buf.Next(i + 1))
		r.emitLocked(stream, text)
	}
	if buf.Len() > 0 && r.timer == nil {
		r.timer = time.AfterFunc(partialDelay, r.flushPartial)
	}
}

// flushPartial sends the unterminated lines of both streams.
func (r *router) flushPartial() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.timer = nil
	if r.last >= 0 {
		other := 1 - r.last
		r.flushPartialLocked(other)
		r.flushPartialLocked(r.last)
	}
}

func (r *router) flushPartialLocked(stream int) {
	buf := &r.partial[stream]
	if buf.Len() > 0 {
		r.emitLocked(stream, buf.String())
		buf.Reset()
	}
}

func (r *router) emitLocked(stream int, text string) {
	if r.pub == nil {
		r.holdLocked(held{stream: stream, text: text})
		return
	}
	r.pub.Stream(r.names[stream], text)
}

func (r *router) holdLocked(h held) {
	if len(r.held) >= maxHeld {
		r.dropped++
		return
	}
	r.held = append(r.held, h)
}

// start makes pub the destination and sends it the output kept since the
// previous cell.
func (r *router) start(pub kernel.Publisher) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flushAllLocked()
	r.pub = pub
	for _, h := range r.held {
		switch {
		case h.stream >= 0:
			pub.Stream(r.names[h.stream], h.text)
		case h.clear:
			pub.Clear(h.wait)
		default:
			pub.Publish(h.bundle)
		}
	}
	r.held = nil
	if r.dropped > 0 {
		pub.Stream("stderr", fmt.Sprintf("(%d outputs written between cells were dropped)\n", r.dropped))
		r.dropped = 0
	}
}

// stop sends every unterminated line to the current cell and detaches it.
func (r *router) stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flushAllLocked()
	r.pub = nil
}

func (r *router) flushAllLocked() {
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
	if r.last >= 0 {
		r.flushPartialLocked(1 - r.last)
		r.flushPartialLocked(r.last)
	}
}

// Publish implements display.Sink.
func (r *router) Publish(b display.Bundle) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flushAllLocked()
	if r.pub == nil {
		r.holdLocked(held{stream: -1, bundle: b})
		return
	}
	r.pub.Publish(b)
}

// Clear implements display.Sink.
func (r *router) Clear(wait bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flushAllLocked()
	if r.pub == nil {
		r.holdLocked(held{stream: -1, clear: true, wait: wait})
		return
	}
	r.pub.Clear(wait)
}
