// Package cell holds the few helpers that notebook cells share, so that no
// notebook defines its own: cells find it pre-imported as cell. The
// notebooks' settings cells bind its helpers to short names:
//
//	must := cell.Must
//	f, err := os.Open(name)
//	must(err)
//
// Sweep runs a sweep built in Go with a progress bar, as the %%sweep magic
// runs one written in a cell. The package knows nothing of the kernel's
// protocol: its helpers do nothing outside a cell that they would not do
// anywhere (Sweep's progress bar goes where display sends it).
package cell

// Must stops the cell with err, if there is one: it panics with err, and
// the kernel shows the panic as the cell's error. A nil err does nothing.
func Must(err error) {
	if err != nil {
		panic(err)
	}
}
