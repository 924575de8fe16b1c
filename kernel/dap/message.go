package dap

import (
	"encoding/json"
	"fmt"
)

// Request is a DAP request: the content of a debug_request.
type Request struct {
	Seq       int             `json:"seq"`
	Type      string          `json:"type"`
	Command   string          `json:"command"`
	Arguments json.RawMessage `json:"arguments,omitempty"`
}

// Response is a DAP response: the content of a debug_reply.
type Response struct {
	Seq        int    `json:"seq"`
	Type       string `json:"type"`
	RequestSeq int    `json:"request_seq"`
	Success    bool   `json:"success"`
	Command    string `json:"command"`
	Message    string `json:"message,omitempty"`
	Body       any    `json:"body,omitempty"`
}

// Event is a DAP event: the content of a debug_event.
type Event struct {
	Seq   int    `json:"seq"`
	Type  string `json:"type"`
	Event string `json:"event"`
	Body  any    `json:"body,omitempty"`
}

// ParseRequest decodes a DAP request; it fails on JSON that is not one.
func ParseRequest(b json.RawMessage) (Request, error) {
	var r Request
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("debug request: %w", err)
	}
	if r.Command == "" {
		return r, fmt.Errorf("debug request: no command")
	}
	return r, nil
}

// OK returns the successful response to r with body.
func OK(r Request, body any) Response {
	return Response{Type: "response", RequestSeq: r.Seq, Success: true, Command: r.Command, Body: body}
}

// Fail returns the failed response to r with message msg.
func Fail(r Request, msg string) Response {
	return Response{Type: "response", RequestSeq: r.Seq, Success: false, Command: r.Command, Message: msg}
}

// Marshal encodes v, which is a Response or an Event; these always encode.
func Marshal(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		b, _ = json.Marshal(Response{Type: "response", Message: "encoding the reply: " + err.Error()})
	}
	return b
}

// Debugger is what answers DAP requests for a kernel's cells and sends
// their events (the kernel.Debugger of an Executor).
type Debugger interface {
	// Debug answers one DAP request (the content of a debug_request) with
	// its response (the content of the debug_reply).
	Debug(request json.RawMessage) json.RawMessage
	// SetDebugEvents sets the function that sends DAP events (each the
	// content of one debug_event); nil drops them.
	SetDebugEvents(send func(event json.RawMessage))
}
