package goexec

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
)

// TestCommsInProcess checks the session's comms in the interpreter itself
// (the kernel's --in-process mode, and what the worker runs): a button's
// callback, run on the comms' goroutine, prints into an Output inside
// Capture (fmt and log of interpreted code, not a print outside it, which
// goes to the next cell); comm_info lists the widgets; Reset closes every
// comm, telling the front end.
func TestCommsInProcess(t *testing.T) {
	e := newExec(t)
	var mu sync.Mutex
	var sent []comm.Message
	e.SetComms(func(m comm.Message) { mu.Lock(); sent = append(sent, m); mu.Unlock() })
	t.Cleanup(func() { e.SetComms(nil) })

	run(t, e, `out := widgets.NewOutput()
b := widgets.NewButton("go")
b.OnClick(func() {
	out.Capture(func() {
		fmt.Println("inside")
		log.SetFlags(0)
		log.Print("logged")
	})
	fmt.Println("outside")
})`)
	id, _ := run(t, e, `b.Model().ID()`)
	id = strings.Trim(id, `"`)
	open := e.Comms("jupyter.widget")
	if open[id] != "jupyter.widget" || len(e.Comms("no.such.target")) != 0 {
		t.Fatalf("Comms: %v; the button is %s", open, id)
	}
	click, _ := json.Marshal(map[string]any{"method": "custom", "content": map[string]any{"event": "click"}})
	e.Comm(comm.Message{Type: comm.Msg, CommID: id, Data: click})
	comm.Default().Wait()

	got, rec := run(t, e, `out.Text()`)
	if got != `"inside\nlogged\n"` {
		t.Errorf("the Output holds %s, want inside and logged", got)
	}
	if got := rec.stream("stdout"); got != "outside\n" {
		t.Errorf("the next cell got %q of the callback's output, want the print outside Capture", got)
	}

	mu.Lock()
	sent = nil
	mu.Unlock()
	all := e.Comms("")
	if err := e.Reset(); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	closed := map[string]bool{}
	for _, m := range sent {
		if m.Type == comm.Close {
			closed[m.CommID] = true
		}
	}
	for c := range all {
		if !closed[c] {
			t.Errorf("comm %s (%s) not closed by Reset", c, all[c])
		}
	}
	if len(e.Comms("")) != 0 {
		t.Errorf("comms open after Reset: %v", e.Comms(""))
	}
}
