package kernel

import (
	"time"

	"github.com/go-zeromq/zmq4"
)

// A PUB socket drops every message published while no subscriber has
// subscribed. A client connects its SUB socket and sends its first
// requests at the same time, so on a loaded machine the replies to those
// requests can reach the shell socket before the subscription reaches
// iopub: the client then never sees the busy, the output or the idle of
// its first cell. jupyter console waits for that idle without a deadline,
// so it hangs (measured: 4 of 30 fresh kernels lost the first cell's iopub
// messages with a second process loading both cores; ipykernel 7.4 lost
// them 10 times in 15). jupyter_client's wait_for_ready and JupyterLab's
// server probe iopub before they trust it; jupyter console does not.
//
// So the kernel holds iopub messages until the first subscription arrives
// and then sends them in order. Once a client has subscribed, iopub is an
// ordinary PUB socket again: a client that subscribes later (jupyter
// console --existing) misses what was published before, as with any
// Jupyter kernel.

// maxHeldIOPub bounds the iopub messages held before the first
// subscription (the oldest are dropped beyond it), so a client that never
// subscribes costs bounded memory: at most this many messages.
const maxHeldIOPub = 4096

// subscriptionPoll is how often the iopub writer asks the socket whether a
// subscription has arrived, while it holds messages. zmq4 reads
// subscriptions on its own goroutine and offers no notification, only
// zmq4.Topics.
const subscriptionPoll = 2 * time.Millisecond

// subscribed reports whether any client has subscribed on sock. A socket
// that cannot say is taken as subscribed.
func subscribed(sock zmq4.Socket) bool {
	t, ok := sock.(zmq4.Topics)
	return !ok || len(t.Topics()) > 0
}

// holdUntilSubscribed runs on iopub's writer before its ordinary loop: it
// keeps the messages queued on ch until a client subscribes (or the kernel
// stops), then sends them in order. It reports false when the kernel
// stopped meanwhile, after sending what it held.
func (k *Kernel) holdUntilSubscribed(ch *channel, send func([][]byte)) bool {
	if subscribed(ch.sock) {
		return true
	}
	var held [][][]byte
	dropped := 0
	release := func() {
		if dropped > 0 {
			k.log.Warn("iopub messages dropped before the first subscription", "dropped", dropped)
		}
		for _, f := range held {
			send(f)
		}
	}
	poll := time.NewTicker(subscriptionPoll)
	defer poll.Stop()
	for {
		select {
		case f := <-ch.out:
			if len(held) == maxHeldIOPub {
				held = held[1:]
				dropped++
			}
			held = append(held, f)
		case <-poll.C:
			if subscribed(ch.sock) {
				release()
				return true
			}
		case <-k.stop:
			release()
			return false
		}
	}
}
