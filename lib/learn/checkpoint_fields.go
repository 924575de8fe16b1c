package learn

import (
	"fmt"
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
)

// ckptField is one field of a checkpoint's body: the name that a read
// error gives, and a pointer to the value. Its type says how it is
// written: *int, *uint64, *float64, *bool and *time.Duration as one
// fixed-size value, *string and *[]byte as a byte string, and *[]string,
// *[][]float64 and *[]Series as a count followed by the elements (each
// element read under the name item).
type ckptField struct {
	name, item string
	v          any
}

// fields returns the checkpoint's fields in the order of the file (see
// ckptMagic's comment). They point into c and into c.hist, which must not
// be nil.
func (c *ckpt) fields() []ckptField {
	st, h := &c.settings, c.hist
	return []ckptField{
		{name: "total updates", v: &st.total},
		{name: "Every", v: &st.every},
		{name: "batch size", v: &st.batch},
		{name: "rate", v: &st.rate},
		{name: "schedule", v: &st.schedule},
		{name: "momentum", v: &st.momentum},
		{name: "weight decay", v: &st.decay},
		{name: "L1 penalty", v: &st.l1},
		{name: "seed", v: &st.seed},
		{name: "observers", item: "observer name", v: &st.observers},
		{name: "data set name", v: &st.dataName},
		{name: "data rows", v: &st.rows},
		{name: "data columns", v: &st.cols},
		{name: "data CRC", v: &st.dataCRC},
		{name: "model type", v: &c.modelType},
		{name: "model", v: &c.model},
		{name: "learner type", v: &c.learnType},
		{name: "learner state", v: &c.learner},
		{name: "batcher state", v: &c.batcher},
		{name: "velocity parts", item: "velocity", v: &c.velocity},
		{name: "updates done", v: &c.done},
		{name: "begun", v: &c.begun},
		{name: "pending observation", v: &c.pending},
		{name: "elapsed", v: &c.elapsed},
		{name: "history updates", v: &h.Updates},
		{name: "history elapsed", v: &h.Elapsed},
		{name: "stopped by", v: &h.StoppedBy},
		{name: "series", item: "series", v: &h.series},
	}
}

// writeFields writes the values of fs to w in order. It fails only for a
// field of a type it does not know (a mistake in fields).
func writeFields(w *statebin.Writer, fs []ckptField) error {
	for _, f := range fs {
		switch v := f.v.(type) {
		case *int:
			w.Int(*v)
		case *uint64:
			w.U64(*v)
		case *float64:
			w.F64(*v)
		case *bool:
			w.Bool(*v)
		case *time.Duration:
			w.Int(int(*v))
		case *string:
			w.String(*v)
		case *[]byte:
			w.Blob(*v)
		case *[]string:
			w.Int(len(*v))
			for _, s := range *v {
				w.String(s)
			}
		case *[][]float64:
			w.Int(len(*v))
			for _, x := range *v {
				w.Floats(x)
			}
		case *[]Series:
			w.Int(len(*v))
			for _, s := range *v {
				w.String(s.Name)
				w.Floats(s.X)
				w.Floats(s.Y)
				w.Floats(s.Seconds)
			}
		default:
			return fmt.Errorf("checkpoint field %q of unhandled type %T", f.name, f.v)
		}
	}
	return nil
}

// readFields reads the values of fs from r in order, stopping at the
// first error (r.Err); no count may exceed maxCount.
func readFields(r *statebin.Reader, fs []ckptField, maxCount int) {
	for _, f := range fs {
		if r.Err() != nil {
			return
		}
		switch v := f.v.(type) {
		case *int:
			*v = r.Int(f.name)
		case *uint64:
			*v = r.U64(f.name)
		case *float64:
			*v = r.F64(f.name)
		case *bool:
			*v = r.Bool(f.name)
		case *time.Duration:
			*v = time.Duration(r.Int(f.name))
		case *string:
			*v = r.String(f.name)
		case *[]byte:
			*v = r.Blob(f.name)
		case *[]string:
			n := r.Count(f.name, maxCount)
			for i := 0; i < n && r.Err() == nil; i++ {
				*v = append(*v, r.String(f.item))
			}
		case *[][]float64:
			n := r.Count(f.name, maxCount)
			for i := 0; i < n && r.Err() == nil; i++ {
				*v = append(*v, r.Floats(f.item))
			}
		case *[]Series:
			n := r.Count(f.name, maxCount)
			for i := 0; i < n && r.Err() == nil; i++ {
				*v = append(*v, readSeries(r, f.item))
			}
		default:
			r.Fail(f.name, "unhandled field type %T", f.v)
		}
	}
}

// readSeries reads one series of a History (its name and its X, Y and
// Seconds, which must have one length); what names the field in errors.
func readSeries(r *statebin.Reader, what string) Series {
	s := Series{Name: r.String(what + " name")}
	s.X, s.Y, s.Seconds = r.Floats(what+" X"), r.Floats(what+" Y"), r.Floats(what+" seconds")
	if r.Err() == nil && (len(s.Y) != len(s.X) || len(s.Seconds) != len(s.X)) {
		r.Fail(what+" "+s.Name, "%d, %d and %d points in X, Y and Seconds", len(s.X), len(s.Y), len(s.Seconds))
	}
	return s
}
