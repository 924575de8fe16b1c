// Package worker runs a kernel session's cells in a separate process, so
// that nothing a cell does can end the kernel.
//
// The process Jupyter starts keeps the connection (sockets, heartbeat,
// history, the message loop) and talks to a worker process, the same binary
// started as `rbm-kernel worker`, which holds the interpreter, the library
// and the session's state. A Client is the kernel.Executor of the first
// process: every request goes to the worker, and what the worker publishes
// (streams, displays, clear_output, input requests) comes back to the
// request's kernel.Publisher unchanged. Serve is the loop of the worker.
//
// When the worker dies (a stack overflow, running out of memory, a fatal
// runtime error such as concurrent map writes, a panic on a goroutine that
// the cell did not start, a crash in native code, an exit), the cell that was
// running ends with an error whose name says why (StackOverflow,
// OutOfMemory, FatalError, Panic, Signal, Exit), a fresh worker starts for
// the next cell, and the error says that the session's state was lost and
// that %rerun executes again, in order, the cells that had succeeded in it.
// A cell that ignores an interrupt (a tight loop, a blocking call in native
// code) is given a grace period and then stopped the same way.
//
// # Protocol
//
// The two processes talk over two pipes, the worker's file descriptors 3
// (requests, read by the worker) and 4 (events, written by the worker), so
// that the worker's own stdout and stderr stay free for the Go runtime's
// messages, which the Client reads to name a death's cause. Each frame is a
// 4-byte big-endian length and that many bytes of JSON, one Message; when
// the length's top bit is set, a second length follows it, and the
// Message's text follows the JSON as that many raw bytes, so that output
// is not quoted and unquoted as JSON on its way. The
// worker first sends "ready" (or "failed" with the error that kept it from
// starting). Then, for each request of the Client:
//
//	execute {code}            → stream*, display*, clear*, input_request*, done {result | error, flush}
//	interrupt                 (while an execute runs: cancels its ctx)
//	input_reply {text | err, no_stdin} (answers an input_request; no_stdin: the
//	                          front end does not accept input, kernel.ErrNoStdin;
//	                          after an interrupt, the interrupt comes first)
//	complete {code, cursor}   → reply {completion}
//	inspect {code, cursor, detail} → reply {data, found}
//	is_complete {code}        → reply {status, indent}
//	memory_limit {bytes}      (sets the Go runtime's soft memory limit)
//	debug {id, debug}         → debug_reply {id, debug} (a DAP request and its
//	                          response; answered at once, even while a cell runs)
//	comm {comm}               (a comm_open, comm_msg or comm_close of the front
//	                          end, with its buffers; handed to the session's
//	                          comms at once, even while a cell runs)
//
// and, at any time, debug_event {debug} (a DAP event of the debugger) and
// comm {comm} (a comm message of the session: a widget opened, updated or
// closed; a comm_close answering a comm_open to an unknown target).
// done's flush is the token of the markers the worker wrote to its
// descriptors 1 and 2 just before it: the Client, which publishes what
// those carry as the running cell's stdout and stderr, answers the cell
// once it has read both (fdoutput.go).
// Requests other than interrupt, input_reply, debug and comm come one at
// a time: the Client sends the next only after the answer to the last.
// The Client's reader takes debug_reply, debug_event and comm frames off
// the event stream, so that neither a running cell nor a request waits on
// them. The Client keeps which comms are open in which worker: comm_info
// is answered from it, and when a worker ends the front end gets a
// comm_close for each of that worker's comms.
package worker
