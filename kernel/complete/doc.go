// Package complete answers the kernel's complete_request, inspect_request
// and is_complete_request for Go cells. It is made of pure functions of the
// cell text and an Env describing the session; it runs no interpreter.
//
// How the executor uses it:
//
//	env := &complete.Env{
//		// the packages the session can name: short name → Package,
//		// built from the yaegi symbol tables and the session's imports
//		Packages: complete.PackagesFromSymbols(symbols.Symbols, map[string]string{
//			"fmt": "fmt", "mat": "gonum.org/v1/gonum/mat",
//		}),
//		// the names declared by earlier cells, e.g. from interp.Globals()
//		Globals: complete.GlobalsFromValues(globals),
//	}
//	res := complete.Complete(code, cursor, env)         // cursor in code points
//	text, found := complete.Inspect(code, cursor, 0, env) // "signature\n\ndoc"
//	status, indent := complete.IsComplete(code)         // "complete", "incomplete", "invalid"
//
// Cursor positions and Result.Start/End are counted in Unicode code points,
// as the Jupyter messaging protocol specifies, not in bytes.
//
// The documentation that Inspect shows is extracted with go/doc when the
// package is generated (go generate ./kernel/complete) and embedded; see
// Doc and the internal/gendocs command.
package complete
