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
	"strings"
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

// RungsDir is the folder of a result folder that holds the values of the
// runs at the rungs of an asha rule: one file per run and rung,
// rungs/<measure>@<update>/<key>, holding the value as text, written
// (atomically) when the run reaches the rung. A run ranks itself against
// the files of its rung; they stay after the runs, so that later runs, in
// any process sharing the folder, rank against them.
const RungsDir = "rungs"

// rungDir returns the folder of the values at one rung.
func (s *Store) rungDir(measure string, step int) string {
	return filepath.Join(s.Dir, RungsDir, measure+"@"+strconv.Itoa(step))
}

// ashaBoard is the rule's view of the rungs for one Run: it records a
// run's value at a rung in the rung's folder and ranks it against the
// values that the plan's other runs recorded there and, for results stored
// without a record (runs made before the rule was added), their results'
// points at the rung. Values never change (a key names one training), so
// each file is read once.
type ashaBoard struct {
	rule  *ASHA
	store *Store
	plan  map[string]bool // the keys of the plan's runs
	mu    sync.Mutex
	// read holds the values read from the rung folders, by rung and
	// key; stored those taken from the results stored when the Run
	// started, by rung and key.
	read, stored map[int]map[string]float64
}

func newASHABoard(rule *ASHA, store *Store, plan *Plan) *ashaBoard {
	b := &ashaBoard{rule: rule, store: store, plan: map[string]bool{},
		read: map[int]map[string]float64{}, stored: map[int]map[string]float64{}}
	for _, step := range rule.Rungs {
		b.read[step], b.stored[step] = map[string]float64{}, map[string]float64{}
	}
	for _, j := range plan.Jobs {
		b.plan[j.Key] = true
		r, err := store.Read(j.Key)
		if err != nil {
			continue // no result, or an unreadable one: nothing recorded
		}
		for _, p := range r.Points {
			if p.Measure == rule.Measure && rule.rung(p.Step) >= 0 {
				b.stored[p.Step][j.Key] = p.Value
			}
		}
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
	dir := b.store.rungDir(p.Measure, p.Step)
	if err := writeRung(dir, key, p.Value); err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("dsl: asha: %w", err)
	}
	read := b.read[p.Step]
	for _, e := range entries {
		name := e.Name()
		if _, done := read[name]; done || !b.plan[name] || name == key {
			continue
		}
		v, err := readRung(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		read[name] = v
	}
	var others []float64
	for o, v := range read {
		if o != key {
			others = append(others, v)
		}
	}
	for o, v := range b.stored[p.Step] {
		if _, dup := read[o]; !dup && o != key {
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

// writeRung records value as the file key in dir, atomically.
func writeRung(dir, key string, value float64) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("dsl: asha: %w", err)
	}
	f, err := atomicfile.CreateTemp(dir, ".tmp-"+key+"-")
	if err != nil {
		return fmt.Errorf("dsl: asha: %w", err)
	}
	_, err = f.WriteString(strconv.FormatFloat(value, 'g', -1, 64) + "\n")
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(dir, key))
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("dsl: asha: record the value of %s at the rung: %w", key, err)
	}
	return nil
}

// readRung reads a value written by writeRung.
func readRung(path string) (float64, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, fmt.Errorf("dsl: asha: %w", err)
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(string(b)), 64)
	if err != nil {
		return 0, fmt.Errorf("dsl: asha: %s: not a value: %q", path, b)
	}
	return v, nil
}
