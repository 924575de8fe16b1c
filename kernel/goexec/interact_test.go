package goexec

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/kernel/comm"
)

// TestInteractInterpreted gives widgets.Interact a function of the cell
// (interpreted code): it runs at once with the controls' values, prints
// into the Interactive's Output (captured, not into a cell), returns a
// value that the Output shows, and runs again when the front end moves a
// slider, on the comms' goroutine.
func TestInteractInterpreted(t *testing.T) {
	e := newExec(t)
	e.SetComms(func(comm.Message) {})
	t.Cleanup(func() { e.SetComms(nil) })

	_, rec := run(t, e, `temp := widgets.NewFloatSlider("T", 1, 0.1, 5)
k := widgets.NewIntSlider("k", 2, 1, 10)
runs := 0
it, err := widgets.Interact(func(t float64, n int) string {
	runs++
	fmt.Printf("T=%g k=%d\n", t, n)
	return strings.Repeat("*", n)
}, temp, k)
if err != nil {
	panic(err)
}`)
	if out := rec.stream("stdout"); out != "" {
		t.Errorf("the cell got %q of the function's output", out)
	}
	id, _ := run(t, e, `k.Model().ID()`)
	msg, _ := json.Marshal(map[string]any{"method": "update", "state": map[string]any{"value": 5}, "buffer_paths": []any{}})
	e.Comm(comm.Message{Type: comm.Msg, CommID: strings.Trim(id, `"`), Data: msg})
	comm.Default().Wait()

	got, _ := run(t, e, `fmt.Sprint(runs, " ", it.Output().Text())`)
	if got != `"2 T=1 k=5\n"` {
		t.Errorf("after the slider moved: %s, want 2 runs and the second's print", got)
	}
	got, _ = run(t, e, `o, _ := it.Output().Model().Get("outputs"); fmt.Sprint(o)`)
	if !strings.Contains(got, "*****") {
		t.Errorf("the Output does not show the result *****: %s", got)
	}
	_, rec = run(t, e, `_, err = widgets.Interact(func(s string) {}, temp)
fmt.Println(err)`)
	if out := rec.stream("stdout"); !strings.Contains(out, "parameter 1 of func(string) is a string, but control 1 (FloatSliderModel) gives a float64") {
		t.Errorf("a mismatched interpreted function: %q", out)
	}
}
