// Package kernel is the Jupyter side of rbm-kernel: the messaging protocol
// (version 5.3) over ZeroMQ, the dispatch of requests to handlers, and the
// Executor interface through which Go cells are run.
//
// The package is built in three layers:
//
//   - wire: connection files, HMAC-SHA256 signing and the multipart frame
//     format ("<IDS|MSG>", signature, header, parent_header, metadata,
//     content, buffers);
//   - dispatch: one table of handlers per channel; shell requests run one at
//     a time in arrival order, control requests (interrupt, shutdown,
//     kernel_info) run concurrently with a running cell;
//   - executor: an Executor runs cells and reports through a Publisher that
//     turns each call into an iopub message with the right parent.
//
// The Executor never sees a socket.
package kernel

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-zeromq/zmq4"
)

// Options configures a Kernel. The zero value of every field but Executor
// is a usable default.
type Options struct {
	// Executor runs cells; it is required.
	Executor Executor
	// Logger receives protocol warnings (dropped messages, unknown message
	// types). Nil logs text to stderr.
	Logger *slog.Logger
	// Version is the implementation_version in kernel_info_reply;
	// empty means "dev".
	Version string
	// Banner is the kernel_info_reply banner; empty means a default one.
	Banner string
	// HelpLinks are the kernel_info_reply help links; nil means links to
	// the documentation of the interpreter and gonum.
	HelpLinks []HelpLink
	// LanguageVersion is language_info.version; empty means the Go
	// version this binary was built with.
	LanguageVersion string
}

// HelpLink is one entry of kernel_info_reply's help_links.
type HelpLink struct {
	Text string `json:"text"`
	URL  string `json:"url"`
}

// channel is one ROUTER or PUB socket with its single writer's queue.
type channel struct {
	name string
	sock zmq4.Socket
	out  chan [][]byte
}

// handler handles one decoded request that arrived on ch.
type handler func(ch *channel, m *message)

// Kernel serves the Jupyter messaging protocol for one Executor. Create it
// with New and serve with Run.
type Kernel struct {
	conn    ConnectionInfo
	exec    Executor
	log     *slog.Logger
	sig     signer
	session string
	opts    Options

	shell, control, stdin, iopub *channel
	hb                           zmq4.Socket

	shellQ chan *message

	stop     chan struct{}
	stopOnce sync.Once
	ready    chan struct{}
	readers  sync.WaitGroup
	writers  sync.WaitGroup
	workerWG sync.WaitGroup

	baseCtx    context.Context
	baseCancel context.CancelFunc

	mu          sync.Mutex // guards cancel, interrupted and count
	cancel      context.CancelFunc
	interrupted bool // the running cell has been interrupted once
	count       int

	execMu sync.Mutex // serializes Executor calls other than interrupts

	hist *history

	// replays remembers the signatures of the messages read, to refuse a
	// message sent again (ReplayWindow).
	replays *replayWindow

	// inputMu serializes input requests; inputReplies carries input_reply
	// messages from the stdin reader to the waiting Input call.
	inputMu      sync.Mutex
	inputReplies chan *message
	// inputPending is set while Input waits for a reply: the stdin reader
	// then hands every input_reply over, waiting for Input to take it,
	// where it dropped one that came while Input was still looking at a
	// stale one (the answer to the request, and the cell waited for
	// ever).
	inputPending atomic.Bool

	// stopRequested is set by a shutdown_request without restart.
	stopRequested atomic.Bool

	// shellArrived counts the requests the shell reader has put in shellQ
	// (each message carries its number as seq); shellTaken is the number
	// of the last one the shell worker took. abortThrough is set by the
	// execute handler, on the shell worker only, when a failed cell asks
	// that queued cells be aborted: it is shellArrived just before the
	// error reply is sent, so requests up to it, which the client sent
	// before it could see the error, are aborted, and none sent after it.
	// (Reading it after the reply aborted a request the client sent on
	// seeing the reply, if it arrived before the worker looked.)
	shellArrived atomic.Uint64
	shellTaken   uint64
	abortThrough uint64
	// errorReplied, nil outside tests, is called on the shell worker
	// right after the error reply of a stop_on_error cell has been queued
	// for sending, before anything queued is aborted.
	errorReplied func()

	shellHandlers   map[string]handler
	controlHandlers map[string]handler

	debug debugState
	comms commState
}

// New returns a Kernel for the connection described by ci. It binds nothing
// until Run.
func New(ci ConnectionInfo, opts Options) (*Kernel, error) {
	if opts.Executor == nil {
		return nil, errors.New("kernel.New: Options.Executor is nil")
	}
	if ci.Transport == "" {
		ci.Transport = "tcp"
	}
	if err := ci.Validate(); err != nil {
		return nil, fmt.Errorf("kernel.New: connection: %w", err)
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	ctx, cancel := context.WithCancel(context.Background())
	k := &Kernel{
		conn:       ci,
		exec:       opts.Executor,
		log:        opts.Logger,
		session:    newID(),
		opts:       opts,
		shellQ:     make(chan *message, 1024),
		stop:       make(chan struct{}),
		ready:      make(chan struct{}),
		baseCtx:    ctx,
		baseCancel: cancel,
		hist:       newHistory(),
		replays:    newReplayWindow(ReplayWindow),

		inputReplies: make(chan *message, 1),
	}
	if ci.Key != "" {
		k.sig = signer{key: []byte(ci.Key)}
	}
	k.shellHandlers = map[string]handler{
		"kernel_info_request": k.handleKernelInfo,
		"execute_request":     k.handleExecute,
		"complete_request":    k.handleComplete,
		"inspect_request":     k.handleInspect,
		"is_complete_request": k.handleIsComplete,
		"history_request":     k.handleHistory,
		"comm_info_request":   k.handleCommInfo,
		"comm_open":           k.handleComm,
		"comm_msg":            k.handleComm,
		"comm_close":          k.handleComm,
		// Some clients send these on shell; answer them there too.
		"interrupt_request": k.handleInterrupt,
		"shutdown_request":  k.handleShutdown,
	}
	k.controlHandlers = map[string]handler{
		"kernel_info_request": k.handleKernelInfo,
		"interrupt_request":   k.handleInterrupt,
		"shutdown_request":    k.handleShutdown,
		"debug_request":       k.handleDebug,
	}
	k.initDebug()
	k.initComms()
	return k, nil
}

// Ready is closed once Run has bound every socket.
func (k *Kernel) Ready() <-chan struct{} { return k.ready }

// Connection returns the connection information with the ports actually
// bound. It blocks until Ready is closed, so call it only after Run has
// started (and not after Run failed to bind).
func (k *Kernel) Connection() ConnectionInfo {
	<-k.ready
	return k.conn
}

// Interrupt cancels the context of the running cell, if any. A second
// interrupt of the same cell calls the Executor's HardInterrupt, if it has
// one. It is safe to call from any goroutine (e.g. a SIGINT handler).
func (k *Kernel) Interrupt() {
	k.mu.Lock()
	cancel, again := k.cancel, k.interrupted
	k.interrupted = cancel != nil
	k.mu.Unlock()
	if cancel == nil {
		return
	}
	cancel()
	if h, ok := k.exec.(HardInterrupter); ok && again {
		h.HardInterrupt()
	}
}

// InterruptOn makes the signals sigs (typically os.Interrupt) interrupt
// the running cell instead of ending the process, until the returned stop
// function is called.
func (k *Kernel) InterruptOn(sigs ...os.Signal) (stop func()) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, sigs...)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case s := <-c:
				k.log.Info("signal: interrupting the running cell", "signal", s.String())
				k.Interrupt()
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			signal.Stop(c)
			close(done)
			wg.Wait()
		})
	}
}

// Stop asks Run to return: the running cell is interrupted, queued replies
// are flushed and the sockets are closed. It may be called more than once.
func (k *Kernel) Stop() {
	k.stopOnce.Do(func() {
		close(k.stop)
		k.baseCancel()
	})
}

// Run binds the five sockets and serves until a shutdown_request without
// restart, Stop, or the cancellation of ctx. It returns an error only when
// a socket cannot be bound. Run must be called once.
func (k *Kernel) Run(ctx context.Context) error {
	if err := k.bind(ctx); err != nil {
		k.closeSockets()
		return err
	}
	close(k.ready)

	for _, ch := range []*channel{k.shell, k.control, k.stdin, k.iopub} {
		k.writers.Add(1)
		go k.writeLoop(ch)
	}
	// The starting status is iopub's first message: published before the
	// readers start, so that no request's busy can come before it (a
	// client that sent a request at once got busy first, 2 to 3 runs in
	// 100 of TestIOPubHeldUntilFirstSubscription under load).
	k.publish(nil, "status", map[string]any{"execution_state": "starting"})
	k.readers.Add(4)
	go k.readLoop(k.shell, func(m *message) {
		if isComm(m.Header.MsgType) && m.Invalid == nil {
			// Beside a running cell, not behind it (comms.go).
			k.dispatch(k.shell, k.shellHandlers, m)
			return
		}
		m.seq = k.shellArrived.Add(1)
		select {
		case k.shellQ <- m:
		case <-k.stop:
		}
	})
	go k.readLoop(k.control, func(m *message) {
		k.dispatch(k.control, k.controlHandlers, m)
		if k.stopRequested.Load() {
			k.Stop() // after the idle status of the shutdown_request
		}
	})
	go k.readLoop(k.stdin, func(m *message) {
		if m.Header.MsgType != "input_reply" {
			k.log.Warn("unknown message type", "channel", "stdin", "type", m.Header.MsgType)
			return
		}
		if !k.inputPending.Load() {
			k.log.Warn("input_reply with no pending input_request dropped")
			return
		}
		// Should Input return before taking it, the next Input drops
		// it before it asks (prompt.go).
		select {
		case k.inputReplies <- m:
		case <-k.stop:
		}
	})
	go k.heartbeat()
	k.workerWG.Add(1)
	go k.shellWorker()

	select {
	case <-ctx.Done():
		k.Stop()
	case <-k.stop:
	}
	// Give a running cell time to notice its cancelled context, then flush
	// and close. A cell stuck in code that ignores its context does not
	// keep the process alive.
	done := make(chan struct{})
	go func() { k.workerWG.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		k.log.Warn("running cell ignored shutdown; closing anyway")
	}
	k.writers.Wait()
	k.closeSockets()
	k.readers.Wait()
	return nil
}

func (k *Kernel) bind(ctx context.Context) error {
	zlog := slog.NewLogLogger(k.log.Handler(), slog.LevelDebug)
	opts := []zmq4.Option{zmq4.WithLogger(zlog), zmq4.WithTimeout(10 * time.Second)}
	newCh := func(name string, s zmq4.Socket) *channel {
		return &channel{name: name, sock: s, out: make(chan [][]byte, 256)}
	}
	k.shell = newCh("shell", zmq4.NewRouter(ctx, opts...))
	k.control = newCh("control", zmq4.NewRouter(ctx, opts...))
	k.stdin = newCh("stdin", zmq4.NewRouter(ctx, opts...))
	k.iopub = newCh("iopub", zmq4.NewPub(ctx, opts...))
	k.hb = zmq4.NewRep(ctx, opts...)
	for _, b := range []struct {
		name string
		sock zmq4.Socket
		port *int
	}{
		{"shell", k.shell.sock, &k.conn.ShellPort},
		{"control", k.control.sock, &k.conn.ControlPort},
		{"stdin", k.stdin.sock, &k.conn.StdinPort},
		{"iopub", k.iopub.sock, &k.conn.IOPubPort},
		{"heartbeat", k.hb, &k.conn.HBPort},
	} {
		ep := k.conn.endpoint(*b.port)
		if err := b.sock.Listen(ep); err != nil {
			return fmt.Errorf("kernel: bind %s socket to %s: %w", b.name, ep, err)
		}
		if a, ok := b.sock.Addr().(*net.TCPAddr); ok {
			*b.port = a.Port
		}
	}
	return nil
}

func (k *Kernel) closeSockets() {
	for _, ch := range []*channel{k.shell, k.control, k.stdin, k.iopub} {
		if ch != nil && ch.sock != nil {
			_ = ch.sock.Close()
		}
	}
	if k.hb != nil {
		_ = k.hb.Close()
	}
}

// readLoop reads ch until its socket closes, dropping (and logging)
// anything that is not a correctly signed message.
func (k *Kernel) readLoop(ch *channel, handle func(*message)) {
	defer k.readers.Done()
	for {
		zm, err := ch.sock.Recv()
		if err != nil {
			if k.stopped() || errors.Is(err, context.Canceled) {
				return
			}
			k.log.Warn("receive failed", "channel", ch.name, "err", err)
			continue
		}
		if m := k.accept(ch, zm.Frames); m != nil {
			handle(m)
		}
	}
}

// accept decodes frames read on ch and returns the message to handle, or
// nil for one that is logged and dropped: a message that is not correctly
// signed, a replay of a message already read (ReplayWindow), or one whose
// header cannot be read. A signed message whose JSON is malformed but whose
// header can be read is returned with Invalid set: it gets an error reply.
func (k *Kernel) accept(ch *channel, frames [][]byte) *message {
	m, err := decode(frames, k.sig)
	var bad *malformedError
	if err != nil {
		if !errors.As(err, &bad) {
			k.log.Warn("dropped invalid message", "channel", ch.name, "err", err)
			return nil
		}
		m = bad.Msg
	}
	if k.replays.seen(m.Digest) {
		k.log.Warn("refused replayed message", "channel", ch.name, "type", m.Header.MsgType,
			"msg_id", m.Header.MsgID, "err", "its signature was seen before")
		return nil
	}
	if bad != nil {
		if m.Header.MsgType == "" {
			k.log.Warn("dropped invalid message", "channel", ch.name, "err", err)
			return nil
		}
		k.log.Warn("malformed message", "channel", ch.name, "type", m.Header.MsgType,
			"msg_id", m.Header.MsgID, "err", err)
		m.Invalid = err
	}
	return m
}

func (k *Kernel) stopped() bool {
	select {
	case <-k.stop:
		return true
	default:
		return false
	}
}

// writeLoop is the only goroutine that sends on ch's socket. After Stop
// it flushes what is queued and returns.
func (k *Kernel) writeLoop(ch *channel) {
	defer k.writers.Done()
	send := func(frames [][]byte) {
		if err := ch.sock.Send(zmq4.NewMsgFrom(frames...)); err != nil {
			k.log.Warn("send failed", "channel", ch.name, "err", err)
		}
	}
	if ch == k.iopub && !k.holdUntilSubscribed(ch, send) {
		k.drain(ch, send)
		return
	}
	for {
		select {
		case f := <-ch.out:
			send(f)
		case <-k.stop:
			k.drain(ch, send)
			return
		}
	}
}

// drain sends what is queued on ch, after Stop.
func (k *Kernel) drain(ch *channel, send func([][]byte)) {
	for {
		select {
		case f := <-ch.out:
			send(f)
		default:
			return
		}
	}
}

// heartbeat echoes every ping on the REP socket.
func (k *Kernel) heartbeat() {
	defer k.readers.Done()
	for {
		m, err := k.hb.Recv()
		if err != nil {
			if k.stopped() || errors.Is(err, context.Canceled) {
				return
			}
			continue
		}
		if err := k.hb.Send(m); err != nil && !k.stopped() {
			k.log.Warn("heartbeat send failed", "err", err)
		}
	}
}

// shellWorker handles shell requests one at a time, in arrival order.
func (k *Kernel) shellWorker() {
	defer k.workerWG.Done()
	for {
		select {
		case m := <-k.shellQ:
			k.shellTaken = m.seq
			k.dispatch(k.shell, k.shellHandlers, m)
			if k.shellTaken < k.abortThrough {
				k.abortQueued()
			}
		case <-k.stop:
			return
		}
	}
}

// abortQueued answers every execute_request that arrived before the
// failed cell's reply was sent (up to abortThrough) with status "aborted",
// without running it, as ipykernel does after a failed cell with
// stop_on_error. Other requests among them are handled normally; requests
// that arrived later stay queued and run. (ipykernel draws the line after
// sending the reply, so that a request sent on seeing it can be aborted
// too; here the line is the reply.)
func (k *Kernel) abortQueued() {
	for k.shellTaken < k.abortThrough {
		select {
		case m := <-k.shellQ:
			k.shellTaken = m.seq
			if m.Header.MsgType != "execute_request" {
				k.dispatch(k.shell, k.shellHandlers, m)
				continue
			}
			k.publishStatus(m, "busy")
			k.mu.Lock()
			n := k.count
			k.mu.Unlock()
			k.reply(k.shell, m, "execute_reply", map[string]any{
				"status": "aborted", "execution_count": n, "user_expressions": map[string]any{},
			})
			k.publishStatus(m, "idle")
		case <-k.stop:
			return
		}
	}
}

// dispatch publishes busy, runs the handler of m's type (logging unknown
// types), and publishes idle. A panicking handler is logged, not fatal.
func (k *Kernel) dispatch(ch *channel, table map[string]handler, m *message) {
	k.publishStatus(m, "busy")
	defer k.publishStatus(m, "idle")
	if m.Invalid != nil {
		k.answerMalformed(ch, m)
		return
	}
	h, ok := table[m.Header.MsgType]
	if !ok {
		k.log.Warn("unknown message type", "channel", ch.name, "type", m.Header.MsgType)
		return
	}
	defer func() {
		if r := recover(); r != nil {
			k.log.Error("handler panicked", "channel", ch.name, "type", m.Header.MsgType,
				"panic", fmt.Sprint(r), "stack", string(debug.Stack()))
		}
	}()
	h(ch, m)
}

// enqueue hands frames to ch's writer, or drops them after Stop.
func (k *Kernel) enqueue(ch *channel, frames [][]byte) {
	select {
	case ch.out <- frames:
	case <-k.stop:
	}
}

func (k *Kernel) newHeader(msgType string, username string) header {
	if username == "" {
		username = "kernel"
	}
	return header{
		MsgID:    newID(),
		Session:  k.session,
		Username: username,
		Date:     timestamp(),
		MsgType:  msgType,
		Version:  ProtocolVersion,
	}
}

// reply sends content as msgType on ch to the sender of req.
func (k *Kernel) reply(ch *channel, req *message, msgType string, content any) {
	frames, err := encode(k.sig, req.Identities, k.newHeader(msgType, req.Header.Username), req.RawHeader, nil, content)
	if err != nil {
		k.log.Error("reply not sent", "type", msgType, "err", err)
		return
	}
	k.enqueue(ch, frames)
}

// publish sends content as msgType on iopub with parent as parent_header.
func (k *Kernel) publish(parent json.RawMessage, msgType string, content any) {
	k.publishBuffers(parent, msgType, nil, content, nil)
}

// publishBuffers is publish with metadata (nil for {}) and binary buffers,
// which follow the content's frame (they are not signed).
func (k *Kernel) publishBuffers(parent json.RawMessage, msgType string, metadata, content any, buffers [][]byte) {
	topic := []byte("kernel." + k.session + "." + msgType)
	frames, err := encode(k.sig, [][]byte{topic}, k.newHeader(msgType, ""), parent, metadata, content)
	if err != nil {
		k.log.Error("iopub message not sent", "type", msgType, "err", err)
		return
	}
	k.enqueue(k.iopub, append(frames, buffers...))
}

func (k *Kernel) publishStatus(parent *message, state string) {
	k.publish(parent.RawHeader, "status", map[string]any{"execution_state": state})
}
