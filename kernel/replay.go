package kernel

import (
	"crypto/sha256"
	"sync"
)

// ReplayWindow is how many signatures the kernel remembers to refuse a
// replayed message: the same bound as jupyter_client's Session
// (digest_history_size, 2^16).
//
// Every correctly signed message that the kernel reads, on shell, control
// or stdin, adds its signature; a message whose signature is among the
// remembered ones is a replay: it is logged and refused, never handled.
// When the window is full the oldest signature is forgotten (first in,
// first out; jupyter_client forgets a random tenth instead). What this
// guarantees: a signed message runs at most once among any ReplayWindow
// consecutive signed messages the kernel accepted; a copy of a message
// older than that would be accepted again. Only messages signed with the
// session's key enter the window, so a sender without the key cannot push
// a message out of it, and a refused replay does not enter it either. The
// window costs about 32 bytes of signature plus a map entry per message,
// a few MiB when full. Without a key (unsigned messages) there is nothing
// to remember and no replay is refused.
const ReplayWindow = 1 << 16

// replayWindow remembers the last size signatures it was shown. It is
// safe for concurrent use (the readers of shell, control and stdin share
// one).
type replayWindow struct {
	mu   sync.Mutex
	size int
	ring [][sha256.Size]byte // the remembered signatures, oldest at next once full
	next int                 // where the next signature goes once the ring is full
	set  map[[sha256.Size]byte]struct{}
}

// newReplayWindow returns a window of size signatures (size > 0).
func newReplayWindow(size int) *replayWindow {
	return &replayWindow{size: size, set: map[[sha256.Size]byte]struct{}{}}
}

// seen reports whether digest (a decoded HMAC-SHA256 signature) is among
// the remembered signatures; if it is not, it is remembered, forgetting
// the oldest one when the window is full. An empty digest (an unsigned
// message) is never seen and not remembered.
func (w *replayWindow) seen(digest []byte) bool {
	if len(digest) != sha256.Size {
		return false
	}
	var d [sha256.Size]byte
	copy(d[:], digest)
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.set[d]; ok {
		return true
	}
	w.set[d] = struct{}{}
	if len(w.ring) < w.size {
		w.ring = append(w.ring, d)
		return false
	}
	delete(w.set, w.ring[w.next])
	w.ring[w.next] = d
	w.next = (w.next + 1) % w.size
	return false
}
