package display

import "github.com/rbm-kernel/rbm-kernel/kernel/internal/slot"

// Bundle is one rich output: a MIME bundle with its metadata, as Jupyter's
// display_data, update_display_data and execute_result messages carry it.
type Bundle struct {
	// Data maps a MIME type ("text/plain", "image/png", …) to its value:
	// a string (base64 for binary types) or, for JSON types, any value.
	Data map[string]any
	// Metadata maps a MIME type to its metadata (e.g. image width).
	Metadata map[string]any
	// ID is the display_id; empty for a display that is never updated.
	ID string
	// Update is true for an update_display_data of an earlier display ID.
	Update bool
}

// Sink receives what cells display. The kernel installs one per executing
// cell with SetSink; outside a kernel (plain Go programs, tests) the default
// sink drops everything.
type Sink interface {
	// Publish shows or updates one bundle.
	Publish(b Bundle)
	// Clear clears the cell's output; with wait, only when new output arrives.
	Clear(wait bool)
}

var sink slot.Slot[Sink]

// SetSink installs s as the destination of every display call and returns
// the sink it replaced. The kernel calls it around each cell; nil drops
// output.
func SetSink(s Sink) Sink { return sink.Swap(s) }

func current() Sink { return sink.Get() }
