package kernel

import "sync"

// histEntry is one stored cell.
type histEntry struct {
	Session int
	Line    int
	Input   string
	Output  *string // text/plain of the result, nil when none
}

// history keeps the cells of this process in memory. Sessions are numbered
// from 1 and increase on every restart; lines are execution counts.
type history struct {
	mu      sync.Mutex
	session int
	entries []histEntry
}

func newHistory() *history { return &history{session: 1} }

func (h *history) add(line int, input string, output *string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.entries = append(h.entries, histEntry{Session: h.session, Line: line, Input: input, Output: output})
}

// newSession starts the next session and returns its number.
func (h *history) newSession() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.session++
	return h.session
}

// tail returns the last n entries (all when n <= 0), oldest first.
func (h *history) tail(n int) []histEntry {
	h.mu.Lock()
	defer h.mu.Unlock()
	if n <= 0 || n > len(h.entries) {
		n = len(h.entries)
	}
	return append([]histEntry(nil), h.entries[len(h.entries)-n:]...)
}

// rangeOf returns the entries of session with start <= line < stop, as
// IPython's get_range does. A session <= 0 is relative to the current one
// (0 is the current session, -1 the one before); stop <= 0 means no bound.
func (h *history) rangeOf(session, start, stop int) []histEntry {
	h.mu.Lock()
	defer h.mu.Unlock()
	if session <= 0 {
		session += h.session
	}
	var out []histEntry
	for _, e := range h.entries {
		if e.Session == session && e.Line >= start && (stop <= 0 || e.Line < stop) {
			out = append(out, e)
		}
	}
	return out
}

// search returns the entries whose input matches the glob pattern, oldest
// first; with unique, only the latest of equal inputs; with n > 0, only the
// last n.
func (h *history) search(pattern string, n int, unique bool) []histEntry {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []histEntry
	seen := map[string]bool{}
	for i := len(h.entries) - 1; i >= 0; i-- {
		e := h.entries[i]
		if !globMatch(pattern, e.Input) {
			continue
		}
		if unique {
			if seen[e.Input] {
				continue
			}
			seen[e.Input] = true
		}
		out = append(out, e)
		if n > 0 && len(out) == n {
			break
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// globMatch reports whether s matches pattern in the fnmatch sense of
// SQLite's GLOB, which IPython's history search uses: '*' matches any run
// of characters (newlines and slashes included), '?' exactly one character,
// and every other character itself. An empty pattern matches everything.
func globMatch(pattern, s string) bool {
	if pattern == "" {
		return true
	}
	p, t := []rune(pattern), []rune(s)
	// Iterative matcher with one backtrack point for the last '*'.
	pi, ti, star, mark := 0, 0, -1, 0
	for ti < len(t) {
		switch {
		case pi < len(p) && p[pi] == '*': // a wildcard, even where s has '*'
			star, mark = pi, ti
			pi++
		case pi < len(p) && (p[pi] == '?' || p[pi] == t[ti]):
			pi++
			ti++
		case star >= 0:
			pi = star + 1
			mark++
			ti = mark
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}
