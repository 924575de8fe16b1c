package goexec

import (
	"bytes"
	"io"
	"sync"
)

// traceWriter is the interpreter's stderr. It passes everything to the
// stderr stream except the lines yaegi writes for each frame a panic
// unwinds, which it keeps for the traceback while a chunk runs.
type traceWriter struct {
	stderr io.Writer
	mu     sync.Mutex
	lines  []string
	buf    bytes.Buffer
}

func (w *traceWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.buf.Write(p)
	var pass []byte
	for {
		i := bytes.IndexByte(w.buf.Bytes(), '\n')
		if i < 0 {
			break
		}
		line := string(w.buf.Next(i + 1))
		if panicLineRE.MatchString(line) {
			w.lines = append(w.lines, line)
			continue
		}
		pass = append(pass, line...)
	}
	if w.buf.Len() > 0 && !bytes.HasPrefix(w.buf.Bytes(), []byte(cellFile+":")) && !bytes.HasPrefix(w.buf.Bytes(), []byte(cellNaming.Prefix)) {
		pass = append(pass, w.buf.Bytes()...)
		w.buf.Reset()
	}
	w.mu.Unlock()
	if len(pass) > 0 {
		w.stderr.Write(pass)
	}
	return len(p), nil
}

// collect starts keeping panic lines for a new chunk.
func (w *traceWriter) collect() {
	w.mu.Lock()
	w.lines = nil
	w.mu.Unlock()
}

// done returns the panic lines kept since collect.
func (w *traceWriter) done() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	l := w.lines
	w.lines = nil
	return l
}
