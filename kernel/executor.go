package kernel

import (
	"context"
	"errors"

	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// Publisher is how an Executor reports while it runs one request. It never
// sees a socket: the protocol layer implements it and turns each call into
// an iopub message whose parent is the request being executed.
type Publisher interface {
	// Stream sends text written to "stdout" or "stderr".
	Stream(name, text string)
	// Display sends display_data, or update_display_data when b.Update.
	display.Sink
}

// ErrNoStdin is the error (wrapped) of Prompter.Input when the
// execute_request did not allow stdin (allow_stdin false): an executor
// turns it into end of file for a cell's reads of os.Stdin.
var ErrNoStdin = errors.New("the front end does not accept input (allow_stdin is false)")

// Prompter is implemented by the Publisher that the kernel passes to
// Execute: a cell that wants a line of input from the user (like Python's
// input()) asserts pub.(Prompter) and calls Input.
type Prompter interface {
	// Input shows prompt in the front end and returns the line the user
	// typed; with password the front end hides what is typed. It fails when
	// the execute_request did not allow stdin (allow_stdin false; the error
	// wraps ErrNoStdin), or when ctx is done (an interrupt) before the user
	// answers.
	Input(ctx context.Context, prompt string, password bool) (string, error)
}

// ExecResult is what a successful execution returns.
type ExecResult struct {
	// Data is the execute_result bundle of the cell's final expression;
	// nil when the cell ends in a statement or the value is nothing to show.
	Data *display.Bundle
	// Payload holds execute_reply payloads, e.g. {"source": "page", …}
	// for `name?`.
	Payload []map[string]any
}

// ExecError is the error an Executor returns when a cell fails; its fields
// become the error message and the execute_reply with status "error".
type ExecError struct {
	Name      string   // ename, e.g. "CompileError", "panic", "Interrupted"
	Value     string   // evalue
	Traceback []string // lines; the first names the cell line and column
}

func (e *ExecError) Error() string { return e.Name + ": " + e.Value }

// Completion is the answer to complete_request. Cursor positions are in
// Unicode code points, as the messaging spec says.
type Completion struct {
	Matches     []string
	CursorStart int
	CursorEnd   int
	// Types optionally gives each match's kind ("function", "variable",
	// "package", …) in _jupyter_types_experimental metadata.
	Types []string
}

// Executor runs cells. It is used by one request at a time except for
// Interrupt, which may be called concurrently with Execute.
type Executor interface {
	// Execute runs code. ctx is cancelled by an interrupt; the cell gets it
	// as the variable `ctx`. A failing cell returns an *ExecError.
	Execute(ctx context.Context, code string, pub Publisher) (*ExecResult, error)
	// Complete answers a completion request at cursor (code points).
	Complete(code string, cursor int) Completion
	// Inspect returns the documentation of the name at cursor; found is
	// false when there is none. detail is 0 or 1 as in inspect_request.
	Inspect(code string, cursor, detail int) (data map[string]any, found bool)
	// IsComplete returns "complete", "incomplete" (with indent) or "invalid".
	IsComplete(code string) (status, indent string)
	// Reset drops all state, as after a restart.
	Reset() error
}

// HardInterrupter is implemented by an Executor that can stop a cell that
// ignores the cancellation of its ctx (a tight loop, a blocking native
// call), e.g. by ending the process that runs it. The kernel calls
// HardInterrupt for a second interrupt_request while the same cell runs.
type HardInterrupter interface {
	HardInterrupt()
}

// Debugger is implemented by an Executor whose cells can be debugged with
// the Jupyter debug protocol (the Debug Adapter Protocol inside
// debug_request, debug_reply and debug_event). The kernel declares the
// "debugger" feature in kernel_info_reply only for such an Executor.
type Debugger = dap.Debugger
