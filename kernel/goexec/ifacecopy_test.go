package goexec

import "testing"

// A value of a session type with methods put into an interface is a copy,
// as in Go: changing the variable afterwards does not change what the
// interface holds. yaegi kept a reference to the variable, so that, in a
// loop appending r to a []Shape, every element was the last r (the
// front end's interfaceCopies). Each context where Go converts to an
// interface is tried in a loop of three iterations over one variable; the
// cell prints what Go prints (checked with go run).
func TestInterfaceHoldsACopy(t *testing.T) {
	e := newExec(t)
	run(t, e, `type R struct{ W int }

func (r R) Area() int { return r.W }

type Shape interface{ Area() int }

type box struct{ s Shape }

func keep(s Shape) Shape { return s }

func back(r R) Shape { return r }

func areas(ss []Shape) []int {
	var out []int
	for _, s := range ss {
		out = append(out, s.Area())
	}
	return out
}

func contexts() [][]int {
	var r R
	var appended, assigned, declared, literal, fields, mapped, passed, returned, sent, converted []Shape
	ch := make(chan Shape, 3)
	for i := 0; i < 3; i++ {
		r.W = i
		appended = append(appended, r)
		var s Shape
		s = r
		assigned = append(assigned, s)
		var d Shape = r
		declared = append(declared, d)
		literal = append(literal, []Shape{r}...)
		fields = append(fields, box{s: r}.s)
		m := map[int]Shape{i: r}
		mapped = append(mapped, m[i])
		passed = append(passed, keep(r))
		returned = append(returned, back(r))
		ch <- r
		converted = append(converted, Shape(r))
	}
	r.W = 9
	for i := 0; i < 3; i++ {
		sent = append(sent, <-ch)
	}
	return [][]int{areas(appended), areas(assigned), areas(declared), areas(literal), areas(fields),
		areas(mapped), areas(passed), areas(returned), areas(sent), areas(converted)}
}`)
	if got, _ := run(t, e, `fmt.Sprint(contexts())`); got != `"[[0 1 2] [0 1 2] [0 1 2] [0 1 2] [0 1 2] [0 1 2] [0 1 2] [0 1 2] [0 1 2] [0 1 2]]"` {
		t.Errorf("areas by context (appended, assigned, declared, literal, fields, mapped, passed, returned, sent, converted) = %s, want [0 1 2] each", got)
	}
	// The empty interface: kept by a literal, a map, a variable, append,
	// an assignment and a channel; and passed to a function of the cell
	// through a function value (yaegi's own issue-435 program).
	run(t, e, `func kept() []int {
	var r R
	var out []int
	ch := make(chan any, 3)
	var lits, maps, vars, apps, assigned []any
	for i := 0; i < 3; i++ {
		r.W = i
		lits = append(lits, []any{r}...)
		m := map[string]any{"k": r}
		maps = append(maps, m["k"])
		var v any = r
		vars = append(vars, v)
		apps = append(apps, r)
		var a any
		a = r
		assigned = append(assigned, a)
		ch <- r
	}
	r.W = 9
	for _, l := range [][]any{lits, maps, vars, apps, assigned} {
		for _, x := range l {
			out = append(out, x.(R).W)
		}
	}
	for i := 0; i < 3; i++ {
		out = append(out, (<-ch).(R).W)
	}
	return out
}

func area(x any) int { return x.(R).W }`)
	if got, _ := run(t, e, "fmt.Sprint(kept())"); got != `"[0 1 2 0 1 2 0 1 2 0 1 2 0 1 2 0 1 2]"` {
		t.Errorf("kept() = %s, want [0 1 2] six times", got)
	}
	if got, _ := run(t, e, "f := area\nr4 := R{4}\nf(r4)"); got != "4" {
		t.Errorf("f(r4) = %s through a function value, want 4", got)
	}
	// At the top of a cell, across cells.
	run(t, e, "top := R{1}\nvar held Shape\nheld = top\ntop.W = 5")
	if got, _ := run(t, e, "held.Area()"); got != "1" {
		t.Errorf("held.Area() = %s after top changed, want 1", got)
	}
}
