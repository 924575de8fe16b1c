package kernel

import (
	"encoding/json"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/kernel/dap"
)

// debugState is the kernel's side of the debugger: the Executor that
// answers debug requests, if it can, and the parent of the debug events.
type debugState struct {
	d      Debugger // nil: the Executor cannot be debugged
	mu     sync.Mutex
	parent json.RawMessage // the header of the last debug_request
}

// initDebug connects the Executor's debug events to iopub, when the
// Executor is a Debugger.
func (k *Kernel) initDebug() {
	d, ok := k.exec.(Debugger)
	if !ok {
		return
	}
	k.debug.d = d
	d.SetDebugEvents(func(ev json.RawMessage) {
		k.debug.mu.Lock()
		parent := k.debug.parent
		k.debug.mu.Unlock()
		k.publish(parent, "debug_event", ev)
	})
}

// handleDebug answers a debug_request with the Executor's DAP response.
// Its content is the DAP request itself; a kernel whose Executor cannot
// be debugged answers every request with success false.
func (k *Kernel) handleDebug(ch *channel, m *message) {
	req, err := dap.ParseRequest(m.Content)
	if err != nil {
		k.reply(ch, m, "debug_reply", dap.Fail(req, err.Error()))
		return
	}
	if k.debug.d == nil {
		k.reply(ch, m, "debug_reply", dap.Fail(req, "this kernel's executor cannot be debugged"))
		return
	}
	k.debug.mu.Lock()
	k.debug.parent = m.RawHeader
	k.debug.mu.Unlock()
	k.reply(ch, m, "debug_reply", k.debug.d.Debug(m.Content))
}
