package kernel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// Input sends an input_request on stdin to the front end that sent the
// execute_request (its identities, the execute_request as parent) and
// waits for its input_reply. A reply whose parent_header names another
// input_request (an abandoned one, answered late) is logged and dropped; a
// reply with no parent msg_id is taken, as jupyter_client sends none.
func (p *publisher) Input(ctx context.Context, prompt string, password bool) (string, error) {
	if !p.allowStdin {
		return "", fmt.Errorf("input: %w", ErrNoStdin)
	}
	if err := ctx.Err(); err != nil { // interrupted: do not ask
		return "", fmt.Errorf("input: %w", err)
	}
	k := p.k
	k.inputMu.Lock()
	defer k.inputMu.Unlock()
	select { // a stale reply to an abandoned request
	case <-k.inputReplies:
	default:
	}
	h := k.newHeader("input_request", p.req.Header.Username)
	frames, err := encode(k.sig, p.req.Identities, h, p.req.RawHeader, nil,
		map[string]any{"prompt": prompt, "password": password})
	if err != nil {
		return "", fmt.Errorf("input: %w", err)
	}
	k.inputPending.Store(true)
	defer k.inputPending.Store(false)
	k.enqueue(k.stdin, frames)
	for {
		select {
		case m := <-k.inputReplies:
			if parent := parentMsgID(m); parent != "" && parent != h.MsgID {
				k.log.Warn("input_reply to another input_request dropped", "parent", parent, "want", h.MsgID)
				continue
			}
			if m.Invalid != nil {
				return "", fmt.Errorf("input: malformed input_reply: %w", m.Invalid)
			}
			var r struct {
				Value *string `json:"value"`
			}
			if err := json.Unmarshal(m.Content, &r); err != nil || r.Value == nil {
				return "", fmt.Errorf("input: bad input_reply content %s", abbrev(m.Content))
			}
			return *r.Value, nil
		case <-ctx.Done():
			return "", fmt.Errorf("input: %w", ctx.Err())
		case <-k.stop:
			return "", errors.New("input: kernel stopped")
		}
	}
}

// parentMsgID returns the msg_id of m's parent_header, "" if it has none.
func parentMsgID(m *message) string {
	var p struct {
		MsgID string `json:"msg_id"`
	}
	_ = json.Unmarshal(m.Parent, &p) // not an object, or no msg_id: none
	return p.MsgID
}
