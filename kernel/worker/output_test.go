package worker

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// waitTimeout bounds the waits of these tests; it is a deadline for
// failure, never a delay.
const waitTimeout = 20 * time.Second

// outputs is a kernel.Publisher that keeps every call in order, joining
// consecutive texts of one stream (how output is cut into messages depends
// on timing), and passes each stream text to texts when it is not nil.
type outputs struct {
	mu    sync.Mutex
	seq   []string // "stdout:…", "stderr:…", "display:…", "clear"
	texts chan string
}

func (o *outputs) Stream(name, text string) {
	o.mu.Lock()
	if n := len(o.seq); n > 0 && strings.HasPrefix(o.seq[n-1], name+":") {
		o.seq[n-1] += text
	} else {
		o.seq = append(o.seq, name+":"+text)
	}
	o.mu.Unlock()
	if o.texts != nil {
		o.texts <- text
	}
}

func (o *outputs) Publish(b display.Bundle) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.seq = append(o.seq, fmt.Sprint("display:", b.Data["text/plain"]))
}

func (o *outputs) Clear(bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.seq = append(o.seq, "clear")
}

// TestOutputOrderThroughTheWorker prints many lines to both streams with
// displays and clear_outputs among them: everything reaches the Publisher,
// in the order the cell wrote it.
func TestOutputOrderThroughTheWorker(t *testing.T) {
	c := newTestClient(t, 0)
	const code = `for i := 0; i < 20000; i++ {
	fmt.Println("out", i)
	if i%7 == 0 {
		fmt.Fprint(os.Stderr, "err ", i, "\n")
	}
	if i%1000 == 0 {
		display.Text(fmt.Sprint("d", i))
	}
	if i%5000 == 4999 {
		display.ClearOutput(true)
	}
}
fmt.Print("no newline")`
	// The same sequence, built here.
	var want []string
	add := func(kind, text string) {
		if n := len(want); n > 0 && strings.HasPrefix(want[n-1], kind+":") {
			want[n-1] += text
			return
		}
		want = append(want, kind+":"+text)
	}
	for i := 0; i < 20000; i++ {
		add("stdout", fmt.Sprintln("out", i))
		if i%7 == 0 {
			add("stderr", fmt.Sprint("err ", i, "\n"))
		}
		if i%1000 == 0 {
			want = append(want, fmt.Sprint("display:d", i))
		}
		if i%5000 == 4999 {
			want = append(want, "clear")
		}
	}
	add("stdout", "no newline")

	pub := &outputs{}
	if _, err := c.Execute(context.Background(), code, pub); err != nil {
		t.Fatal(err)
	}
	got := pub.seq
	if len(got) != len(want) {
		t.Fatalf("%d outputs, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("output %d:\n%.200q\nwant\n%.200q", i, got[i], want[i])
		}
	}
}

// TestOutputIsLiveThroughTheWorker checks that a line printed reaches the
// Publisher while the cell still runs: the cell waits for an interrupt,
// which the test sends only once the line has arrived.
func TestOutputIsLiveThroughTheWorker(t *testing.T) {
	c := newTestClient(t, 0)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pub := &outputs{texts: make(chan string, 100)}
	done := make(chan error, 1)
	go func() {
		_, err := c.Execute(ctx, "fmt.Println(\"live\")\n<-ctx.Done()", pub)
		done <- err
	}()
	select {
	case text := <-pub.texts:
		if text != "live\n" {
			t.Errorf("first output %q, want live", text)
		}
	case err := <-done:
		t.Fatalf("the cell ended (%v) before the test interrupted it", err)
	case <-time.After(waitTimeout):
		t.Fatal("the line printed did not arrive while the cell ran")
	}
	cancel()
	select {
	case <-done:
	case <-time.After(waitTimeout):
		t.Fatal("the cell did not end after the interrupt")
	}
}
