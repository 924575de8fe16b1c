package dsl

import (
	"strings"
	"testing"
)

// TestRegistryBetter checks that Add accepts Better only as "higher" or
// "lower" on a measurement, naming the entry otherwise.
func TestRegistryBetter(t *testing.T) {
	var r MapRegistry
	if err := r.Add(&Entry{Kind: KindMeasure, Name: "m", Better: "lower"}); err != nil {
		t.Error(err)
	}
	for _, e := range []*Entry{{Kind: KindMeasure, Name: "x", Better: "larger"}, {Kind: KindSampler, Name: "y", Better: "higher"}} {
		if err := r.Add(e); err == nil || !strings.Contains(err.Error(), e.Name) {
			t.Errorf("Add(%+v): %v", e, err)
		}
	}
}
