package display

import (
	"fmt"
	"html"
	"strings"
	"sync"
	"time"
)

// DefaultInterval is the least time between two published updates of a
// Progress whose Interval is zero.
const DefaultInterval = 100 * time.Millisecond

// progressWidth is the width of the text bar, in characters.
const progressWidth = 20

// Progress is a progress bar that updates in place. Its Update method has
// the signature of the library's progress callbacks,
//
//	func(done, total int, status string)
//
// so a notebook passes p.Update to a training loop. Updates are throttled
// to one per Interval; the first update, an update with done ≥ total > 0,
// and Done are always published. A Progress is safe for concurrent use and
// does nothing outside a kernel.
type Progress struct {
	// Interval is the least time between two published updates; zero
	// means DefaultInterval. Set it before the first Update.
	Interval time.Duration
	// Now is the clock used for throttling, elapsed time and the estimate
	// of time left; nil means time.Now. Set it before the first Update.
	Now func() time.Time

	label string
	disp  *Display

	mu        sync.Mutex
	started   bool      // an Update was seen
	finished  bool      // Done was called
	start     time.Time // time of the first Update
	firstDone int       // done at the first Update, the base of the rate
	published bool      // something was published
	last      time.Time // time of the last publication
	done      int
	total     int
	status    string
	elapsed   time.Duration
}

// NewProgress returns a progress bar with the given label; it shows
// nothing until the first Update.
func NewProgress(label string) *Progress {
	return &Progress{label: label, disp: New()}
}

func (p *Progress) now() time.Time {
	if p.Now != nil {
		return p.Now()
	}
	return time.Now()
}

// Update records that done of total steps are finished, with a short
// status (e.g. "epoch 3, loss 0.42"), and republishes the bar unless the
// last publication is more recent than Interval. A total ≤ 0 means
// unknown: the bar shows the count only. Updates after Done are ignored.
func (p *Progress) Update(done, total int, status string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return
	}
	now := p.now()
	if !p.started {
		p.started = true
		p.start = now
		p.firstDone = done
	}
	p.done, p.total, p.status = done, total, status
	p.elapsed = now.Sub(p.start)
	interval := p.Interval
	if interval <= 0 {
		interval = DefaultInterval
	}
	final := total > 0 && done >= total
	if !p.published || final || now.Sub(p.last) >= interval {
		p.publishLocked(now)
		return
	}
}

// Done publishes the final state of the bar, showing the total time taken,
// and makes later Updates no-ops.
func (p *Progress) Done() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.finished {
		return
	}
	now := p.now()
	if !p.started {
		p.started, p.start = true, now
	}
	p.finished = true
	p.elapsed = now.Sub(p.start)
	p.publishLocked(now)
}

func (p *Progress) publishLocked(now time.Time) {
	p.published = true
	p.last = now
	p.disp.Publish(p.bundleLocked())
}

// Bundle returns the bar as it would be published now: text/html and
// text/plain.
func (p *Progress) Bundle() Bundle {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.bundleLocked()
}

// String returns the text form of the bar, e.g.
//
//	train [==========>         ] 50/100 (50%) 0:06 elapsed, 0:06 left epoch 5
func (p *Progress) String() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.textLocked()
}

func (p *Progress) bundleLocked() Bundle {
	return Bundle{Data: map[string]any{MIMEText: p.textLocked(), MIMEHTML: p.htmlLocked()}}
}

// fraction returns done/total clamped to [0, 1], and false for an unknown
// total.
func (p *Progress) fraction() (float64, bool) {
	if p.total <= 0 {
		return 0, false
	}
	f := float64(p.done) / float64(p.total)
	return min(max(f, 0), 1), true
}

// timesLocked describes elapsed time and, while running with a known
// total, the time left, estimated from the rate since the first Update:
//
//	left = elapsed · (total − done) / (done − done₀)
func (p *Progress) timesLocked() string {
	s := formatDuration(p.elapsed) + " elapsed"
	if p.finished {
		return formatDuration(p.elapsed) + " total"
	}
	if p.total > 0 && p.done > p.firstDone && p.done < p.total {
		left := time.Duration(float64(p.elapsed) * float64(p.total-p.done) / float64(p.done-p.firstDone))
		s += ", " + formatDuration(left) + " left"
	}
	return s
}

func (p *Progress) countsLocked() string {
	f, known := p.fraction()
	if !known {
		return fmt.Sprintf("%d", p.done)
	}
	return fmt.Sprintf("%d/%d (%d%%)", p.done, p.total, int(100*f))
}

func (p *Progress) textLocked() string {
	var b strings.Builder
	if p.label != "" {
		b.WriteString(p.label + " ")
	}
	if f, known := p.fraction(); known {
		n := int(f * progressWidth)
		bar := strings.Repeat("=", n)
		if n < progressWidth {
			bar += ">" + strings.Repeat(" ", progressWidth-n-1)
		}
		b.WriteString("[" + bar + "] ")
	}
	b.WriteString(p.countsLocked() + " " + p.timesLocked())
	if p.status != "" {
		b.WriteString(" " + p.status)
	}
	return b.String()
}

func (p *Progress) htmlLocked() string {
	var b strings.Builder
	b.WriteString(`<div class="rbm-progress" style="font-family:monospace;white-space:pre">`)
	if p.label != "" {
		b.WriteString("<b>" + html.EscapeString(p.label) + "</b> ")
	}
	if _, known := p.fraction(); known {
		fmt.Fprintf(&b, `<progress value="%d" max="%d" style="width:20em;vertical-align:middle"></progress> `, min(max(p.done, 0), p.total), p.total)
	} else if !p.finished {
		b.WriteString(`<progress style="width:20em;vertical-align:middle"></progress> `)
	}
	b.WriteString(html.EscapeString(p.countsLocked() + " " + p.timesLocked()))
	if p.status != "" {
		b.WriteString(" — " + html.EscapeString(p.status))
	}
	b.WriteString("</div>")
	return b.String()
}

// formatDuration formats d as m:ss, or h:mm:ss from one hour on.
func formatDuration(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	s := int(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
