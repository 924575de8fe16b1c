package dsl

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/atomicfile"
)

// ResultSchema names the version of the result file format. A reader
// rejects files of another schema.
const ResultSchema = "rbm-kernel/sweep-result/v1"

// Result is what one run leaves behind, one JSON file per run named
// <key>.json:
//
//	{"schema": "rbm-kernel/sweep-result/v1", "key": "…", "index": 3,
//	 "repeat": 0, "seed": "1234…", "axes": [{"name": "rate", "value": 0.1}],
//	 "config": {…}, "version": "…", "started": "2026-…Z", "seconds": 1.5,
//	 "error": "", "points": [{"measure": "loglik", "step": 100, "value": -9.2}]}
//
// The seed is a decimal string, since JSON readers in other languages lose
// integers above 2^53. A value that is NaN or ±Inf is written as the string
// "NaN", "+Inf" or "-Inf".
type Result struct {
	Schema string `json:"schema"`
	Key    string `json:"key"`
	// Index is the run's position in the plan that selected the result
	// (Plan.Select sets it; Run sets it for the results it makes), −1 for
	// a result read from its file and not yet selected. It is not stored:
	// a plan with a level added in front of an axis renumbers its runs,
	// and the key names the run whatever its position.
	Index  int         `json:"-"`
	Repeat int         `json:"repeat"`
	Seed   uint64      `json:"seed,string"`
	Axes   []AxisValue `json:"axes"`
	Config Config      `json:"config"`
	// Version is the program's version and VCS revision (from its build
	// information, unless Options.Version set it), Modified whether the
	// tree it was built from had uncommitted changes (nil, and absent
	// from the file, when the build recorded no VCS data), Go the Go release,
	// BLAS the BLAS implementation of the products, Host the machine's
	// name and Command the command line of the process that ran the run.
	Version  string    `json:"version"`
	Modified *bool     `json:"modified,omitempty"`
	Go       string    `json:"go,omitempty"`
	BLAS     string    `json:"blas,omitempty"`
	Host     string    `json:"host,omitempty"`
	Command  []string  `json:"command,omitempty"`
	Started  time.Time `json:"started"`
	Seconds  float64   `json:"seconds"`
	// Error is empty for a run that succeeded; otherwise the run failed
	// and Points holds what it measured before failing.
	Error  string  `json:"error,omitempty"`
	Points []Point `json:"points"`
	// Stopped, if not nil, says that the sweep's early-stopping rule
	// (an asha statement) stopped the run at a rung, and why: the run
	// is neither failed (Error is empty) nor done, and Points end at
	// the rung. Run does not run it again under the same rule.
	Stopped *Stop `json:"stopped,omitempty"`
}

// Status is "failed", "stopped" (by the sweep's early-stopping rule) or
// "ok".
func (r *Result) Status() string {
	switch {
	case r.Error != "":
		return "failed"
	case r.Stopped != nil:
		return "stopped"
	}
	return "ok"
}

// Value returns the level of the named axis in r and whether r has it.
func (r *Result) Value(axis string) (any, bool) {
	for _, a := range r.Axes {
		if a.Name == axis {
			return a.Value, true
		}
	}
	return nil, false
}

// Level returns the level of the named axis in r as text (a number as
// fmt prints it, a name as written), or "" if r has no such axis.
func (r *Result) Level(axis string) string {
	v, ok := r.Value(axis)
	if !ok {
		return ""
	}
	return fmt.Sprint(v)
}

// Final returns the value of one measurement at its last step in r (a
// measurement taken only at the end has just that one), or NaN if r has
// no point of it.
func (r *Result) Final(measure string) float64 {
	_, v := r.Series(measure)
	if len(v) == 0 {
		return math.NaN()
	}
	return v[len(v)-1]
}

// Series returns the steps and values of one measurement, in step order.
func (r *Result) Series(measure string) (steps []int, values []float64) {
	var pts []Point
	for _, p := range r.Points {
		if p.Measure == measure {
			pts = append(pts, p)
		}
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].Step < pts[j].Step })
	for _, p := range pts {
		steps = append(steps, p.Step)
		values = append(values, p.Value)
	}
	return steps, values
}

// Point is one measurement taken during a run: Measure after Step updates.
type Point struct {
	Measure string  `json:"measure"`
	Step    int     `json:"step"`
	Value   float64 `json:"value"`
}

type pointJSON struct {
	Measure string `json:"measure"`
	Step    int    `json:"step"`
	Value   any    `json:"value"`
}

// MarshalJSON writes a Point, with non-finite values as strings.
func (p Point) MarshalJSON() ([]byte, error) {
	var v any = p.Value
	switch {
	case math.IsNaN(p.Value):
		v = "NaN"
	case math.IsInf(p.Value, 1):
		v = "+Inf"
	case math.IsInf(p.Value, -1):
		v = "-Inf"
	}
	return json.Marshal(pointJSON{p.Measure, p.Step, v})
}

// UnmarshalJSON reads a Point written by MarshalJSON.
func (p *Point) UnmarshalJSON(b []byte) error {
	var pj pointJSON
	if err := json.Unmarshal(b, &pj); err != nil {
		return err
	}
	p.Measure, p.Step = pj.Measure, pj.Step
	switch v := pj.Value.(type) {
	case float64:
		p.Value = v
	case string:
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return fmt.Errorf("point %s at step %d: bad value %q", pj.Measure, pj.Step, v)
		}
		p.Value = f
	default:
		return fmt.Errorf("point %s at step %d: bad value %v", pj.Measure, pj.Step, pj.Value)
	}
	return nil
}

// Store is a folder of result files, one per run.
type Store struct {
	Dir string
}

// OpenStore returns the store in dir, creating the folder if needed.
func OpenStore(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("dsl: result folder: %w", err)
	}
	return &Store{Dir: dir}, nil
}

// Path returns the file that holds the result of the run with key.
func (s *Store) Path(key string) string { return filepath.Join(s.Dir, key+".json") }

// CheckpointPath returns the file in which the run with key keeps its
// checkpoint while it runs (Job.Checkpoint): <key>.ckpt beside its result.
func (s *Store) CheckpointPath(key string) string { return filepath.Join(s.Dir, key+".ckpt") }

// lockPath returns the lock file of the run with key, <key>.lock, which a
// runner holds while it runs the run (tryLockRun).
func (s *Store) lockPath(key string) string { return filepath.Join(s.Dir, key+".lock") }

// resultState is what Run knows of a stored result: the file (nil if
// none), whether it records a failure (or cannot be read) and the rule
// that stopped it ("" if none did).
type resultState struct {
	fi      os.FileInfo
	failed  bool
	stopped string
}

// state returns the state of the result of the run with key.
func (s *Store) state(key string) resultState {
	fi, err := os.Stat(s.Path(key))
	if err != nil {
		return resultState{}
	}
	r, err := s.Read(key)
	st := resultState{fi: fi, failed: err != nil || r.Error != ""}
	if err == nil && r.Stopped != nil {
		st.stopped = r.Stopped.Rule
	}
	return st
}

// same reports whether st is the state of the same stored file as was (or
// both have none): a result written since replaces the file.
func (st resultState) same(was resultState) bool {
	if st.fi == nil || was.fi == nil {
		return st.fi == nil && was.fi == nil
	}
	return os.SameFile(st.fi, was.fi) && st.fi.ModTime().Equal(was.fi.ModTime())
}

// LogPath returns the file in which the run with key keeps its log, what
// it said while it ran (Job.Log) and how it ended: <key>.log beside its
// result. Each attempt appends to it.
func (s *Store) LogPath(key string) string { return filepath.Join(s.Dir, key+".log") }

// openRunLog opens the log at path for appending, creating it with 0666
// less the umask.
func openRunLog(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666)
	if err != nil {
		return nil, fmt.Errorf("dsl: run log: %w", err)
	}
	return f, nil
}

// Has reports whether a result file for key exists.
func (s *Store) Has(key string) bool {
	_, err := os.Stat(s.Path(key))
	return err == nil
}

// Write stores r atomically: it writes a temporary file in the same
// folder, syncs it and renames it to <key>.json, so a reader (or a sweep
// killed at any moment) sees either no file or the whole file.
func (s *Store) Write(r *Result) error {
	if r == nil {
		return fmt.Errorf("dsl: write of a nil result")
	}
	if r.Key == "" {
		return fmt.Errorf("dsl: result of run %d has no key", r.Index)
	}
	r.Schema = ResultSchema
	b, err := json.MarshalIndent(r, "", " ")
	if err != nil {
		return fmt.Errorf("dsl: encode result %s: %w", r.Key, err)
	}
	f, err := atomicfile.CreateTemp(s.Dir, ".tmp-"+r.Key+"-")
	if err != nil {
		return fmt.Errorf("dsl: write result %s: %w", r.Key, err)
	}
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), s.Path(r.Key))
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("dsl: write result %s: %w", r.Key, err)
	}
	return nil
}

// Read reads the result of the run with key.
func (s *Store) Read(key string) (*Result, error) {
	return readResult(s.Path(key))
}

func readResult(path string) (*Result, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("dsl: %w", err)
	}
	r := Result{Index: -1} // not stored; Plan.Select sets it
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("dsl: %s: %w", path, err)
	}
	if r.Schema != ResultSchema {
		return nil, fmt.Errorf("dsl: %s: schema %q, want %q", path, r.Schema, ResultSchema)
	}
	return &r, nil
}

// Load reads every result file of the folder (temporary files of
// interrupted writes are ignored), sorted by key, as LoadResults does.
func (s *Store) Load() ([]*Result, error) {
	return LoadResults(s.Dir)
}

// LoadResults reads every result file in dir (not PlanFile, not the
// subfolders), sorted by key, whatever plan they belong to, with Index −1
// (files do not store it); Plan.Select keeps those of one plan and sets
// their Index. It is what a notebook calls to analyse a finished sweep.
func LoadResults(dir string) ([]*Result, error) {
	files, err := resultFiles(dir)
	if err != nil {
		return nil, err
	}
	var out []*Result
	for _, n := range files {
		r, err := readResult(n)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out, nil
}

// Missing returns the runs of p (of all shards) that have no result file.
func (s *Store) Missing(p *Plan) []*Job {
	if p == nil {
		return nil
	}
	var out []*Job
	for _, r := range p.Jobs {
		if !s.Has(r.Key) {
			out = append(out, r)
		}
	}
	return out
}

// WriteCSV writes results as one long table, one row per run, measurement
// and step:
//
//	key,index,repeat,seed,<axis>…,status,measure,step,value,seconds,error
//
// status is Result.Status: "ok", "failed" or "stopped"; a run without points gives one row with an
// empty measure. The axis columns are the union of the results' axes in the
// order they first appear.
func WriteCSV(w io.Writer, results []*Result) error {
	var axes []string
	for _, r := range results {
		for _, a := range r.Axes {
			if !contains(axes, a.Name) {
				axes = append(axes, a.Name)
			}
		}
	}
	cw := csv.NewWriter(w)
	head := append([]string{"key", "index", "repeat", "seed"}, axes...)
	head = append(head, "status", "measure", "step", "value", "seconds", "error")
	if err := cw.Write(head); err != nil {
		return fmt.Errorf("dsl: csv: %w", err)
	}
	for _, r := range results {
		index := ""
		if r.Index >= 0 {
			index = strconv.Itoa(r.Index)
		}
		pre := []string{r.Key, index, strconv.Itoa(r.Repeat), strconv.FormatUint(r.Seed, 10)}
		for _, a := range axes {
			v, ok := r.Value(a)
			s := ""
			if ok {
				s = formatValue(v)
			}
			pre = append(pre, s)
		}
		status := r.Status()
		secs := strconv.FormatFloat(r.Seconds, 'g', -1, 64)
		pts := r.Points
		if len(pts) == 0 {
			pts = []Point{{Step: -1}}
		}
		for _, p := range pts {
			row := append(append([]string(nil), pre...), status, p.Measure)
			if p.Step < 0 {
				row = append(row, "", "")
			} else {
				row = append(row, strconv.Itoa(p.Step), strconv.FormatFloat(p.Value, 'g', -1, 64))
			}
			row = append(row, secs, r.Error)
			if err := cw.Write(row); err != nil {
				return fmt.Errorf("dsl: csv: %w", err)
			}
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("dsl: csv: %w", err)
	}
	return nil
}
