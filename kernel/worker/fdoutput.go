package worker

import (
	"bytes"
	"io"
	"strconv"
	"strings"
	"syscall"
)

// Output written to the worker's file descriptors 1 and 2 (compiled code
// printing to the process's os.Stdout, C code, a pre-imported package's
// own printing) went only to the kernel's log and the tail kept for
// diagnosis: the user never saw it, where ipykernel forwards such output
// to the cell. The Client now reads the two files apart and, while a cell
// runs, publishes what they carry as the cell's stdout and stderr.
//
// Those pipes are not the event pipe, so what was written to them before
// the cell ended may still be on its way when the worker's done arrives.
// The worker therefore writes a marker, fdMarker, a token and a NUL, to
// each file after the cell and before its done, whose Flush names the
// token; the Client answers the cell only once it has read the marker of
// that token from both files, having published everything before it. The
// markers are taken out of what the files carry. The worker writes them
// only while its descriptors 1 and 2 are still the pipes it started with
// (a cell may close them or put other files there); else done has no
// Flush, and the Client waits for nothing.
//
// Output between cells goes to the log and the tail only, as before; so
// does the rest of what a worker writes once a line on its stderr names a
// cause of death (a Go runtime's goroutine dump runs to megabytes: the
// cell's error names the cause).

// fdMarker starts a marker; the token and a NUL follow.
const fdMarker = "\x00rbm-kernel-flush:"

// fdFlusher writes the markers in the worker.
type fdFlusher struct {
	n     int
	files [2]fdID // what descriptors 1 and 2 were at the start
	ok    bool
}

// fdID names an open file: its device and inode.
type fdID struct{ dev, ino uint64 }

func fdStat(fd int) (fdID, bool) {
	var st syscall.Stat_t
	if err := syscall.Fstat(fd, &st); err != nil {
		return fdID{}, false
	}
	return fdID{uint64(st.Dev), st.Ino}, true
}

func newFDFlusher() *fdFlusher {
	f := &fdFlusher{ok: true}
	for i := range f.files {
		id, ok := fdStat(i + 1)
		f.files[i], f.ok = id, f.ok && ok
	}
	return f
}

// flush writes the next marker to descriptors 1 and 2 and returns its
// token, or "" when it could not write both.
func (f *fdFlusher) flush() string {
	if !f.ok {
		return ""
	}
	f.n++
	tok := strconv.Itoa(f.n)
	marker := []byte(fdMarker + tok + "\x00")
	for i, want := range f.files {
		if id, ok := fdStat(i + 1); !ok || id != want {
			return ""
		}
		// Shorter than PIPE_BUF: one write, never mixed with another.
		if n, err := syscall.Write(i+1, marker); err != nil || n != len(marker) {
			return ""
		}
	}
	return tok
}

// fdChunk is what one of the worker's files carried: text, or a marker's
// token.
type fdChunk struct {
	stream string // "stdout", "stderr"
	text   string
	token  string
	marker bool
}

// fdSink takes a running cell's chunks: the Client's run loop reads ch,
// and closes stop when it no longer does.
type fdSink struct {
	ch   chan fdChunk
	stop chan struct{}
}

// fdStream is the io.Writer of the worker's descriptor 1 or 2 in the
// Client: it passes the text to diag (the tail and the log) and to the
// process's sink, and the markers to the sink.
type fdStream struct {
	p       *process
	stream  string
	diag    io.Writer // shared by both streams: writes hold diagMu
	partial []byte    // what may be the start of a marker
}

// maxToken bounds a marker's token: a longer "marker" is text.
const maxToken = 20

func (s *fdStream) Write(b []byte) (int, error) {
	data := b
	if len(s.partial) > 0 {
		data = append(s.partial, b...)
		s.partial = nil
	}
	for len(data) > 0 {
		i := bytes.Index(data, []byte(fdMarker))
		if i < 0 {
			k := markerStart(data)
			s.text(data[:len(data)-k])
			s.partial = append([]byte(nil), data[len(data)-k:]...)
			break
		}
		rest := data[i+len(fdMarker):]
		j := bytes.IndexByte(rest, 0)
		if j < 0 && len(rest) <= maxToken {
			s.text(data[:i])
			s.partial = append([]byte(nil), data[i:]...)
			break
		}
		if j < 0 || j > maxToken {
			s.text(data[:i+1])
			data = data[i+1:]
			continue
		}
		s.text(data[:i])
		s.p.forward(fdChunk{stream: s.stream, token: string(rest[:j]), marker: true})
		data = rest[j+1:]
	}
	return len(b), nil
}

// markerStart returns the length of the longest end of data that begins
// fdMarker.
func markerStart(data []byte) int {
	for k := min(len(data), len(fdMarker)-1); k > 0; k-- {
		if string(data[len(data)-k:]) == fdMarker[:k] {
			return k
		}
	}
	return 0
}

// text passes t on.
func (s *fdStream) text(t []byte) {
	if len(t) == 0 {
		return
	}
	s.p.diagMu.Lock()
	_, _ = s.diag.Write(t)
	dying := s.p.dying
	if s.stream == "stderr" && !dying && namesDeath(t) {
		s.p.dying, dying = true, true
	}
	s.p.diagMu.Unlock()
	if !dying {
		s.p.forward(fdChunk{stream: s.stream, text: string(t)})
	}
}

// namesDeath reports whether a line of t starts as the Go runtime's
// message when it ends the process does.
func namesDeath(t []byte) bool {
	for _, l := range strings.Split(string(t), "\n") {
		for _, p := range causePrefixes {
			if strings.HasPrefix(l, p) {
				return true
			}
		}
	}
	return false
}

// forward gives c to the running cell's sink, if any, waiting while the
// cell's loop takes it.
func (p *process) forward(c fdChunk) {
	p.sinkMu.Lock()
	s := p.sink
	p.sinkMu.Unlock()
	if s == nil {
		return
	}
	select {
	case s.ch <- c:
	case <-s.stop:
	}
}

// setSink makes s the sink of what the worker's files carry (nil: none).
func (p *process) setSink(s *fdSink) {
	p.sinkMu.Lock()
	p.sink = s
	p.sinkMu.Unlock()
}
