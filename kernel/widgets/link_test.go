package widgets

import (
	"strings"
	"sync"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
)

// updatesOf returns, in order, the comm ID and state of every "update"
// message in msgs (not the echo_updates).
func updatesOf(t *testing.T, msgs []comm.Message) (ids []string, states []map[string]any) {
	t.Helper()
	for _, m := range msgs {
		if m.Type == comm.Msg && data(t, m)["method"] == "update" {
			ids = append(ids, m.CommID)
			states = append(states, data(t, m)["state"].(map[string]any))
		}
	}
	return ids, states
}

// TestLinkProtocol: Link(a, "value", b, "value") over the comm protocol.
// It sets b to a at once; the front end moving a moves b (an update of b
// sent to the front end, b's observer called); Go setting b moves a; a
// value b clamps is copied back to a clamped, so both end equal.
func TestLinkProtocol(t *testing.T) {
	r := record(t)
	a := NewIntSlider("a", 3, 0, 10)
	b := NewIntSlider("b", 0, 0, 5)
	var seenB []int
	b.OnChange(func(v int) { seenB = append(seenB, v) })
	r.take()
	l, err := Link(a, "value", b, "value")
	if err != nil {
		t.Fatal(err)
	}
	if b.Value() != 3 {
		t.Errorf("after Link, b = %d, want a's 3", b.Value())
	}
	if ids, sts := updatesOf(t, r.take()); len(ids) != 1 || ids[0] != b.Model().ID() || sts[0]["value"] != 3.0 {
		t.Errorf("Link sent updates to %v: %v, want b's value 3", ids, sts)
	}
	if l.String() != "Link(IntSliderModel.value, IntSliderModel.value)" {
		t.Errorf("String() = %s", l)
	}

	deliver(update(a.Model().ID(), map[string]any{"value": 4}))
	msgs := r.take()
	if len(msgs) != 2 || data(t, msgs[0])["method"] != "echo_update" || msgs[0].CommID != a.Model().ID() {
		t.Fatalf("the front end's update of a: %+v, want a's echo_update, then b's update", msgs)
	}
	if ids, sts := updatesOf(t, msgs); len(ids) != 1 || ids[0] != b.Model().ID() || sts[0]["value"] != 4.0 {
		t.Errorf("after the front end moved a to 4, updates to %v: %v", ids, sts)
	}
	if b.Value() != 4 || seenB[len(seenB)-1] != 4 {
		t.Errorf("b = %d, b's observer saw %v", b.Value(), seenB)
	}

	b.SetValue(2)
	if ids, sts := updatesOf(t, r.take()); a.Value() != 2 || len(ids) != 2 || ids[1] != a.Model().ID() || sts[1]["value"] != 2.0 {
		t.Errorf("Go set b to 2: a = %d, updates to %v: %v", a.Value(), ids, sts)
	}

	// 9 is beyond b's range: b takes 5, and a follows to 5.
	deliver(update(a.Model().ID(), map[string]any{"value": 9}))
	ids, sts := updatesOf(t, r.take())
	if a.Value() != 5 || b.Value() != 5 {
		t.Errorf("the front end set a to 9: a = %d, b = %d, want both 5 (b's maximum)", a.Value(), b.Value())
	}
	if len(ids) != 2 || ids[0] != b.Model().ID() || sts[0]["value"] != 5.0 || ids[1] != a.Model().ID() || sts[1]["value"] != 5.0 {
		t.Errorf("updates to %v: %v, want b's 5, then a's 5", ids, sts)
	}

	l.Unlink()
	a.SetValue(1)
	if b.Value() != 5 {
		t.Errorf("after Unlink, a = 1 moved b to %d", b.Value())
	}
}

// TestDLinkOneWay: DLink copies from the source only.
func TestDLinkOneWay(t *testing.T) {
	record(t)
	src := NewFloatSlider("T", 2, 0.5, 4)
	dst := NewText("shown", "")
	if _, err := DLink(src, "description", dst, "value"); err != nil {
		t.Fatal(err)
	}
	if dst.Value() != "T" {
		t.Errorf("DLink set the target to %q, want the source's %q", dst.Value(), "T")
	}
	deliver(update(src.Model().ID(), map[string]any{"description": "temperature"}))
	if dst.Value() != "temperature" {
		t.Errorf("the front end changed the source; target %q", dst.Value())
	}
	dst.SetValue("other")
	if d, _ := src.Model().Get("description"); d != "temperature" {
		t.Errorf("a change of the target reached the source: %v", d)
	}
}

// TestLinkErrors: the errors name the function, the model and the
// attribute.
func TestLinkErrors(t *testing.T) {
	record(t)
	s := NewIntSlider("k", 1, 0, 3)
	c := NewCheckbox("on", false)
	for _, tc := range []struct {
		err  error
		want string
	}{
		{second(Link(s, "value", c, "no_such")), `widgets: Link: CheckboxModel has no attribute "no_such"`},
		{second(DLink(nil, "value", s, "value")), "widgets: DLink: nil widget"},
		{second(Link(s, "value", s, "value")), `widgets: Link: IntSliderModel's "value" linked to itself`},
		{second(JSLink(s, "nope", c, "value")), `widgets: JSLink: IntSliderModel has no attribute "nope"`},
	} {
		if tc.err == nil || !strings.Contains(tc.err.Error(), tc.want) {
			t.Errorf("error %v, want %q", tc.err, tc.want)
		}
	}
}

func second[T any](_ T, err error) error { return err }

// TestLinkConcurrent: the front end moves a (on the comm goroutine) while
// a cell's goroutine sets b, many times; when both stop, a and b are
// equal. Run with -race: the link's copying
// and the models are shared by the two goroutines.
func TestLinkConcurrent(t *testing.T) {
	record(t)
	a := NewIntSlider("a", 0, 0, 1000)
	b := NewIntSlider("b", 0, 0, 1000)
	if _, err := Link(a, "value", b, "value"); err != nil {
		t.Fatal(err)
	}
	const n = 300
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		for i := 1; i <= n; i++ {
			comm.Deliver(update(a.Model().ID(), map[string]any{"value": i}))
		}
		comm.Default().Wait()
	}()
	go func() {
		defer wg.Done()
		for i := 1; i <= n; i++ {
			b.SetValue(n + i)
		}
	}()
	wg.Wait()
	if a.Value() != b.Value() {
		t.Errorf("after concurrent changes a = %d, b = %d: the link lost a change", a.Value(), b.Value())
	}
	if v := a.Value(); v < 1 || v > 2*n {
		t.Errorf("a = b = %d, want one of the values set (1 to %d)", v, 2*n)
	}
}
