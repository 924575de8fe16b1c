package learn

import (
	"bytes"
	"encoding"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/atomicfile"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// Checkpoint says where and how often a run saves its state while it
// trains (Settings.Checkpoint). With Path set, Run.Continue writes the
// run's state to Path (as Run.Save does: atomically, so that a run killed
// at any moment leaves the previous checkpoint or the new one, never a
// partial file) every Every updates, whenever Interval has passed since
// the last save, and when it returns: finished, after its n updates, or
// interrupted by its context. Train with a Path resumes from the file when
// it exists (Run.Load), so that running the same Train again after an
// interrupt or a restart of the process goes on where the run stopped; it
// fails, naming what differs, if the file holds another run.
type Checkpoint struct {
	// Path is the checkpoint file; "" saves nothing.
	Path string
	// Every is the number of updates between saves; 0 means none counted
	// in updates.
	Every int
	// Interval is the wall time between saves, checked after every
	// update; 0 means 5 minutes when Every is 0 too, else none.
	Interval time.Duration
}

// Save writes the run's state to the named file, atomically: it writes a
// temporary file in the same folder, syncs it to disk and renames it over
// path, so that path holds the previous checkpoint or the new one whatever
// happens. The model must be an [*rbm.Binary] or [*rbm.Gaussian], and the
// learner must implement encoding.BinaryMarshaler (those of this package
// do, with any sampler of package mcmc); otherwise Save returns an error
// naming the type that cannot be saved, and the run can still be
// continued in memory. Save may be called at any time between calls of
// Continue, except on a run that failed (a learner's error or a NaN
// parameter), which has nothing to resume.
func (r *Run) Save(path string) error {
	if r.failed != nil {
		return fmt.Errorf("learn: Run.Save %s: the run failed (%v): nothing to resume", path, r.failed)
	}
	b, err := r.encode()
	if err != nil {
		return fmt.Errorf("learn: Run.Save %s: %w", path, err)
	}
	if err := writeAtomic(path, b); err != nil {
		return fmt.Errorf("learn: Run.Save %s: %w", path, err)
	}
	return nil
}

// writeAtomic writes b to path through a synced temporary file in the same
// folder, renamed into place, and syncs the folder (where it can).
func writeAtomic(path string, b []byte) error {
	dir := filepath.Dir(path)
	f, err := atomicfile.CreateTemp(dir, "."+filepath.Base(path)+".tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync() // best effort: not every file system syncs folders
		d.Close()
	}
	return nil
}

// autosave saves the checkpoint of Settings.Checkpoint if one is due, or
// always when final is set.
func (r *Run) autosave(final bool) error {
	c := r.s.Checkpoint
	if c.Path == "" {
		return nil
	}
	due := final || c.Every > 0 && r.done%c.Every == 0
	iv := c.Interval
	if iv == 0 && c.Every == 0 {
		iv = 5 * time.Minute
	}
	if iv > 0 && time.Since(r.lastSave) >= iv {
		due = true
	}
	if !due {
		return nil
	}
	r.lastSave = time.Now()
	return r.Save(c.Path)
}

// Load replaces the state of r (a run made by NewRun and not yet
// continued, or any run of the same settings) by the checkpoint in the
// named file: the model's parameters (copied into r's model, which must
// have the checkpoint's type and shape), the learner's state (through its
// encoding.BinaryUnmarshaler), the batcher's position, the optimiser's
// velocity, the number of updates done and the History. It refuses, with
// an error naming what differs, a checkpoint of another run: other
// settings that determine the updates (total updates, Every, batch size,
// rate, schedule, momentum, weight decay, seed, observer names), another
// data set (name, shape or values), another model type or shape, another
// learner type or learner settings (see each learner's UnmarshalBinary).
// On any error r is left unchanged; a missing file gives an error that
// wraps fs.ErrNotExist. A corrupt or truncated file gives an error naming
// the file and what is wrong, never a panic.
func (r *Run) Load(path string) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("learn: Run.Load: %w", err)
	}
	if err := r.load(b); err != nil {
		return fmt.Errorf("learn: Run.Load %s: %w", path, err)
	}
	return nil
}

// load is Load of the file's bytes.
func (r *Run) load(b []byte) error {
	c, err := decodeCheckpoint(b)
	if err != nil {
		return err
	}
	if err := c.settings.diff(r.settingsOf()); err != nil {
		return err
	}
	if got := fmt.Sprintf("%T", r.model); c.modelType != got {
		return fmt.Errorf("the checkpoint holds a model %s, this run trains a %s", c.modelType, got)
	}
	m, err := rbm.LoadModel(bytes.NewReader(c.model))
	if err != nil {
		return fmt.Errorf("model: %w", err)
	}
	if m.Visible() != r.model.Visible() || m.Hidden() != r.model.Hidden() {
		return fmt.Errorf("the checkpoint's model has %d visible and %d hidden units, this run's has %d and %d", m.Visible(), m.Hidden(), r.model.Visible(), r.model.Hidden())
	}
	src, dst := m.Params(), r.model.Params()
	if len(src) != len(dst) {
		return fmt.Errorf("the checkpoint's model has %d parameter slices, this run's has %d", len(src), len(dst))
	}
	for k := range src {
		if len(src[k]) != len(dst[k]) {
			return fmt.Errorf("parameter slice %d has %d elements in the checkpoint, %d in this run's model", k, len(src[k]), len(dst[k]))
		}
	}
	if c.velocity != nil {
		if len(c.velocity) != len(dst) {
			return fmt.Errorf("the optimiser's velocity has %d parts, the model %d parameter slices", len(c.velocity), len(dst))
		}
		for k := range dst {
			if len(c.velocity[k]) != len(dst[k]) {
				return fmt.Errorf("velocity part %d has %d elements, parameter slice %d has %d", k, len(c.velocity[k]), k, len(dst[k]))
			}
		}
	}
	if got := fmt.Sprintf("%T", r.learner); c.learnType != got {
		return fmt.Errorf("the checkpoint holds the state of a learner %s, this run's learner is a %s", c.learnType, got)
	}
	lu, ok := r.learner.(encoding.BinaryUnmarshaler)
	if !ok {
		return fmt.Errorf("learner %T cannot restore a state (it does not implement encoding.BinaryUnmarshaler)", r.learner)
	}
	bat := data.NewBatcher(r.set, r.s.BatchSize, r.s.Seed)
	if err := bat.UnmarshalBinary(c.batcher); err != nil {
		return err
	}
	if err := lu.UnmarshalBinary(c.learner); err != nil {
		return fmt.Errorf("learner %T: %w", r.learner, err)
	}
	for k := range src {
		copy(dst[k], src[k])
	}
	r.batcher = bat
	r.opt.vel = c.velocity
	r.done, r.begun, r.pending, r.elapsed = c.done, c.begun, c.pending, c.elapsed
	r.hist = c.hist
	r.failed = nil
	return nil
}

// Resume reads the checkpoint in the named file and returns the run it
// holds, ready to Continue: its model is read from the file, and set, l
// and s must be those of the run that wrote it (a learner made afresh
// with the same constructor and arguments; the same settings), as Load
// checks. It is NewRun followed by Load, with the model from the file.
func Resume(path string, set *data.Set, l Learner, s *Settings) (*Run, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("learn: Resume: %w", err)
	}
	c, err := decodeCheckpoint(b)
	if err != nil {
		return nil, fmt.Errorf("learn: Resume %s: %w", path, err)
	}
	m, err := rbm.LoadModel(bytes.NewReader(c.model))
	if err != nil {
		return nil, fmt.Errorf("learn: Resume %s: model: %w", path, err)
	}
	r, err := NewRun(m, set, l, s)
	if err != nil {
		return nil, fmt.Errorf("learn: Resume %s: %w", path, errors.Unwrap(err))
	}
	if err := r.load(b); err != nil {
		return nil, fmt.Errorf("learn: Resume %s: %w", path, err)
	}
	return r, nil
}
