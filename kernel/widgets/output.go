package widgets

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// Output is an area of outputs, like a cell's (OutputModel of
// @jupyter-widgets/output): text and displays that Go code writes to it,
// and what a callback run with Capture prints. The kernel keeps its
// outputs in the model's state ("outputs"), so that the front end shows
// them whichever message caused them, and a saved notebook keeps them.
type Output struct {
	m *Model

	mu      sync.Mutex // guards outputs, and orders their updates
	outputs []any
}

// NewOutput returns an empty output area.
func NewOutput() *Output {
	return &Output{m: domModelOf(outputModule, outputVersion, "OutputModel", "OutputView", "", map[string]any{
		"msg_id": "", "outputs": []any{},
	})}
}

// Model returns the output's model.
func (o *Output) Model() *Model { return o.m }

// Write appends p to the output's standard output text: o is an
// io.Writer (fmt.Fprintln(out, …)).
func (o *Output) Write(p []byte) (int, error) {
	o.appendStream("stdout", string(p))
	return len(p), nil
}

// Stderr returns a writer whose text the output shows as standard error.
func (o *Output) Stderr() io.Writer { return stderrOf{o} }

type stderrOf struct{ o *Output }

func (w stderrOf) Write(p []byte) (int, error) {
	w.o.appendStream("stderr", string(p))
	return len(p), nil
}

// appendStream appends text to the last output if it is a stream of the
// same name, else as a new stream output, and sends the outputs.
func (o *Output) appendStream(name, text string) {
	if text == "" {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if n := len(o.outputs); n > 0 {
		if last, ok := o.outputs[n-1].(map[string]any); ok && last["output_type"] == "stream" && last["name"] == name {
			o.outputs[n-1] = map[string]any{"output_type": "stream", "name": name, "text": last["text"].(string) + text}
			o.syncLocked()
			return
		}
	}
	o.outputs = append(o.outputs, map[string]any{"output_type": "stream", "name": name, "text": text})
	o.syncLocked()
}

// Show appends v as the cells show values (display.Render: text, HTML,
// images, plots, another widget).
func (o *Output) Show(v any) {
	b, ok := display.Render(v)
	if !ok {
		return
	}
	meta := b.Metadata
	if meta == nil {
		meta = map[string]any{}
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.outputs = append(o.outputs, map[string]any{"output_type": "display_data", "data": b.Data, "metadata": meta})
	o.syncLocked()
}

// Clear removes every output.
func (o *Output) Clear() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.outputs = nil
	o.syncLocked()
}

// syncLocked sends the outputs (o.mu held, so that updates go in order).
func (o *Output) syncLocked() {
	out := make([]any, len(o.outputs))
	copy(out, o.outputs)
	o.m.set("outputs", out)
}

// Text returns the text of the output's stream outputs, in order.
func (o *Output) Text() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	var b strings.Builder
	for _, x := range o.outputs {
		if m, ok := x.(map[string]any); ok && m["output_type"] == "stream" {
			b.WriteString(m["text"].(string))
		}
	}
	return b.String()
}

// Len returns the number of outputs.
func (o *Output) Len() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.outputs)
}

// Capture runs f with what it prints (fmt.Print…, os.Stdout and
// os.Stderr of a cell, log) going to o instead of to the cell that runs:
// a callback's output lands beside its controls. Only the goroutine that
// calls Capture is captured, not goroutines that f starts. Outside a
// kernel f just runs.
func (o *Output) Capture(f func()) {
	capMu.Lock()
	c := capturer
	capMu.Unlock()
	if c == nil {
		f()
		return
	}
	c(o, o.Stderr(), f)
}

// String describes the output.
func (o *Output) String() string { return fmt.Sprintf("Output(%d outputs)", o.Len()) }

// MIMEBundle shows the output area in a notebook.
func (o *Output) MIMEBundle() map[string]any { return Bundle(o, o.String()) }

// Capturer runs f with what the calling goroutine writes to a cell's
// standard output and error going to stdout and stderr instead. The
// kernel's executor installs one (SetCapturer).
type Capturer func(stdout, stderr io.Writer, f func())

var (
	capMu    sync.Mutex
	capturer Capturer
)

// SetCapturer installs c as the Capturer of Output.Capture and returns
// the one it replaced; nil makes Capture run f with nothing redirected.
func SetCapturer(c Capturer) Capturer {
	capMu.Lock()
	defer capMu.Unlock()
	old := capturer
	capturer = c
	return old
}
