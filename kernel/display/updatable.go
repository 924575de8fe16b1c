package display

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"sync"
	"sync/atomic"
)

// idPrefix makes display IDs unique across processes (a kernel restart
// must not reuse the IDs of outputs still in the notebook); idCounter makes
// them unique within one.
var (
	idPrefix  = newIDPrefix()
	idCounter atomic.Uint64
)

func newIDPrefix() string {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "rbm"
	}
	return hex.EncodeToString(b[:])
}

// newID returns a display ID never returned before by this process.
func newID() string { return fmt.Sprintf("%s-%d", idPrefix, idCounter.Add(1)) }

// Display is an output that can be replaced in place: the first Show
// publishes display_data with the display's ID, later ones publish
// update_display_data with the same ID, so a learning curve or a table
// redraws where it first appeared, even from a later cell. A Display is safe
// for concurrent use; its methods do nothing on a nil *Display or outside a
// kernel.
type Display struct {
	id    string
	mu    sync.Mutex
	shown bool
}

// New returns a Display with a new unique display ID that has shown
// nothing yet.
func New() *Display { return &Display{id: newID()} }

// ID returns the display_id.
func (d *Display) ID() string {
	if d == nil {
		return ""
	}
	return d.id
}

// Show displays v as Render formats it, replacing what the display showed
// before. Show(nil) does nothing.
func (d *Display) Show(v any) {
	if b, ok := Render(v); ok {
		d.Publish(b)
	}
}

// Publish displays b (its ID and Update fields are set by d), replacing
// what the display showed before.
func (d *Display) Publish(b Bundle) {
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	s := current()
	if s == nil {
		return
	}
	b.ID = d.id
	b.Update = d.shown
	s.Publish(b)
	d.shown = true
}
