package widgets

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// FrontLink keeps an attribute of one widget equal to an attribute of
// another in the front end (LinkModel, ipywidgets' jslink): the browser
// copies each change both ways without a round trip through the kernel,
// and each widget then sends its change to the kernel as usual. Without a
// front end (nbconvert) nothing copies: use Link for that.
type FrontLink struct{ m *Model }

// JSLink links attribute attrA of a to attribute attrB of b in the front
// end (e.g. JSLink(play, "value", slider, "value")). It returns an error
// for a nil widget or an attribute that its model does not have.
func JSLink(a Widget, attrA string, b Widget, attrB string) (*FrontLink, error) {
	if err := linkable("JSLink", a, attrA, b, attrB); err != nil {
		return nil, err
	}
	return &FrontLink{newModel(controlsModule, controlsVer, "LinkModel", controlsModule, controlsVer, "", map[string]any{
		"source": []any{a.Model().Ref(), attrA}, "target": []any{b.Model().Ref(), attrB},
	})}, nil
}

// linkable checks the arguments of JSLink, Link and DLink (fn): both
// widgets exist and have the attributes.
func linkable(fn string, a Widget, attrA string, b Widget, attrB string) error {
	if a == nil || b == nil || a.Model() == nil || b.Model() == nil {
		return fmt.Errorf("widgets: %s: nil widget", fn)
	}
	for _, w := range []struct {
		m    *Model
		attr string
	}{{a.Model(), attrA}, {b.Model(), attrB}} {
		if _, ok := w.m.Get(w.attr); !ok {
			return fmt.Errorf("widgets: %s: %s has no attribute %q", fn, w.m.Name(), w.attr)
		}
	}
	return nil
}

// Model returns the link's model.
func (l *FrontLink) Model() *Model { return l.m }

// Unlink removes the link (closes its model).
func (l *FrontLink) Unlink() error { return l.m.Close() }

// String describes the link.
func (l *FrontLink) String() string {
	st := l.m.State()
	return fmt.Sprintf("FrontLink(%v, %v)", st["source"], st["target"])
}

// KernelLink keeps attributes of two widgets equal in the kernel
// (ipywidgets' link and dlink, which traitlets keep in Python): a change
// of one side, by Go code or by the front end, sets the other side from
// Go, which sends it to the front end and calls its observers. It holds
// without a front end, so linked widgets stay in step when nbconvert runs
// a notebook. Make it with Link or DLink.
type KernelLink struct {
	a, b      *Model
	attrA     string
	attrB     string
	both      bool // Link (both ways) rather than DLink
	unlinked  atomic.Bool
	copying   sync.Mutex // held by the goroutine that copies
	pendingMu sync.Mutex
	pending   int // 0: nothing to copy, 1: from a to b, 2: from b to a
}

// maxCopyRounds bounds the copies of one change between two sides whose
// corrections disagree for ever (no widget of the package does).
const maxCopyRounds = 100

// Link keeps attribute attrA of a and attribute attrB of b equal: it sets
// b's to a's at once, and then copies every change of either to the
// other. A value that the receiving widget corrects (a slider clamps it
// to its range) is copied back corrected, so both end equal. It returns an
// error for a nil widget or an attribute that its model does not have.
func Link(a Widget, attrA string, b Widget, attrB string) (*KernelLink, error) {
	return newKernelLink("Link", a, attrA, b, attrB, true)
}

// DLink copies attribute attrSource of source to attribute attrTarget of
// target, at once and after every change of source's (one way: a change
// of target's stays there). It returns an error for a nil widget or an
// attribute that its model does not have.
func DLink(source Widget, attrSource string, target Widget, attrTarget string) (*KernelLink, error) {
	return newKernelLink("DLink", source, attrSource, target, attrTarget, false)
}

func newKernelLink(fn string, a Widget, attrA string, b Widget, attrB string, both bool) (*KernelLink, error) {
	if err := linkable(fn, a, attrA, b, attrB); err != nil {
		return nil, err
	}
	if a.Model() == b.Model() && attrA == attrB {
		return nil, fmt.Errorf("widgets: %s: %s's %q linked to itself", fn, a.Model().Name(), attrA)
	}
	l := &KernelLink{a: a.Model(), b: b.Model(), attrA: attrA, attrB: attrB, both: both}
	l.a.Observe(attrA, func(Change) { l.changed(1) })
	if both {
		l.b.Observe(attrB, func(Change) { l.changed(2) })
	}
	l.changed(1)
	return l, nil
}

// changed records that side (1: a, 2: b) changed and copies it to the
// other side, unless a goroutine is copying already: that one then copies
// this change too before it stops. So a change made while a copy runs,
// from the front end's goroutine or a cell's, or by the copy itself (the
// other side's observer), is followed by a copy, and when the changes
// stop both sides are equal. (Two goroutines changing the two sides at
// the same moment end equal at one of their values, not always the later
// one.)
func (l *KernelLink) changed(side int) {
	if l.unlinked.Load() {
		return
	}
	l.pendingMu.Lock()
	l.pending = side
	l.pendingMu.Unlock()
	for l.copying.TryLock() {
		rounds := 0
		for {
			l.pendingMu.Lock()
			p := l.pending
			l.pending = 0
			l.pendingMu.Unlock()
			if p == 0 || rounds == maxCopyRounds || l.unlinked.Load() {
				break
			}
			rounds++
			if p == 1 {
				copyAttr(l.a, l.attrA, l.b, l.attrB)
			} else {
				copyAttr(l.b, l.attrB, l.a, l.attrA)
			}
		}
		l.copying.Unlock()
		// A change recorded after the last look but before Unlock found
		// the lock held: take it again for that one.
		l.pendingMu.Lock()
		more := l.pending != 0
		l.pendingMu.Unlock()
		if !more {
			return
		}
	}
}

// copyAttr sets dst's attribute to src's, corrected as dst corrects the
// front end's values; observers run only if it changes.
func copyAttr(src *Model, srcAttr string, dst *Model, dstAttr string) {
	v, ok := src.Get(srcAttr)
	if !ok {
		return
	}
	dst.mu.Lock()
	if dst.validate != nil {
		v = dst.validate(dstAttr, v)
	}
	dst.mu.Unlock()
	if old, ok := dst.Get(dstAttr); ok && equal(old, v) {
		return
	}
	dst.set(dstAttr, v)
}

// Unlink stops the copying; the attributes keep their values.
func (l *KernelLink) Unlink() { l.unlinked.Store(true) }

// String describes the link, "Link(IntSliderModel.value, FloatSliderModel.value)".
func (l *KernelLink) String() string {
	kind := "DLink"
	if l.both {
		kind = "Link"
	}
	return fmt.Sprintf("%s(%s.%s, %s.%s)", kind, l.a.Name(), l.attrA, l.b.Name(), l.attrB)
}
