package complete

// Inspect returns the documentation of the name under or just before
// cursor (code points): "signature\n\ndoc" as plain text, for a package
// member (pkg.Name, pkg.Type.Method), a package, a predeclared identifier,
// or a global of env (its declaration). found is false when there is none.
// detail is 0 or 1 as in inspect_request; 1 adds the whole type declaration
// for types.
func Inspect(code string, cursor, detail int, env *Env) (text string, found bool) {
	return "", false
}

// IsComplete judges whether a cell is ready to run: "incomplete" while a
// bracket, brace, parenthesis, block comment or raw string is open, or the
// last line ends in an operator; "invalid" when the cell cannot parse and
// more text cannot fix it; "complete" otherwise. With "incomplete", indent
// is the indentation of the line that opened the innermost bracket plus one
// tab.
func IsComplete(code string) (status, indent string) {
	return "complete", ""
}
