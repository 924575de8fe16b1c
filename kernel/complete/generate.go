package complete

// The documentation of every package of kernel/internal/preimport's List:
// the one list of pre-imported packages, from which kernel/goexec's
// DefaultImports and kernel/symbols' tables come too.
//go:generate go run ./internal/gendocs -o docs.json.gz
