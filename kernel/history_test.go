package kernel

import "testing"

func TestGlobMatch(t *testing.T) {
	for _, c := range []struct {
		p, s string
		want bool
	}{
		{"", "anything", true},
		{"*", "", true},
		{"*", "a/b\nc", true},
		{"a*", "abc", true},
		{"a*", "ba", false},
		{"*c", "abc", true},
		{"a?c", "abc", true},
		{"a?c", "ac", false},
		{"*b*", "aaabaaa", true},
		{"*b*b", "abab", true},
		{"*b*b", "abba", false},
		{"fmt.*(*)", "fmt.Println(x)", true},
		{"x", "xy", false},
		{"é?", "éü", true},
		// '*' in the text is no wildcard: the pattern's '*' still is.
		{"6 *", "6 * 7", true},
		{"*\\*", "a*", false},
		{"a*b", "a*xb", true},
		{"a?b", "a*b", true},
	} {
		if got := globMatch(c.p, c.s); got != c.want {
			t.Errorf("globMatch(%q, %q) = %v, want %v", c.p, c.s, got, c.want)
		}
	}
}

func TestHistoryStore(t *testing.T) {
	h := newHistory()
	out := "1"
	h.add(1, "a", &out)
	h.add(2, "b", nil)
	if s := h.newSession(); s != 2 {
		t.Fatalf("new session = %d", s)
	}
	h.add(1, "a", nil)
	if got := h.tail(0); len(got) != 3 {
		t.Errorf("tail(0) = %v, want all", got)
	}
	if got := h.rangeOf(-1, 1, 0); len(got) != 2 || got[1].Input != "b" {
		t.Errorf("previous session = %v", got)
	}
	if got := h.rangeOf(0, 1, 0); len(got) != 1 || got[0].Session != 2 {
		t.Errorf("current session = %v", got)
	}
	if got := h.search("a", 0, true); len(got) != 1 || got[0].Session != 2 {
		t.Errorf("unique search keeps the latest: %v", got)
	}
	if got := h.search("a", 0, false); len(got) != 2 || got[0].Session != 1 {
		t.Errorf("search = %v", got)
	}
}
