// Package cell holds the few helpers that notebook cells share, so that no
// notebook defines its own: cells find it pre-imported as cell. The
// notebooks' settings cells bind its helpers to short names:
//
//	must := cell.Must
//	f, err := os.Open(name)
//	must(err)
//
// It knows nothing of the kernel and does nothing outside a cell that
// Must would not do anywhere.
package cell

// Must stops the cell with err, if there is one: it panics with err, and
// the kernel shows the panic as the cell's error. A nil err does nothing.
func Must(err error) {
	if err != nil {
		panic(err)
	}
}
