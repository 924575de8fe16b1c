package dsl

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"

	"github.com/rbm-kernel/rbm-kernel/internal/atomicfile"
)

// ASHA is a sweep's early-stopping rule, the statement
//
//	asha on loglik higher from 100 eta 3
//
// (asynchronous successive halving). The rungs are the updates
//
//	r_k = From·Eta^k,  k = 0, 1, …,  r_k < Updates,
//
// and a run that reaches rung k with value v of Measure is ranked among the
// n runs of the plan whose value at r_k is recorded so far, itself
// included. The best
//
//	m = max(1, ⌊n/Eta⌋)
//
// of them go on; the run goes on if v is at least as good as the m-th best
// value (ties go on) and stops there otherwise. A NaN value is worse than
// any number and always stops. Decisions use only what is recorded when the
// run reaches the rung, so they need no synchronisation between runners:
// with runs one after another in plan order they follow from that order.
type ASHA struct {
	Measure string // the measurement ranked, taken every some updates
	Better  string // "higher" or "lower"
	From    int    // the first rung r_0, in updates (≥ 1)
	Eta     int    // the reduction factor η (≥ 2)
	Rungs   []int  // r_0, r_1, …: the rungs below the sweep's updates
}

// String writes the rule in its canonical spelling, which results and the
// plan record keep: "asha on loglik higher from 100 eta 3".
func (a *ASHA) String() string {
	if a == nil {
		return ""
	}
	return fmt.Sprintf("asha on %s %s from %d eta %d", a.Measure, a.Better, a.From, a.Eta)
}

// rung returns the index of step among the rungs, or −1.
func (a *ASHA) rung(step int) int {
	for k, r := range a.Rungs {
		if r == step {
			return k
		}
	}
	return -1
}

// rungsBelow returns from, from·eta, from·eta², … below updates.
func rungsBelow(from, eta, updates int) []int {
	var rungs []int
	for r := from; r < updates; r *= eta {
		rungs = append(rungs, r)
		if r > updates/eta {
			break // the next would pass updates (and might overflow)
		}
	}
	return rungs
}

// better reports whether x ranks before y: a number before NaN, then by
// the rule's direction.
func (a *ASHA) better(x, y float64) bool {
	if math.IsNaN(y) {
		return !math.IsNaN(x)
	}
	if math.IsNaN(x) {
		return false
	}
	if a.Better == "lower" {
		return x < y
	}
	return x > y
}

// Decide applies the rule at one rung: value is the run's value there and
// others the values of the other runs recorded at the same rung. It
// returns whether the run goes on, and the decision as a Stop (filled
// whether or not the run stops; Rule, Rung and Step are left to the
// caller).
func (a *ASHA) Decide(value float64, others []float64) (goOn bool, d Stop) {
	all := append([]float64{value}, others...)
	sort.SliceStable(all, func(i, j int) bool { return a.better(all[i], all[j]) })
	n := len(all)
	m := n / a.Eta
	if m < 1 {
		m = 1
	}
	rank := 1
	for _, o := range others {
		if a.better(o, value) {
			rank++
		}
	}
	d = Stop{Measure: a.Measure, Better: a.Better, Value: value, Threshold: all[m-1], Rank: rank, Ranked: n, Kept: m}
	goOn = !math.IsNaN(value) && !a.better(all[m-1], value)
	return goOn, d
}

// Stop records that the sweep's rule stopped a run at a rung (Result.Stopped):
// the run is neither failed nor done; a plain Run of the same plan leaves
// it stopped, a Run under another rule runs it again.
type Stop struct {
	Rule      string  // the rule, ASHA.String()
	Measure   string  // the measurement ranked
	Better    string  // "higher" or "lower"
	Rung      int     // the rung's index k, from 0
	Step      int     // the rung r_k: the update at which the run stopped
	Value     float64 // the run's value at the rung
	Threshold float64 // the m-th best value at the rung, which it did not reach
	Rank      int     // the run's rank at the rung, 1 the best
	Ranked    int     // n: the runs recorded at the rung, itself included
	Kept      int     // m = max(1, ⌊n/η⌋): how many of them go on
}

type stopJSON struct {
	Rule      string `json:"rule"`
	Measure   string `json:"measure"`
	Better    string `json:"better"`
	Rung      int    `json:"rung"`
	Step      int    `json:"step"`
	Value     any    `json:"value"`
	Threshold any    `json:"threshold"`
	Rank      int    `json:"rank"`
	Ranked    int    `json:"ranked"`
	Kept      int    `json:"kept"`
}

// MarshalJSON writes a Stop, with non-finite values as strings as in a
// Point.
func (s Stop) MarshalJSON() ([]byte, error) {
	return json.Marshal(stopJSON{s.Rule, s.Measure, s.Better, s.Rung, s.Step,
		jsonFloat(s.Value), jsonFloat(s.Threshold), s.Rank, s.Ranked, s.Kept})
}

// UnmarshalJSON reads a Stop written by MarshalJSON.
func (s *Stop) UnmarshalJSON(b []byte) error {
	var sj stopJSON
	if err := json.Unmarshal(b, &sj); err != nil {
		return err
	}
	v, err1 := parseJSONFloat(sj.Value)
	t, err2 := parseJSONFloat(sj.Threshold)
	if err := errors.Join(err1, err2); err != nil {
		return fmt.Errorf("stopped: %w", err)
	}
	*s = Stop{sj.Rule, sj.Measure, sj.Better, sj.Rung, sj.Step, v, t, sj.Rank, sj.Ranked, sj.Kept}
	return nil
}

// jsonFloat is v, or "NaN", "+Inf", "-Inf" for a value JSON cannot hold.
func jsonFloat(v float64) any {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	}
	return v
}

func parseJSONFloat(v any) (float64, error) {
	switch v := v.(type) {
	case float64:
		return v, nil
	case string:
		f, err := strconv.ParseFloat(v, 64)
		if err == nil {
			return f, nil
		}
	}
	return 0, fmt.Errorf("bad value %v", v)
}

// String says in words what happened, e.g. "stopped at update 100 (rung 0
// of asha on loglik higher from 100 eta 3): loglik -9.1, rank 3 of 4, the
// best 1 went on (threshold -8.7)".
func (s *Stop) String() string {
	return fmt.Sprintf("stopped at update %d (rung %d of %s): %s %s, rank %d of %d, the best %d went on (threshold %s)",
		s.Step, s.Rung, s.Rule, s.Measure, formatNum(s.Value), s.Rank, s.Ranked, s.Kept, formatNum(s.Threshold))
}

// RungPath returns the file in which the run with key records its values at
// the rungs of the rule (<key>.rung beside its result): a JSON list of
// points, written when the run reaches each rung, read by the other runs
// to rank themselves. It stays after the run: it is what the next runs,
// in any process, rank against.
func (s *Store) RungPath(key string) string { return filepath.Join(s.Dir, key+".rung") }

// ashaBoard is the rule's view of the rungs for one Run: it records a
// run's value at a rung in the run's rung file and ranks it against the
// values the plan's other runs recorded there, from their rung files or,
// for results stored without rung files (a run made before the rule was
// added), from their results' points.
type ashaBoard struct {
	rule  *ASHA
	store *Store
	keys  []string // of the plan's runs
	mu    sync.Mutex
	known map[string]map[int]float64 // key → rung → value, as read so far
	final map[string]bool            // keys with a stored result, read once
}

func newASHABoard(rule *ASHA, store *Store, plan *Plan) *ashaBoard {
	b := &ashaBoard{rule: rule, store: store, known: map[string]map[int]float64{}, final: map[string]bool{}}
	for _, j := range plan.Jobs {
		b.keys = append(b.keys, j.Key)
	}
	return b
}

// observe is the Job.Observe of the run with key: it returns a Stop for a
// point that the rule stops the run at, nil otherwise.
func (b *ashaBoard) observe(key string, p Point) (*Stop, error) {
	k := b.rule.rung(p.Step)
	if p.Measure != b.rule.Measure || k < 0 {
		return nil, nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := b.read(key); err != nil {
		return nil, err
	}
	b.known[key][p.Step] = p.Value
	if err := b.write(key); err != nil {
		return nil, err
	}
	var others []float64
	for _, o := range b.keys {
		if o == key {
			continue
		}
		if _, ok := b.known[o][p.Step]; !ok && !b.final[o] {
			if err := b.read(o); err != nil {
				return nil, err
			}
		}
		if v, ok := b.known[o][p.Step]; ok {
			others = append(others, v)
		}
	}
	goOn, d := b.rule.Decide(p.Value, others)
	if goOn {
		return nil, nil
	}
	d.Rule, d.Rung, d.Step = b.rule.String(), k, p.Step
	return &d, nil
}

// read merges what is recorded of the run with key: its rung file, and
// once its result is stored, the result's points at the rungs.
func (b *ashaBoard) read(key string) error {
	if b.known[key] == nil {
		b.known[key] = map[int]float64{}
	}
	if err := b.readPoints(b.store.RungPath(key), key); err != nil {
		return err
	}
	if !b.store.Has(key) {
		return nil
	}
	r, err := b.store.Read(key)
	if err != nil {
		return nil // an unreadable result is a failed run: nothing recorded
	}
	b.final[key] = true
	b.merge(key, r.Points)
	return nil
}

// readPoints merges the points of a rung file, if it exists.
func (b *ashaBoard) readPoints(path, key string) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("dsl: asha: %w", err)
	}
	var pts []Point
	if err := json.Unmarshal(data, &pts); err != nil {
		return fmt.Errorf("dsl: asha: %s: %w", path, err)
	}
	b.merge(key, pts)
	return nil
}

// merge keeps the points of the rule's measure at its rungs.
func (b *ashaBoard) merge(key string, pts []Point) {
	for _, p := range pts {
		if p.Measure == b.rule.Measure && b.rule.rung(p.Step) >= 0 {
			b.known[key][p.Step] = p.Value
		}
	}
}

// write stores the known rung values of key in its rung file, atomically.
func (b *ashaBoard) write(key string) error {
	var pts []Point
	for step, v := range b.known[key] {
		pts = append(pts, Point{Measure: b.rule.Measure, Step: step, Value: v})
	}
	sort.Slice(pts, func(i, j int) bool { return pts[i].Step < pts[j].Step })
	data, err := json.Marshal(pts)
	if err != nil {
		return fmt.Errorf("dsl: asha: %w", err)
	}
	f, err := atomicfile.CreateTemp(b.store.Dir, ".tmp-"+key+"-rung-")
	if err != nil {
		return fmt.Errorf("dsl: asha: %w", err)
	}
	_, err = f.Write(append(data, '\n'))
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), b.store.RungPath(key))
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("dsl: asha: record the rung of %s: %w", key, err)
	}
	return nil
}
