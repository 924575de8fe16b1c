package worker

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestFDOutputReachesTheCell: what a cell's code writes to the worker's
// file descriptors 1 and 2 themselves (here through os.NewFile; compiled
// code, C code and pre-imported packages write there) went to the
// kernel's log only; now it is the cell's stdout and stderr, all of it
// published before Execute returns (the flush markers), and no marker
// shows.
func TestFDOutputReachesTheCell(t *testing.T) {
	c := newTestClient(t, 0)
	if _, err := c.Execute(context.Background(), "fd1 := os.NewFile(1, \"fd1\")\nfd2 := os.NewFile(2, \"fd2\")", &outputs{}); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 20; i++ {
		pub := &outputs{}
		code := fmt.Sprintf("fd1.WriteString(\"to fd 1, %d\\n\")\nfd2.WriteString(\"to fd 2, %d\\n\")\nfmt.Println(\"interpreted\")", i, i)
		if _, err := c.Execute(context.Background(), code, pub); err != nil {
			t.Fatal(err)
		}
		var out, errs strings.Builder
		for _, s := range pub.seq {
			switch {
			case strings.HasPrefix(s, "stdout:"):
				out.WriteString(strings.TrimPrefix(s, "stdout:"))
			case strings.HasPrefix(s, "stderr:"):
				errs.WriteString(strings.TrimPrefix(s, "stderr:"))
			}
		}
		// The two pipes and the events are read apart: their order
		// among themselves is not kept (nor is it by ipykernel).
		want1, want2 := fmt.Sprintf("to fd 1, %d\n", i), "interpreted\n"
		if o := out.String(); o != want1+want2 && o != want2+want1 {
			t.Fatalf("cell %d: stdout %q, want %q and %q (%q)", i, o, want1, want2, pub.seq)
		}
		if e, want := errs.String(), fmt.Sprintf("to fd 2, %d\n", i); e != want {
			t.Fatalf("cell %d: stderr %q, want %q", i, e, want)
		}
	}
}

// TestFDMarkersSplit: a marker cut anywhere between writes is taken out,
// and text around it, a NUL of the text's own included, is passed on.
func TestFDMarkersSplit(t *testing.T) {
	data := "a\x00b" + fdMarker + "7\x00c" + fdMarker[:5] + "d" + fdMarker + "8\x00"
	for cut := 1; cut <= len(data); cut++ {
		p := &process{}
		s := &fdSink{ch: make(chan fdChunk, 100), stop: make(chan struct{})}
		p.setSink(s)
		var diag strings.Builder
		w := &fdStream{p: p, stream: "stdout", diag: &diag}
		for i := 0; i < len(data); i += cut {
			_, _ = w.Write([]byte(data[i:min(i+cut, len(data))]))
		}
		close(s.ch)
		var text, tokens strings.Builder
		for c := range s.ch {
			if c.marker {
				tokens.WriteString(c.token + " ")
			} else {
				text.WriteString(c.text)
			}
		}
		want := "a\x00bc" + fdMarker[:5] + "d"
		if text.String() != want || diag.String() != want || tokens.String() != "7 8 " {
			t.Errorf("writes of %d bytes: text %q, log %q, markers %q; want %q and 7 8", cut, text.String(), diag.String(), tokens.String(), want)
		}
	}
}
