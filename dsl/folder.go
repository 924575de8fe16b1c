package dsl

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/atomicfile"
)

// PlanFile is the file of a result folder that records the plan its
// results belong to, a PlanRecord as JSON.
const PlanFile = "sweep-plan.json"

// PlanChangedError is the error of Store.Bind when the folder belongs to
// another plan: Changes says how the plan differs from the recorded one
// (empty when the folder records no plan, or when the runs differ although
// the file states the same plan), Other how many result files in the
// folder are of runs not in the new plan.
type PlanChangedError struct {
	Dir     string
	Changes []string
	Other   int
	// NoRecord is true for a folder with results but no PlanFile (made
	// before folders recorded their plan).
	NoRecord bool
}

// Error says what changed and what to do.
func (e *PlanChangedError) Error() string {
	var what string
	switch {
	case e.NoRecord:
		what = fmt.Sprintf("%s records no plan and holds %d results of runs not in this plan", e.Dir, e.Other)
	case len(e.Changes) == 0:
		what = fmt.Sprintf("%s belongs to a plan with other runs (the file states the same plan: a default of the library or the program changed); %d results are of runs not in this plan",
			e.Dir, e.Other)
	default:
		what = fmt.Sprintf("%s belongs to another plan: %s", e.Dir, strings.Join(e.Changes, "; "))
	}
	return "dsl: " + what + ". Use a new result folder (-out), or -replace to make this plan the folder's: results of runs not in it are moved to " +
		filepath.Join(e.Dir, "replaced-<time>") + ", results of its runs are kept"
}

// ReadPlanRecord reads the PlanFile of dir; it returns nil and no error
// when there is none.
func ReadPlanRecord(dir string) (*PlanRecord, error) {
	b, err := os.ReadFile(filepath.Join(dir, PlanFile))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("dsl: plan record: %w", err)
	}
	var r PlanRecord
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("dsl: %s: %w", filepath.Join(dir, PlanFile), err)
	}
	if r.Schema != PlanSchema {
		return nil, fmt.Errorf("dsl: %s: schema %q, want %q", filepath.Join(dir, PlanFile), r.Schema, PlanSchema)
	}
	return &r, nil
}

// writePlanRecord writes rec to dir/PlanFile atomically.
func writePlanRecord(dir string, rec *PlanRecord) error {
	b, err := json.MarshalIndent(rec, "", " ")
	if err != nil {
		return fmt.Errorf("dsl: encode plan record: %w", err)
	}
	f, err := atomicfile.CreateTemp(dir, ".tmp-plan-")
	if err != nil {
		return fmt.Errorf("dsl: write plan record: %w", err)
	}
	_, err = f.Write(append(b, '\n'))
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(dir, PlanFile))
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("dsl: write plan record: %w", err)
	}
	return nil
}

// resultFiles returns the result files of dir by key (the file name
// without .json): every *.json but PlanFile and hidden files.
func resultFiles(dir string) (map[string]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("dsl: %w", err)
	}
	out := map[string]string{}
	for _, n := range names {
		base := filepath.Base(n)
		if strings.HasPrefix(base, ".") || base == PlanFile {
			continue
		}
		out[strings.TrimSuffix(base, ".json")] = n
	}
	return out, nil
}

// others returns the paths of the result files in dir that are not results
// of runs of p: their key is no run's key, or their seed not that run's
// seed (the compared axes changed), or they cannot be read.
func others(dir string, p *Plan) ([]string, error) {
	files, err := resultFiles(dir)
	if err != nil {
		return nil, err
	}
	jobs := p.byKey()
	var out []string
	for key, path := range files {
		j, ok := jobs[key]
		if ok {
			r, err := readResult(path)
			ok = err == nil && r.Key == j.Key && r.Seed == j.Seed
		}
		if !ok {
			out = append(out, path)
		}
	}
	sort.Strings(out)
	return out, nil
}

// Bind makes s the folder of plan p before anything runs, so that results
// of different plans never mix. The folder records its plan in PlanFile:
//
//   - a folder without a record and without results of other runs, or
//     with the record of the same plan (same Fingerprint; the record is
//     rewritten if p spells it otherwise), is p's;
//   - a plan that grows the recorded one (PlanRecord.Grows: more repeats or
//     more levels, no run of the old plan changed), with no result in the
//     folder of a run outside p, replaces the record: the new runs are
//     added, the old results kept;
//   - any other plan is refused with a *PlanChangedError that says what
//     changed, unless replace is true: then the result files that are not
//     of runs of p (and results.csv) are moved, never deleted, to a new
//     subfolder replaced-<UTC time> with the old record, the results of
//     p's runs are kept, and p is recorded.
//
// It returns a note of what it did ("" when the folder already was p's).
func (s *Store) Bind(p *Plan, replace bool) (string, error) {
	if p == nil {
		return "", fmt.Errorf("dsl: Bind of a nil plan")
	}
	rec := p.Record()
	old, err := ReadPlanRecord(s.Dir)
	if err != nil {
		return "", err
	}
	if old != nil && old.Fingerprint == rec.Fingerprint {
		if old.ASHA != rec.ASHA {
			note := fmt.Sprintf("the early-stopping rule changed (%s → %s): runs stopped under the old rule run again, the others are kept",
				orNone(old.ASHA), orNone(rec.ASHA))
			return note, writePlanRecord(s.Dir, rec)
		}
		if canonValue(old) != canonValue(rec) {
			// The same runs spelled otherwise (a default written out):
			// record the current spelling, which later changes compare to.
			return "", writePlanRecord(s.Dir, rec)
		}
		return "", nil
	}
	foreign, err := others(s.Dir, p)
	if err != nil {
		return "", err
	}
	note := ""
	switch {
	case old == nil && len(foreign) == 0:
	case old != nil && old.Grows(rec) && len(foreign) == 0:
		note = fmt.Sprintf("the plan grew from %d to %d runs (%s); the results of the earlier runs are kept",
			old.Runs, rec.Runs, strings.Join(old.Changes(rec), "; "))
	case !replace:
		e := &PlanChangedError{Dir: s.Dir, Other: len(foreign), NoRecord: old == nil}
		if old != nil {
			e.Changes = old.Changes(rec)
		}
		return "", e
	default:
		moved, err := s.moveAside(foreign, old)
		if err != nil {
			return "", err
		}
		note = fmt.Sprintf("replaced the folder's plan: moved %d results of runs not in this plan to %s", len(foreign), moved)
	}
	if err := writePlanRecord(s.Dir, rec); err != nil {
		return "", err
	}
	return note, nil
}

// moveAside moves files (result files, with their logs, and results.csv,
// if present) into a new subfolder
// replaced-<UTC time> of s.Dir, with the old record if not nil, and returns
// the subfolder.
func (s *Store) moveAside(files []string, old *PlanRecord) (string, error) {
	base := filepath.Join(s.Dir, "replaced-"+time.Now().UTC().Format("20060102T150405Z"))
	dst := base
	for i := 2; ; i++ {
		err := os.Mkdir(dst, 0o755)
		if err == nil {
			break
		}
		if !errors.Is(err, os.ErrExist) {
			return "", fmt.Errorf("dsl: replace: %w", err)
		}
		dst = fmt.Sprintf("%s-%d", base, i)
	}
	if old != nil {
		if err := writePlanRecord(dst, old); err != nil {
			return "", err
		}
	}
	if csv := filepath.Join(s.Dir, "results.csv"); fileExists(csv) {
		files = append(files, csv)
	}
	for _, f := range files {
		// A moved result's log goes with it.
		if log := strings.TrimSuffix(f, ".json") + ".log"; strings.HasSuffix(f, ".json") && fileExists(log) {
			files = append(files, log)
		}
	}
	for _, f := range files {
		err := os.Rename(f, filepath.Join(dst, filepath.Base(f)))
		if err != nil && !errors.Is(err, os.ErrNotExist) { // another shard moved it
			return "", fmt.Errorf("dsl: replace: %w", err)
		}
	}
	return dst, nil
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// byKey returns p's runs by key.
func (p *Plan) byKey() map[string]*Job {
	m := make(map[string]*Job, len(p.Jobs))
	for _, j := range p.Jobs {
		m[j.Key] = j
	}
	return m
}

// Select returns the results of runs of p, those whose key and seed are a
// run's, ordered by the run's index in p, and the number of other results
// (of another plan) left out. Reports and summaries count only these. It
// sets each selected result's Index to its run's index in p, which result
// files do not store.
func (p *Plan) Select(results []*Result) (mine []*Result, other int) {
	if p == nil {
		return nil, len(results)
	}
	jobs := p.byKey()
	for _, r := range results {
		if r == nil {
			continue
		}
		if j, ok := jobs[r.Key]; ok && j.Seed == r.Seed {
			r.Index = j.Index
			mine = append(mine, r)
		} else {
			other++
		}
	}
	sort.SliceStable(mine, func(a, b int) bool { return mine[a].Index < mine[b].Index })
	return mine, other
}
