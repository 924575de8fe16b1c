package learn

import (
	"reflect"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/internal/statebin"
)

// TestCheckpointFieldsRoundTrip writes a checkpoint whose every field is
// set (no zero values, two of each list) with writeFields and reads it
// back with readFields: the same checkpoint, every byte consumed. A field
// type that either does not handle makes it fail.
func TestCheckpointFieldsRoundTrip(t *testing.T) {
	c := &ckpt{
		settings: ckptSettings{total: 100, every: 10, batch: 7, rate: 0.1, schedule: "learn.Cosine {End:0.01}",
			momentum: 0.5, decay: 1e-4, l1: 1e-3, seed: 42, observers: []string{"loglik", "recon"},
			dataName: "bars", rows: 14, cols: 9, dataCRC: 0xdeadbeef},
		modelType: "*rbm.Binary", model: []byte{1, 2, 3}, learnType: "*learn.CD", learner: []byte{4},
		batcher: []byte{5, 6}, velocity: [][]float64{{1, 2}, {3}}, done: 30, begun: true, pending: true,
		elapsed: 3 * time.Second,
		hist: &History{Updates: 30, Elapsed: 2 * time.Second, StoppedBy: "stop",
			series: []Series{{Name: "loglik", X: []float64{10, 20}, Y: []float64{-3, -2}, Seconds: []float64{1, 2}},
				{Name: "recon", X: []float64{10}, Y: []float64{0.5}, Seconds: []float64{1}}}},
	}
	var w statebin.Writer
	if err := writeFields(&w, c.fields()); err != nil {
		t.Fatal(err)
	}
	got := &ckpt{hist: &History{}}
	r := statebin.NewReader(w.Bytes())
	readFields(r, got.fields(), len(w.Bytes()))
	if err := r.Done("checkpoint"); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, c) {
		t.Errorf("read back\n%+v\nwant\n%+v", got, c)
	}
}
