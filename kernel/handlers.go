package kernel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// decodeContent unmarshals m's content into dst; on failure it logs, and
// the caller answers with an error reply.
func (k *Kernel) decodeContent(m *message, dst any) error {
	if err := json.Unmarshal(m.Content, dst); err != nil {
		k.log.Warn("bad request content", "type", m.Header.MsgType, "err", err)
		return fmt.Errorf("%s content: %w", m.Header.MsgType, err)
	}
	return nil
}

// errorReply answers req with status "error".
func (k *Kernel) errorReply(ch *channel, req *message, replyType string, err error) {
	k.reply(ch, req, replyType, map[string]any{
		"status": "error", "ename": "BadRequest", "evalue": err.Error(), "traceback": []string{},
	})
}

// answerMalformed answers a request whose JSON could not be read (m.Invalid)
// with its reply type and status "error", ename "MalformedMessage" and the
// reason as evalue, as the spec allows for any request; an execute_reply
// also carries the current execution count, which does not change. A
// message that is not a request (no "_request" suffix) has no reply: it
// was logged when it was read.
func (k *Kernel) answerMalformed(ch *channel, m *message) {
	base, ok := strings.CutSuffix(m.Header.MsgType, "_request")
	if !ok || base == "" {
		return
	}
	content := map[string]any{
		"status": "error", "ename": "MalformedMessage", "evalue": m.Invalid.Error(), "traceback": []string{},
	}
	if m.Header.MsgType == "execute_request" {
		k.mu.Lock()
		content["execution_count"] = k.count
		k.mu.Unlock()
		content["user_expressions"] = map[string]any{}
	}
	k.reply(ch, m, base+"_reply", content)
}

func (k *Kernel) handleKernelInfo(ch *channel, m *message) {
	k.reply(ch, m, "kernel_info_reply", k.kernelInfo())
}

func (k *Kernel) kernelInfo() map[string]any {
	goVersion := k.opts.LanguageVersion
	if goVersion == "" {
		goVersion = runtime.Version()
	}
	banner := k.opts.Banner
	if banner == "" {
		banner = "rbm-kernel " + k.opts.Version + ": Go cells (" + goVersion + ") interpreted by yaegi, with the RBM library"
	}
	links := k.opts.HelpLinks
	if links == nil {
		links = []HelpLink{
			{Text: "Go standard library", URL: "https://pkg.go.dev/std"},
			{Text: "yaegi interpreter", URL: "https://pkg.go.dev/github.com/traefik/yaegi"},
			{Text: "gonum/mat", URL: "https://pkg.go.dev/gonum.org/v1/gonum/mat"},
			{Text: "gonum/plot", URL: "https://pkg.go.dev/gonum.org/v1/plot"},
			{Text: "rbm-kernel library: models (lib/rbm)", URL: "https://pkg.go.dev/github.com/rbm-kernel/rbm-kernel/lib/rbm"},
			{Text: "rbm-kernel library: samplers (lib/mcmc)", URL: "https://pkg.go.dev/github.com/rbm-kernel/rbm-kernel/lib/mcmc"},
			{Text: "rbm-kernel library: learners (lib/learn)", URL: "https://pkg.go.dev/github.com/rbm-kernel/rbm-kernel/lib/learn"},
			{Text: "rbm-kernel library: data (lib/data)", URL: "https://pkg.go.dev/github.com/rbm-kernel/rbm-kernel/lib/data"},
			{Text: "rbm-kernel library: plots (lib/viz)", URL: "https://pkg.go.dev/github.com/rbm-kernel/rbm-kernel/lib/viz"},
		}
	}
	info := map[string]any{
		"status":                 "ok",
		"protocol_version":       ProtocolVersion,
		"implementation":         "rbm-kernel",
		"implementation_version": k.opts.Version,
		"language_info": map[string]any{
			"name":            "go",
			"version":         trimGo(goVersion),
			"mimetype":        "text/x-go",
			"file_extension":  ".go",
			"pygments_lexer":  "go",
			"codemirror_mode": "go",
		},
		"banner":     banner,
		"help_links": links,
		"debugger":   k.debug.d != nil,
	}
	if k.debug.d != nil {
		info["supported_features"] = []string{"debugger"}
	}
	return info
}

// trimGo turns "go1.26.8" into "1.26.8".
func trimGo(v string) string {
	if len(v) > 2 && v[:2] == "go" {
		return v[2:]
	}
	return v
}

type executeRequest struct {
	Code            string         `json:"code"`
	Silent          bool           `json:"silent"`
	StoreHistory    *bool          `json:"store_history"`
	UserExpressions map[string]any `json:"user_expressions"`
	AllowStdin      bool           `json:"allow_stdin"`
	StopOnError     *bool          `json:"stop_on_error"`
}

func (k *Kernel) handleExecute(ch *channel, m *message) {
	var req executeRequest
	if err := k.decodeContent(m, &req); err != nil {
		k.errorReply(ch, m, "execute_reply", err)
		return
	}
	store := !req.Silent && (req.StoreHistory == nil || *req.StoreHistory)
	// A silent cell's error aborts nothing, as in ipykernel: a front
	// end's own silent requests must not drop the user's queued cells.
	stopOnError := !req.Silent && (req.StopOnError == nil || *req.StopOnError)

	ctx, cancel := context.WithCancel(k.baseCtx)
	defer cancel()
	k.mu.Lock()
	if store {
		k.count++
	}
	n := k.count
	k.cancel, k.interrupted = cancel, false
	k.mu.Unlock()

	if !req.Silent {
		k.publish(m.RawHeader, "execute_input", map[string]any{"code": req.Code, "execution_count": n})
	}
	// The executor installs pub (or a sink that forwards to it) as the
	// display sink; the protocol layer leaves package display alone.
	pub := &publisher{k: k, parent: m.RawHeader, req: m, allowStdin: req.AllowStdin}
	k.setExecParent(m.RawHeader)
	res, err := k.execute(ctx, req.Code, pub)
	k.setExecParent(nil)

	k.mu.Lock()
	k.cancel, k.interrupted = nil, false
	k.mu.Unlock()

	if err != nil {
		var ee *ExecError
		if !errors.As(err, &ee) {
			ee = &ExecError{Name: "Error", Value: err.Error()}
			if errors.Is(err, context.Canceled) {
				ee.Name = "Interrupted"
			}
		}
		tb := ee.Traceback
		if tb == nil {
			tb = []string{}
		}
		if store {
			k.hist.add(n, req.Code, nil)
		}
		k.publish(m.RawHeader, "error", map[string]any{"ename": ee.Name, "evalue": ee.Value, "traceback": tb})
		abort := stopOnError && ch == k.shell
		if abort {
			// Before the reply: what arrives after it was sent after
			// the client could see the error, and runs (abortQueued).
			k.abortThrough = k.shellArrived.Load()
		}
		k.reply(ch, m, "execute_reply", map[string]any{
			"status": "error", "execution_count": n, "ename": ee.Name, "evalue": ee.Value,
			"traceback": tb, "user_expressions": map[string]any{},
		})
		if abort && k.errorReplied != nil {
			k.errorReplied()
		}
		return
	}
	var out *string
	payload := []map[string]any{}
	if res != nil {
		if res.Payload != nil {
			payload = res.Payload
		}
		if res.Data != nil {
			if s, ok := res.Data.Data["text/plain"].(string); ok {
				out = &s
			}
			if !req.Silent {
				k.publish(m.RawHeader, "execute_result", map[string]any{
					"execution_count": n,
					"data":            orEmpty(res.Data.Data),
					"metadata":        orEmpty(res.Data.Metadata),
				})
			}
		}
	}
	if store {
		k.hist.add(n, req.Code, out)
	}
	k.reply(ch, m, "execute_reply", map[string]any{
		"status": "ok", "execution_count": n, "payload": payload, "user_expressions": map[string]any{},
	})
}

// execute calls the Executor, turning a panic into an ExecError so that a
// faulty executor cannot take the kernel down.
func (k *Kernel) execute(ctx context.Context, code string, pub Publisher) (res *ExecResult, err error) {
	k.execMu.Lock()
	defer k.execMu.Unlock()
	defer func() {
		if r := recover(); r != nil {
			k.log.Error("executor panicked", "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			res, err = nil, &ExecError{Name: "panic", Value: fmt.Sprint(r)}
		}
	}()
	return k.exec.Execute(ctx, code, pub)
}

func orEmpty(m map[string]any) map[string]any {
	if m == nil {
		return map[string]any{}
	}
	return m
}

func (k *Kernel) handleComplete(ch *channel, m *message) {
	var req struct {
		Code      string `json:"code"`
		CursorPos *int   `json:"cursor_pos"`
	}
	if err := k.decodeContent(m, &req); err != nil {
		k.errorReply(ch, m, "complete_reply", err)
		return
	}
	cursor := len([]rune(req.Code))
	if req.CursorPos != nil {
		cursor = *req.CursorPos
	}
	k.execMu.Lock()
	c := k.exec.Complete(req.Code, cursor)
	k.execMu.Unlock()
	matches := c.Matches
	if matches == nil {
		matches = []string{}
	}
	meta := map[string]any{}
	if len(c.Types) == len(c.Matches) && len(c.Types) > 0 {
		types := make([]map[string]any, len(c.Matches))
		for i, t := range c.Types {
			types[i] = map[string]any{"text": c.Matches[i], "type": t, "start": c.CursorStart, "end": c.CursorEnd}
		}
		meta["_jupyter_types_experimental"] = types
	}
	k.reply(ch, m, "complete_reply", map[string]any{
		"status": "ok", "matches": matches, "cursor_start": c.CursorStart, "cursor_end": c.CursorEnd, "metadata": meta,
	})
}

func (k *Kernel) handleInspect(ch *channel, m *message) {
	var req struct {
		Code        string `json:"code"`
		CursorPos   int    `json:"cursor_pos"`
		DetailLevel int    `json:"detail_level"`
	}
	if err := k.decodeContent(m, &req); err != nil {
		k.errorReply(ch, m, "inspect_reply", err)
		return
	}
	k.execMu.Lock()
	data, found := k.exec.Inspect(req.Code, req.CursorPos, req.DetailLevel)
	k.execMu.Unlock()
	k.reply(ch, m, "inspect_reply", map[string]any{
		"status": "ok", "found": found, "data": orEmpty(data), "metadata": map[string]any{},
	})
}

func (k *Kernel) handleIsComplete(ch *channel, m *message) {
	var req struct {
		Code string `json:"code"`
	}
	if err := k.decodeContent(m, &req); err != nil {
		k.errorReply(ch, m, "is_complete_reply", err)
		return
	}
	k.execMu.Lock()
	status, indent := k.exec.IsComplete(req.Code)
	k.execMu.Unlock()
	content := map[string]any{"status": status}
	if status == "incomplete" {
		content["indent"] = indent
	}
	k.reply(ch, m, "is_complete_reply", content)
}

func (k *Kernel) handleHistory(ch *channel, m *message) {
	var req struct {
		Output         bool   `json:"output"`
		Raw            bool   `json:"raw"`
		HistAccessType string `json:"hist_access_type"`
		Session        int    `json:"session"`
		Start          int    `json:"start"`
		Stop           int    `json:"stop"`
		N              int    `json:"n"`
		Pattern        string `json:"pattern"`
		Unique         bool   `json:"unique"`
	}
	if err := k.decodeContent(m, &req); err != nil {
		k.errorReply(ch, m, "history_reply", err)
		return
	}
	var entries []histEntry
	switch req.HistAccessType {
	case "tail":
		entries = k.hist.tail(req.N)
	case "range":
		entries = k.hist.rangeOf(req.Session, req.Start, req.Stop)
	case "search":
		entries = k.hist.search(req.Pattern, req.N, req.Unique)
	default:
		k.errorReply(ch, m, "history_reply", fmt.Errorf("history_request: unknown hist_access_type %q", req.HistAccessType))
		return
	}
	out := make([][]any, len(entries))
	for i, e := range entries {
		if req.Output {
			var o any
			if e.Output != nil {
				o = *e.Output
			}
			out[i] = []any{e.Session, e.Line, []any{e.Input, o}}
		} else {
			out[i] = []any{e.Session, e.Line, e.Input}
		}
	}
	k.reply(ch, m, "history_reply", map[string]any{"status": "ok", "history": out})
}

func (k *Kernel) handleInterrupt(ch *channel, m *message) {
	k.Interrupt()
	k.reply(ch, m, "interrupt_reply", map[string]any{"status": "ok"})
}

func (k *Kernel) handleShutdown(ch *channel, m *message) {
	var req struct {
		Restart bool `json:"restart"`
	}
	if err := k.decodeContent(m, &req); err != nil {
		k.errorReply(ch, m, "shutdown_reply", err)
		return
	}
	if !req.Restart {
		content := map[string]any{"status": "ok", "restart": false}
		k.reply(ch, m, "shutdown_reply", content)
		k.publish(m.RawHeader, "shutdown_reply", content)
		k.Interrupt()
		if ch == k.control {
			k.stopRequested.Store(true)
		} else {
			k.Stop()
		}
		return
	}
	// Stop the running cell, wait until the executor is free, reset it.
	k.Interrupt()
	k.execMu.Lock()
	err := k.exec.Reset()
	k.execMu.Unlock()
	k.mu.Lock()
	k.count = 0
	k.mu.Unlock()
	k.hist.newSession()
	content := map[string]any{"status": "ok", "restart": true}
	if err != nil {
		k.log.Error("executor reset failed", "err", err)
		content = map[string]any{"status": "error", "restart": true, "ename": "ResetError",
			"evalue": err.Error(), "traceback": []string{}}
	}
	k.reply(ch, m, "shutdown_reply", content)
	k.publish(m.RawHeader, "shutdown_reply", content)
}

// publisher is the Publisher of one execute_request: every call becomes an
// iopub message whose parent is that request. It is safe for concurrent
// use, also after the cell has finished.
type publisher struct {
	k          *Kernel
	parent     json.RawMessage
	req        *message // the execute_request; input_request goes to its sender
	allowStdin bool
}

var _ Prompter = (*publisher)(nil)

// Stream sends a stream message; name is "stdout" or "stderr".
func (p *publisher) Stream(name, text string) {
	if text == "" {
		return
	}
	p.k.publish(p.parent, "stream", map[string]any{"name": name, "text": text})
}

// Publish sends display_data, or update_display_data when b.Update.
func (p *publisher) Publish(b display.Bundle) {
	typ := "display_data"
	if b.Update {
		if b.ID == "" {
			p.k.log.Warn("update_display_data without a display ID; sent as display_data")
		} else {
			typ = "update_display_data"
		}
	}
	transient := map[string]any{}
	if b.ID != "" {
		transient["display_id"] = b.ID
	}
	p.k.publish(p.parent, typ, map[string]any{
		"data": orEmpty(b.Data), "metadata": orEmpty(b.Metadata), "transient": transient,
	})
}

// Clear sends clear_output.
func (p *publisher) Clear(wait bool) {
	p.k.publish(p.parent, "clear_output", map[string]any{"wait": wait})
}
