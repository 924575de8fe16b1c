package complete

// Result is the answer to a completion request: the matches that may
// replace the code points [Start, End) of the cell.
type Result struct {
	// Matches are the candidate texts, best first.
	Matches []string
	// Start and End delimit, in Unicode code points, the text the chosen
	// match replaces; with no matches both equal the cursor.
	Start, End int
	// Types gives each match's kind (KindFunc, KindVar, …), parallel to
	// Matches.
	Types []string
}
