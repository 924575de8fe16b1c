package goexec

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// How output is gathered into messages. A cell that prints in a loop sends
// one stream message per flushDelay, or per maxPending bytes, rather than
// one per line, which is what lets it print at the speed of the loop; a
// line written after a quiet spell still goes at once, so output stays
// live. Everything unsent goes before a display or clear_output and when
// the cell ends, so the order of stdout, stderr and displays is the order
// in which they were written.
const (
	// flushDelay is the least time between two sends of complete lines:
	// complete lines written less than flushDelay after the last send wait
	// for the rest of it.
	flushDelay = 20 * time.Millisecond
	// partialDelay is how long a line without its newline waits for the
	// rest of it before it is sent anyway (a progress line ending in "\r",
	// a prompt).
	partialDelay = 100 * time.Millisecond
	// maxPending bounds the output written and not yet sent: the writer
	// that reaches it sends the output itself, and waits while the
	// Publisher takes it (back-pressure instead of unbounded buffering).
	maxPending = 64 << 10
)

// router sends what cells write to the Publisher of the cell running now,
// whichever goroutine writes. With no cell running, output is kept and sent
// to the next cell, as ipykernel does with output of background threads.
// It is also the display.Sink installed while the executor runs.
//
// Calls to the Publisher are made with mu held, in the order of the
// writes, by the writer that filled the buffer or by the timer; a
// Publisher that blocks blocks the writers.
type router struct {
	mu    sync.Mutex
	pub   kernel.Publisher // nil between cells
	names [2]string        // "stdout", "stderr"

	// pending is the output not yet sent, in the order written, one
	// segment per run of writes to the same stream. Only the last
	// segment's tail, the tail bytes after its last newline, is a line
	// still being written; earlier segments are sent whole.
	pending []segment
	spare   []byte    // a buffer for the next segment
	size    int       // bytes in pending
	tail    int       // bytes of the last segment after its last newline
	tailAt  time.Time // when that partial line began
	sentAt  time.Time // when output was last sent

	clock   clock
	timer   timer     // runs tick; nil until first needed
	timerAt time.Time // when the timer is due; zero when it is not set

	caps captures // goroutines whose output goes elsewhere (widgets.Output)

	held      []held // output written with no cell running
	heldBytes int    // bytes of stream text in held
	dropped   int    // held outputs dropped beyond maxHeld or maxHeldBytes
}

// segment is output written to one stream.
type segment struct {
	stream int // index into names
	text   []byte
}

// maxHeld and maxHeldBytes bound the outputs kept between cells, so that a
// goroutine printing in a loop while no cell runs cannot exhaust memory.
const (
	maxHeld      = 10000
	maxHeldBytes = 1 << 20
)

// held is output kept for the next cell.
type held struct {
	stream int // index into names, or -1 for a display bundle
	text   string
	bundle display.Bundle
	clear  bool
	wait   bool
}

// clock is the router's time: the real one, or a test's.
type clock interface {
	now() time.Time
	afterFunc(d time.Duration, f func()) timer
}

// timer is the part of *time.Timer the router uses.
type timer interface {
	Reset(d time.Duration) bool
	Stop() bool
}

type realClock struct{}

func (realClock) now() time.Time { return time.Now() }
func (realClock) afterFunc(d time.Duration, f func()) timer {
	return time.AfterFunc(d, f)
}

func newRouter() *router {
	return &router{names: [2]string{"stdout", "stderr"}, clock: realClock{}}
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
	if len(p) == 0 {
		return
	}
	if w := r.caps.writer(stream); w != nil {
		_, _ = w.Write(p)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if n := len(r.pending); n > 0 && r.pending[n-1].stream == stream {
		r.pending[n-1].text = append(r.pending[n-1].text, p...)
	} else {
		// The partial line of the other stream, if any, is complete as
		// far as sending goes: it goes out before this output.
		r.pending = append(r.pending, segment{stream: stream, text: append(r.newBuffer(), p...)})
		r.tail = 0
	}
	r.size += len(p)
	var newTail bool // a partial line began with this write
	if i := bytes.LastIndexByte(p, '\n'); i >= 0 {
		r.tail = len(p) - i - 1
		newTail = r.tail > 0
	} else {
		newTail = r.tail == 0
		r.tail += len(p)
	}
	if !newTail && r.size < maxPending && !r.timerAt.IsZero() && !r.timerAt.After(r.sentAt.Add(flushDelay)) {
		// The timer sends this output in time: a loop that prints lines
		// does not read the clock for each.
		return
	}
	now := r.clock.now()
	if newTail {
		r.tailAt = now
	}
	if r.size >= maxPending {
		r.sendLocked(false, now)
		if r.size >= maxPending { // one line longer than maxPending
			r.sendLocked(true, now)
		}
	}
	r.scheduleLocked(now)
}

// newBuffer returns an empty buffer for a segment: the one of the last
// segment sent, if there is one.
func (r *router) newBuffer() []byte {
	b := r.spare
	r.spare = nil
	return b[:0]
}

// recycle keeps b for newBuffer, unless a long write made it large.
func (r *router) recycle(b []byte) {
	if cap(b) <= 2*maxPending {
		r.spare = b[:0]
	}
}

// scheduleLocked sends the complete lines pending if the last send was
// flushDelay ago or more, and sets the timer for what remains.
func (r *router) scheduleLocked(now time.Time) {
	if r.size > r.tail && !now.Before(r.sentAt.Add(flushDelay)) {
		r.sendLocked(false, now)
	}
	if r.size == 0 {
		return
	}
	var due time.Time
	if r.size > r.tail {
		due = r.sentAt.Add(flushDelay)
	}
	if r.tail > 0 {
		if t := r.tailAt.Add(partialDelay); due.IsZero() || t.Before(due) {
			due = t
		}
	}
	if !r.timerAt.IsZero() && !r.timerAt.After(due) {
		return // the timer runs in time
	}
	r.timerAt = due
	if r.timer == nil {
		r.timer = r.clock.afterFunc(due.Sub(now), r.tick)
	} else {
		r.timer.Reset(due.Sub(now))
	}
}

// tick is run by the timer: it sends what is due.
func (r *router) tick() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.timerAt = time.Time{}
	now := r.clock.now()
	if r.tail > 0 && !now.Before(r.tailAt.Add(partialDelay)) {
		r.sendLocked(true, now)
	}
	r.scheduleLocked(now)
}

// sendLocked sends the pending output; all false keeps the partial line
// being written to the last stream.
func (r *router) sendLocked(all bool, now time.Time) {
	if r.size == 0 || (!all && r.size == r.tail) {
		return
	}
	last := len(r.pending) - 1
	for i, s := range r.pending[:last] {
		r.emitLocked(s.stream, string(s.text))
		r.recycle(s.text)
		r.pending[i].text = nil
	}
	s := r.pending[last]
	keep := 0
	if !all {
		keep = r.tail
	}
	if n := len(s.text) - keep; n > 0 {
		r.emitLocked(s.stream, string(s.text[:n]))
	}
	r.sentAt = now
	r.pending[0] = segment{stream: s.stream, text: append(s.text[:0], s.text[len(s.text)-keep:]...)}
	r.pending = r.pending[:1]
	r.size = keep
	if keep == 0 {
		r.recycle(r.pending[0].text)
		r.pending = r.pending[:0]
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
	if len(r.held) >= maxHeld || r.heldBytes+len(h.text) > maxHeldBytes {
		r.dropped++
		return
	}
	r.heldBytes += len(h.text)
	r.held = append(r.held, h)
}

// start makes pub the destination and sends it the output kept since the
// previous cell.
func (r *router) start(pub kernel.Publisher) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flushAllLocked()
	r.pub = pub
	for i := 0; i < len(r.held); i++ {
		switch h := r.held[i]; {
		case h.stream >= 0:
			// Runs of one stream go as one message.
			var b strings.Builder
			b.WriteString(h.text)
			for ; i+1 < len(r.held) && r.held[i+1].stream == h.stream; i++ {
				b.WriteString(r.held[i+1].text)
			}
			pub.Stream(r.names[h.stream], b.String())
		case h.clear:
			pub.Clear(h.wait)
		default:
			pub.Publish(h.bundle)
		}
	}
	r.held, r.heldBytes = nil, 0
	if r.dropped > 0 {
		pub.Stream("stderr", fmt.Sprintf("(%d outputs written between cells were dropped)\n", r.dropped))
		r.dropped = 0
	}
}

// stop sends everything pending to the current cell and detaches it.
func (r *router) stop() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flushAllLocked()
	r.pub = nil
}

// flush sends everything pending to the current cell, partial lines
// included (a prompt before a read of stdin).
func (r *router) flush() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.flushAllLocked()
}

// flushAllLocked sends everything pending, partial lines included.
func (r *router) flushAllLocked() {
	if !r.timerAt.IsZero() {
		r.timer.Stop()
		r.timerAt = time.Time{}
	}
	r.sendLocked(true, r.clock.now())
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
