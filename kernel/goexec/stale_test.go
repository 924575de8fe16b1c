package goexec

import "testing"

// TestStaleUsesNoted: a cell that declares again a function, a variable or
// a constant that a function of an earlier cell uses says so on stderr
// (that function keeps the old one: g() is still 2 after f returns 10, gx()
// still 1 after x := 2 and x = 3), naming each function; a cell run again
// unchanged, a function declared again with its users in the same cell,
// and a name no function uses give no note.
func TestStaleUsesNoted(t *testing.T) {
	e := newExec(t)
	run(t, e, "func f() int { return 1 }\n\nconst K = 5\n\nfunc g() int { return f() + 1 }\n\nfunc h() int { return f() + K }")
	run(t, e, "x := 1\ny := 7")
	run(t, e, "func gx() int { return x }")
	for _, c := range []struct{ what, code, note, result string }{
		{"a function run again unchanged", "func f() int { return 1 }", "", ""},
		{"a new f", "func f() int { return 10 }",
			"note: f is declared again: g, h, compiled in an earlier cell, still calls the old f; run its cell again to use the new one\n", ""},
		{"g after it", "g()", "", "2"},
		{"a new x", "x := 2",
			"note: x is declared again: gx, compiled in an earlier cell, still reads the old x; run its cell again to use the new one\n", ""},
		{"gx after an assignment to the new x", "x = 3\ngx()", "", "1"},
		{"a new K", "const K = 6",
			"note: K is declared again: h, compiled in an earlier cell, still uses the old K; run its cell again to use the new one\n", ""},
		{"a variable no function reads", "y := 8", "", ""},
		{"g declared again with a new f in one cell", "func f() int { return 20 }\n\nfunc g() int { return f() + 1 }\n\ng()",
			"note: f is declared again: h, compiled in an earlier cell, still calls the old f; run its cell again to use the new one\n", "21"},
	} {
		got, rec := run(t, e, c.code)
		if rec.stream("stderr") != c.note || got != c.result {
			t.Errorf("%s: result %q, stderr %q; want %q and the note %q", c.what, got, rec.stream("stderr"), c.result, c.note)
		}
	}
}
