package goexec

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// waitTimeout bounds every wait for an event in these tests; it is a
// deadline for failure, never a delay.
const waitTimeout = 20 * time.Second

// fakeClock is a router's time in tests: it moves only when advance is
// called, which runs the router's timer if it comes due. It is used from
// one goroutine at a time.
type fakeClock struct {
	t   time.Time
	due time.Time // when the timer runs; zero when it is not set
	f   func()
	set int // how many times the timer was set
}

func (c *fakeClock) now() time.Time { return c.t }

func (c *fakeClock) afterFunc(d time.Duration, f func()) timer {
	c.f = f
	c.due = c.t.Add(d)
	c.set++
	return fakeTimer{c}
}

type fakeTimer struct{ c *fakeClock }

func (t fakeTimer) Reset(d time.Duration) bool {
	t.c.due = t.c.t.Add(d)
	t.c.set++
	return true
}

func (t fakeTimer) Stop() bool {
	was := !t.c.due.IsZero()
	t.c.due = time.Time{}
	return was
}

// advance moves the time on by d and runs the timer each time it is due.
func (c *fakeClock) advance(t *testing.T, d time.Duration) {
	t.Helper()
	c.t = c.t.Add(d)
	for i := 0; !c.due.IsZero() && !c.t.Before(c.due); i++ {
		if i == 100 {
			t.Fatalf("the timer is due again and again at %v", c.due)
		}
		c.due = time.Time{}
		c.f()
	}
}

// newTestRouter returns a router on a fake clock, started with a recorder.
func newTestRouter() (*router, *fakeClock, *recorder) {
	r := newRouter()
	c := &fakeClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	r.clock = c
	rec := &recorder{}
	r.start(rec)
	return r, c, rec
}

// eventsOf returns rec's events as "kind:text" joined by "|".
func eventsOf(rec *recorder) string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	var s []string
	for _, e := range rec.events {
		switch e.kind {
		case "display":
			s = append(s, "display:"+fmt.Sprint(e.bundle.Data["text/plain"]))
		default:
			s = append(s, e.kind+":"+e.text)
		}
	}
	return strings.Join(s, "|")
}

func count(rec *recorder) int {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return len(rec.events)
}

func TestStreamFirstLineGoesAtOnce(t *testing.T) {
	r, c, rec := newTestRouter()
	r.write(0, []byte("live\n"))
	if got := eventsOf(rec); got != "stdout:live\n" {
		t.Fatalf("after a quiet spell a complete line must be sent at once; events %q", got)
	}
	// Again after a quiet spell of flushDelay.
	c.advance(t, flushDelay)
	r.write(1, []byte("again\n"))
	if got := eventsOf(rec); got != "stdout:live\n|stderr:again\n" {
		t.Fatalf("events %q", got)
	}
}

func TestStreamCoalescesLines(t *testing.T) {
	r, c, rec := newTestRouter()
	r.write(0, []byte("first\n"))
	var want strings.Builder
	for i := range 1000 {
		line := fmt.Sprintf("line %d\n", i)
		want.WriteString(line)
		r.write(0, []byte(line))
	}
	if n := count(rec); n != 1 {
		t.Fatalf("%d events within flushDelay of the first send, want 1 (the first line)", n)
	}
	c.advance(t, flushDelay-time.Nanosecond)
	if n := count(rec); n != 1 {
		t.Fatalf("%d events before flushDelay had passed, want 1", n)
	}
	c.advance(t, time.Nanosecond)
	if got := eventsOf(rec); got != "stdout:first\n|stdout:"+want.String() {
		t.Fatalf("after flushDelay, want the 1000 lines in one message; got %d events", count(rec))
	}
	if !c.due.IsZero() {
		t.Errorf("the timer is set at %v with nothing pending", c.due)
	}
}

func TestStreamKeepsOrderAcrossStreamsAndDisplays(t *testing.T) {
	r, c, rec := newTestRouter()
	r.write(0, []byte("a\n")) // sent at once
	r.write(1, []byte("b\n"))
	r.write(0, []byte("c")) // a partial line
	r.write(1, []byte("d"))
	r.Publish(display.Bundle{Data: map[string]any{"text/plain": "D1"}})
	r.write(0, []byte("e\nf\n"))
	r.write(1, []byte("g\n"))
	r.Clear(false)
	r.write(0, []byte("h\n"))
	c.advance(t, flushDelay)
	r.write(1, []byte("i"))
	r.write(0, []byte("j\n"))
	r.stop()
	want := "stdout:a\n|stderr:b\n|stdout:c|stderr:d|display:D1|stdout:e\nf\n|stderr:g\n|clear:" +
		"|stdout:h\n|stderr:i|stdout:j\n"
	if got := eventsOf(rec); got != want {
		t.Errorf("events\n%q, want\n%q", got, want)
	}
}

func TestStreamFlushedAtCellEnd(t *testing.T) {
	r, c, rec := newTestRouter()
	r.write(0, []byte("one\n"))
	r.write(0, []byte("two\n"))
	r.write(1, []byte("three\n"))
	r.write(0, []byte("no newline"))
	r.stop()
	if got, want := eventsOf(rec), "stdout:one\n|stdout:two\n|stderr:three\n|stdout:no newline"; got != want {
		t.Fatalf("events %q, want %q", got, want)
	}
	if !c.due.IsZero() {
		t.Errorf("the timer is still set after the cell ended")
	}
	c.advance(t, time.Second)
	if n := count(rec); n != 4 {
		t.Errorf("%d events after the cell ended, want 4", n)
	}
}

func TestStreamPartialLineAfterItsDelay(t *testing.T) {
	r, c, rec := newTestRouter()
	r.write(0, []byte("50%\r"))
	if n := count(rec); n != 0 {
		t.Fatalf("a partial line was sent at once: %q", eventsOf(rec))
	}
	if c.due.IsZero() {
		t.Fatalf("no timer set for the partial line")
	}
	c.advance(t, partialDelay-time.Nanosecond)
	if n := count(rec); n != 0 {
		t.Fatalf("a partial line was sent before partialDelay: %q", eventsOf(rec))
	}
	c.advance(t, time.Nanosecond)
	if got := eventsOf(rec); got != "stdout:50%\r" {
		t.Fatalf("after partialDelay events %q, want the partial line", got)
	}
	// A line written in pieces within partialDelay goes as one message,
	// and a partial line after a complete one waits for its own delay.
	c.advance(t, time.Second)
	r.write(0, []byte("ab"))
	c.advance(t, partialDelay/2)
	r.write(0, []byte("c\nde"))
	if got := eventsOf(rec); got != "stdout:50%\r|stdout:abc\n" {
		t.Fatalf("events %q, want the line abc in one message", got)
	}
	c.advance(t, partialDelay-time.Nanosecond)
	if n := count(rec); n != 2 {
		t.Fatalf("the partial line was sent before its delay: %q", eventsOf(rec))
	}
	c.advance(t, time.Nanosecond)
	if got := eventsOf(rec); got != "stdout:50%\r|stdout:abc\n|stdout:de" {
		t.Fatalf("events %q", got)
	}
}

func TestStreamBoundedBuffer(t *testing.T) {
	r, _, rec := newTestRouter()
	line := []byte(strings.Repeat("x", 79) + "\n")
	written := 0
	for written < 10*maxPending {
		r.write(0, line) // the clock stands still: no timer runs
		written += len(line)
		// What the Publisher has not taken when a write returns is at
		// most maxPending: the writer sends the rest itself.
		sent := 0
		for _, e := range rec.events {
			sent += len(e.text)
		}
		if written-sent >= maxPending {
			t.Fatalf("%d bytes written, %d sent: %d bytes buffered, want fewer than %d",
				written, sent, written-sent, maxPending)
		}
	}
	r.stop()
	got := 0
	for _, e := range rec.events {
		if len(e.text) > maxPending+len(line) {
			t.Errorf("a message of %d bytes, want at most %d", len(e.text), maxPending+len(line))
		}
		if len(e.text)%len(line) != 0 {
			t.Errorf("a message of %d bytes cuts a line", len(e.text))
		}
		got += len(e.text)
	}
	if got != written {
		t.Errorf("%d bytes sent, want %d", got, written)
	}
	// A line longer than maxPending is sent without waiting for its end.
	r2, _, rec2 := newTestRouter()
	r2.write(0, make([]byte, 3*maxPending))
	if n := count(rec2); n != 1 || len(rec2.events[0].text) != 3*maxPending {
		t.Errorf("a long partial line was kept: %d events", n)
	}
}

// blockingPub is a Publisher whose Stream calls after the first block
// until release is closed; entered receives a value when one starts.
type blockingPub struct {
	recorder
	calls   int
	entered chan struct{}
	release chan struct{}
}

func (p *blockingPub) Stream(name, text string) {
	p.calls++ // the router calls its Publisher with its lock held
	if p.calls > 1 {
		p.entered <- struct{}{}
		<-p.release
	}
	p.recorder.Stream(name, text)
}

func TestStreamBackPressure(t *testing.T) {
	r, _, _ := newTestRouter()
	pub := &blockingPub{entered: make(chan struct{}, 1000), release: make(chan struct{})}
	r.stop()
	r.start(pub)
	line := []byte(strings.Repeat("y", 99) + "\n")
	total := 20 * maxPending / len(line) * len(line)
	var returned atomic.Int64 // bytes of the writes that have returned
	done := make(chan struct{})
	go func() {
		defer close(done)
		for n := 0; n < total; n += len(line) {
			r.write(0, line)
			returned.Add(int64(len(line)))
		}
	}()
	// The first line goes at once; the writer then fills the buffer, and
	// must wait while the Publisher does not take it.
	select {
	case <-pub.entered:
	case <-done:
		t.Fatal("the writer ended with the Publisher blocked")
	case <-time.After(waitTimeout):
		t.Fatal("the Publisher was never called a second time")
	}
	select {
	case <-done:
		t.Fatal("the writer wrote everything while the Publisher was blocked: unbounded buffering")
	default:
	}
	if n := returned.Load(); n > maxPending+int64(len(line)) {
		t.Fatalf("%d bytes written while the Publisher had taken %d", n, len(line))
	}
	close(pub.release)
	select {
	case <-done:
	case <-time.After(waitTimeout):
		t.Fatal("the writer did not end once the Publisher took the output")
	}
	r.stop()
	if got := len(pub.recorder.stream("stdout")); got != total {
		t.Errorf("%d bytes sent, want %d", got, total)
	}
}

func TestStreamHeldBetweenCellsIsBounded(t *testing.T) {
	r, c, rec := newTestRouter()
	r.stop()
	line := []byte(strings.Repeat("z", 99) + "\n")
	for n := 0; n < 2*maxHeldBytes; n += len(line) {
		r.write(0, line)
		c.advance(t, time.Millisecond)
	}
	r.write(1, []byte("err\n"))
	r.mu.Lock()
	heldBytes := r.heldBytes
	r.mu.Unlock()
	if heldBytes > maxHeldBytes {
		t.Fatalf("%d bytes held between cells, want at most %d", heldBytes, maxHeldBytes)
	}
	rec2 := &recorder{}
	r.start(rec2)
	r.stop()
	if n := count(rec); n != 0 {
		t.Errorf("the stopped cell got %d events", n)
	}
	out := rec2.stream("stdout")
	if len(out) == 0 || len(out) > maxHeldBytes || !strings.HasPrefix(out, string(line)) {
		t.Errorf("held stdout of %d bytes, want the first of at most %d", len(out), maxHeldBytes)
	}
	if rec2.events[0].kind != "stdout" || len(rec2.events[0].text) != len(out) {
		t.Errorf("held stdout was not sent as one message")
	}
	if e := rec2.stream("stderr"); !strings.Contains(e, "were dropped") {
		t.Errorf("stderr %q does not say that output was dropped", e)
	}
}

// notifier is a Publisher that passes each stream text to a channel.
type notifier struct {
	recorder
	texts chan string
}

func (n *notifier) Stream(name, text string) {
	n.recorder.Stream(name, text)
	n.texts <- text
}

func TestOutputIsLive(t *testing.T) {
	// A line printed before the cell blocks reaches the Publisher while
	// the cell still runs: the test ends the cell only once it has.
	e := newExec(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pub := &notifier{texts: make(chan string, 100)}
	var wg sync.WaitGroup
	wg.Add(1)
	var err error
	go func() {
		defer wg.Done()
		_, err = e.Execute(ctx, "fmt.Println(\"live\")\n<-ctx.Done()", pub)
	}()
	select {
	case text := <-pub.texts:
		if text != "live\n" {
			t.Errorf("first output %q, want live", text)
		}
	case <-time.After(waitTimeout):
		t.Error("the line printed did not arrive while the cell ran")
	}
	cancel()
	wg.Wait()
	if err == nil {
		t.Errorf("the cancelled cell did not fail")
	}
}
