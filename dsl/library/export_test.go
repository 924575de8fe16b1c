package library

import (
	"github.com/rbm-kernel/rbm-kernel/dsl"
	"github.com/rbm-kernel/rbm-kernel/lib/data"
)

// NamesTable is namesTable, for the test of docs/sweep.md.
var NamesTable = namesTable

// Dataset builds the data set called name from the parameters given (the
// others at their defaults), as a run does.
func Dataset(name string, given map[string]any) (*data.Set, error) {
	it, r, err := lookup(dsl.KindDataset, defaultPart(dsl.KindDataset, name, given))
	if err != nil {
		return nil, err
	}
	set, err := it.dataset(r)
	return set, r.first(err)
}
