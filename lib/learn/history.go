package learn

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"time"
)

// Series is one measured quantity over training: Y[i] was measured after
// X[i] updates, Seconds[i] seconds after training started.
type Series struct {
	// Name is the observer's name.
	Name string
	// X holds the update counts of the points (0: before training).
	X []float64
	// Y holds the measured values.
	Y []float64
	// Seconds holds the wall time since the start of training (of a
	// Run's pieces, summed, when it was continued in pieces).
	Seconds []float64
}

// History holds the series measured during training, in the order their
// names were first added, and the totals of the run.
type History struct {
	// Updates is the number of parameter updates made.
	Updates int
	// Elapsed is the wall time of the run (of its pieces, summed).
	Elapsed time.Duration
	// StoppedBy is the name of the observer that stopped the run early by
	// returning ErrStop, "" if none did.
	StoppedBy string

	series []Series
}

// Add appends the point (update, value) measured at seconds to the series
// called name, creating the series if needed.
func (h *History) Add(name string, update int, seconds, value float64) {
	for i := range h.series {
		if h.series[i].Name == name {
			s := &h.series[i]
			s.X = append(s.X, float64(update))
			s.Y = append(s.Y, value)
			s.Seconds = append(s.Seconds, seconds)
			return
		}
	}
	h.series = append(h.series, Series{Name: name, X: []float64{float64(update)}, Y: []float64{value}, Seconds: []float64{seconds}})
}

// Names returns the names of the series in the order they were added.
func (h *History) Names() []string {
	names := make([]string, len(h.series))
	for i, s := range h.series {
		names[i] = s.Name
	}
	return names
}

// Series returns the series called name, sharing its slices with h; the
// zero Series (no points) if there is none.
func (h *History) Series(name string) Series {
	for _, s := range h.series {
		if s.Name == name {
			return s
		}
	}
	return Series{Name: name}
}

// Last returns the last value of the series called name, NaN if it has no
// points.
func (h *History) Last(name string) float64 {
	s := h.Series(name)
	if len(s.Y) == 0 {
		return math.NaN()
	}
	return s.Y[len(s.Y)-1]
}

// Max returns the largest value of the series called name, ignoring NaN;
// NaN if it has no points.
func (h *History) Max(name string) float64 {
	m := math.NaN()
	for _, y := range h.Series(name).Y {
		if !math.IsNaN(y) && (math.IsNaN(m) || y > m) {
			m = y
		}
	}
	return m
}

// WriteCSV writes every point as a row "series,update,seconds,value" after
// that header line.
func (h *History) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"series", "update", "seconds", "value"}); err != nil {
		return fmt.Errorf("learn: History.WriteCSV: %w", err)
	}
	for _, s := range h.series {
		for i := range s.X {
			rec := []string{
				s.Name,
				strconv.FormatFloat(s.X[i], 'g', -1, 64),
				strconv.FormatFloat(s.Seconds[i], 'g', 6, 64),
				strconv.FormatFloat(s.Y[i], 'g', -1, 64),
			}
			if err := cw.Write(rec); err != nil {
				return fmt.Errorf("learn: History.WriteCSV: series %q: %w", s.Name, err)
			}
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("learn: History.WriteCSV: %w", err)
	}
	return nil
}
