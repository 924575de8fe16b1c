package kernel

import (
	"encoding/json"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
)

// Commer is implemented by an Executor whose session has comms (package
// kernel/comm): the kernel hands it the comm_open, comm_msg and comm_close
// messages of the front end and publishes on iopub those that the session
// sends. Without it the kernel answers comm_info with no comms and drops
// comm messages.
type Commer interface {
	// SetComms sets where the session's comm messages go; the kernel
	// calls it once, in New.
	SetComms(send func(comm.Message))
	// Comm hands a comm message of the front end to the session. It must
	// not wait for the session's handlers: it is called beside a running
	// cell.
	Comm(m comm.Message)
	// Comms returns the open comms, ID → target name, only those of
	// target when it is not empty.
	Comms(target string) map[string]string
}

// commState is the kernel's side of comms.
type commState struct {
	c Commer // nil: the Executor has no comms

	mu sync.Mutex
	// exec is the header of the running execute_request, the parent of
	// what the session sends while a cell runs (so that a client that
	// follows one cell's messages, as nbclient does to save widget state,
	// sees them); last is the header of the front end's last comm
	// message, the parent of what the session sends between cells.
	exec, last json.RawMessage
}

// initComms connects the Executor's comms to iopub, when it has them.
func (k *Kernel) initComms() {
	c, ok := k.exec.(Commer)
	if !ok {
		return
	}
	k.comms.c = c
	c.SetComms(k.publishComm)
}

// setExecParent records the header of the running execute_request (nil
// when the cell has ended).
func (k *Kernel) setExecParent(h json.RawMessage) {
	k.comms.mu.Lock()
	k.comms.exec = h
	k.comms.mu.Unlock()
}

// publishComm publishes one comm message of the session on iopub.
func (k *Kernel) publishComm(m comm.Message) {
	k.comms.mu.Lock()
	parent := k.comms.exec
	if parent == nil {
		parent = k.comms.last
	}
	k.comms.mu.Unlock()
	data := m.Data
	if len(data) == 0 {
		data = json.RawMessage("{}")
	}
	content := map[string]any{"comm_id": m.CommID, "data": data}
	switch m.Type {
	case comm.Open:
		content["target_name"] = m.TargetName
		if m.TargetModule != "" {
			content["target_module"] = m.TargetModule
		}
	case comm.Msg, comm.Close:
	default:
		k.log.Warn("comm message of unknown type not sent", "type", m.Type, "comm_id", m.CommID)
		return
	}
	var metadata any
	if len(m.Metadata) > 0 {
		metadata = m.Metadata
	}
	k.publishBuffers(parent, m.Type, metadata, content, m.Buffers)
}

// handleComm passes a comm_open, comm_msg or comm_close of the front end
// to the Executor. These are handled when they arrive, beside a running
// cell (a slider moved while a sampler runs), not queued behind it.
func (k *Kernel) handleComm(ch *channel, m *message) {
	if k.comms.c == nil {
		return
	}
	var c struct {
		CommID       string          `json:"comm_id"`
		TargetName   string          `json:"target_name"`
		TargetModule string          `json:"target_module"`
		Data         json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(m.Content, &c); err != nil || c.CommID == "" {
		k.log.Warn("comm message without a comm_id dropped", "type", m.Header.MsgType, "channel", ch.name)
		return
	}
	if m.Header.MsgType == comm.Open && c.TargetName == "" {
		k.log.Warn("comm_open without a target_name dropped", "comm_id", c.CommID)
		return
	}
	k.comms.mu.Lock()
	k.comms.last = m.RawHeader
	k.comms.mu.Unlock()
	var meta json.RawMessage
	if len(m.Metadata) > 0 && string(m.Metadata) != "{}" {
		meta = m.Metadata
	}
	k.comms.c.Comm(comm.Message{
		Type: m.Header.MsgType, CommID: c.CommID, TargetName: c.TargetName, TargetModule: c.TargetModule,
		Data: c.Data, Metadata: meta, Buffers: m.Buffers,
	})
}

// handleCommInfo answers comm_info_request with the open comms, only those
// of content.target_name when it is given.
func (k *Kernel) handleCommInfo(ch *channel, m *message) {
	var req struct {
		TargetName string `json:"target_name"`
	}
	_ = json.Unmarshal(m.Content, &req) // no content: every comm
	comms := map[string]any{}
	if k.comms.c != nil {
		for id, target := range k.comms.c.Comms(req.TargetName) {
			comms[id] = map[string]any{"target_name": target}
		}
	}
	k.reply(ch, m, "comm_info_reply", map[string]any{"status": "ok", "comms": comms})
}

// isComm reports whether a shell message is one that handleComm takes.
func isComm(msgType string) bool {
	return msgType == comm.Open || msgType == comm.Msg || msgType == comm.Close
}
