package learn

import (
	"bytes"
	"encoding"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"hash/crc64"
	"math"
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// The checkpoint file format, version 1. Integers and floats are
// little-endian, floats as their IEEE-754 bits:
//
//	offset size  field
//	0      4     magic "RBMC"
//	4      4     format version, uint32 (1)
//	8      …     body (below)
//	…      4     CRC-32 (IEEE) of every byte before it, uint32
//
// The body is a sequence of fields, each an 8-byte integer or float, a
// one-byte boolean, or a byte string (its 8-byte length, then its bytes):
// the tag "learn.Run/1", the settings that determine the updates (total updates, observation
// period, batch size, rate, schedule, momentum, weight decay, L1 penalty, seed, the
// observers' names, and the data set's name, shape and CRC-64), the model
// (its Go type and its rbm model file, see [rbm.Binary.Save]), the learner
// (its Go type and its MarshalBinary state), the batcher's position
// (data.Batcher.MarshalBinary), the optimiser's velocity, the run's
// position (updates done, pending observation, elapsed time) and the
// History (every series' points, Updates, Elapsed, StoppedBy).
const (
	ckptMagic   = "RBMC"
	ckptVersion = 1
)

// ckpt is a decoded checkpoint.
type ckpt struct {
	settings  ckptSettings
	modelType string
	model     []byte
	learnType string
	learner   []byte
	batcher   []byte
	velocity  [][]float64
	done      int
	begun     bool
	pending   bool
	elapsed   time.Duration
	hist      *History
}

// ckptSettings are what a checkpoint must agree on with the run that
// loads it.
type ckptSettings struct {
	total, every, batch int
	rate                float64
	schedule            string
	momentum, decay, l1 float64
	seed                uint64
	observers           []string
	dataName            string
	rows, cols          int
	dataCRC             uint64
}

// settingsOf returns the settings of r that a checkpoint records.
func (r *Run) settingsOf() ckptSettings {
	names := make([]string, len(r.s.Observers))
	for i, o := range r.s.Observers {
		names[i] = o.Name
	}
	rows, cols := r.set.X.Dims()
	return ckptSettings{
		total: r.total, every: r.every, batch: r.s.BatchSize,
		rate: r.rate, schedule: fmt.Sprintf("%T %+v", r.sched, r.sched),
		momentum: r.s.Momentum, decay: r.s.WeightDecay, l1: r.s.L1, seed: r.s.Seed,
		observers: names, dataName: r.set.Name, rows: rows, cols: cols,
		dataCRC: r.dataCRC(),
	}
}

// dataCRC returns the CRC-64 (ECMA) of the data set's values (their
// float64 bits, row by row), computed once per run.
func (r *Run) dataCRC() uint64 {
	if r.crcDone {
		return r.crc
	}
	tab := crc64.MakeTable(crc64.ECMA)
	var h uint64
	rows, _ := r.set.X.Dims()
	var buf []byte
	for i := 0; i < rows; i++ {
		buf = buf[:0]
		for _, x := range r.set.X.RawRowView(i) {
			buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(x))
		}
		h = crc64.Update(h, tab, buf)
	}
	r.crc, r.crcDone = h, true
	return h
}

// diff returns an error naming the first setting in which the checkpoint's
// settings c differ from the run's settings s.
func (c ckptSettings) diff(s ckptSettings) error {
	type field struct {
		name      string
		ckpt, run any
	}
	fields := []field{
		{"total updates", c.total, s.total},
		{"updates between observations (Every)", c.every, s.every},
		{"batch size", c.batch, s.batch},
		{"learning rate", c.rate, s.rate},
		{"schedule", c.schedule, s.schedule},
		{"momentum", c.momentum, s.momentum},
		{"weight decay", c.decay, s.decay},
		{"L1 penalty", c.l1, s.l1},
		{"seed", c.seed, s.seed},
		{"observer names", fmt.Sprintf("%q", c.observers), fmt.Sprintf("%q", s.observers)},
		{"data set name", c.dataName, s.dataName},
		{"data set shape", fmt.Sprintf("%d×%d", c.rows, c.cols), fmt.Sprintf("%d×%d", s.rows, s.cols)},
		{"data set values (CRC-64)", fmt.Sprintf("%016x", c.dataCRC), fmt.Sprintf("%016x", s.dataCRC)},
	}
	for _, f := range fields {
		if f.ckpt != f.run {
			return fmt.Errorf("%s: the checkpoint has %v, this run has %v", f.name, f.ckpt, f.run)
		}
	}
	return nil
}

// saveable returns an error if r's model or learner (or the learner's
// sampler) cannot be saved: the first checks of encode, made without
// encoding the model.
func (r *Run) saveable() error {
	switch r.model.(type) {
	case *rbm.Binary, *rbm.Gaussian:
	default:
		return fmt.Errorf("model %T cannot be saved (only *rbm.Binary and *rbm.Gaussian can)", r.model)
	}
	lm, ok := r.learner.(encoding.BinaryMarshaler)
	if !ok {
		return fmt.Errorf("learner %T cannot save its state (it does not implement encoding.BinaryMarshaler): continue the run in memory instead", r.learner)
	}
	if _, err := lm.MarshalBinary(); err != nil {
		return fmt.Errorf("learner %T: %w", r.learner, err)
	}
	return nil
}

// encode returns the checkpoint file's bytes of r.
func (r *Run) encode() ([]byte, error) {
	var mb bytes.Buffer
	switch m := r.model.(type) {
	case *rbm.Binary:
		if err := m.Save(&mb); err != nil {
			return nil, err
		}
	case *rbm.Gaussian:
		if err := m.Save(&mb); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("model %T cannot be saved (only *rbm.Binary and *rbm.Gaussian can)", r.model)
	}
	lm, ok := r.learner.(encoding.BinaryMarshaler)
	if !ok {
		return nil, fmt.Errorf("learner %T cannot save its state (it does not implement encoding.BinaryMarshaler): continue the run in memory instead", r.learner)
	}
	lb, err := lm.MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("learner %T: %w", r.learner, err)
	}
	bb, err := r.batcher.MarshalBinary()
	if err != nil {
		return nil, err
	}
	c := &ckpt{
		settings:  r.settingsOf(),
		modelType: fmt.Sprintf("%T", r.model), model: mb.Bytes(),
		learnType: fmt.Sprintf("%T", r.learner), learner: lb, batcher: bb,
		velocity: r.opt.vel, done: r.done, begun: r.begun, pending: r.pending, elapsed: r.elapsed,
		hist: r.hist,
	}
	w := new(statebin.Writer)
	w.String("learn.Run/1")
	if err := writeFields(w, c.fields()); err != nil {
		return nil, err
	}
	out := make([]byte, 8, 8+len(w.Bytes())+4)
	copy(out, ckptMagic)
	binary.LittleEndian.PutUint32(out[4:], ckptVersion)
	out = append(out, w.Bytes()...)
	return binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(out)), nil
}

// decodeCheckpoint reads a checkpoint file's bytes. It checks the magic
// number, version and checksum, and that every field is well formed; it
// does not compare the contents with a run (see Run.Load).
func decodeCheckpoint(b []byte) (*ckpt, error) {
	if len(b) < 12 {
		if len(b) >= 4 && string(b[:4]) != ckptMagic {
			return nil, fmt.Errorf("bad magic %q, want %q: not a training checkpoint", b[:4], ckptMagic)
		}
		return nil, fmt.Errorf("truncated: %d bytes, a checkpoint has at least 12", len(b))
	}
	if string(b[:4]) != ckptMagic {
		return nil, fmt.Errorf("bad magic %q, want %q: not a training checkpoint", b[:4], ckptMagic)
	}
	if v := binary.LittleEndian.Uint32(b[4:]); v != ckptVersion {
		return nil, fmt.Errorf("unsupported checkpoint version %d (this build reads version %d)", v, ckptVersion)
	}
	sum := binary.LittleEndian.Uint32(b[len(b)-4:])
	if crc := crc32.ChecksumIEEE(b[:len(b)-4]); crc != sum {
		return nil, fmt.Errorf("checksum mismatch (stored %08x, computed %08x): the file is corrupt or truncated", sum, crc)
	}
	r := statebin.NewReader(b[8 : len(b)-4])
	r.Tag("learn.Run/1")
	c := &ckpt{hist: &History{}}
	readFields(r, c.fields(), len(b))
	if err := r.Done("checkpoint"); err != nil {
		return nil, err
	}
	if st := c.settings; st.total < 1 || c.done < 0 || c.done > st.total || st.every < 1 {
		return nil, fmt.Errorf("inconsistent run position: %d of %d updates done, observed every %d", c.done, st.total, st.every)
	}
	return c, nil
}
