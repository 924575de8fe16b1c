// Deferred calls: the function value (a variable, a field, an element),
// a method's receiver with the call's arguments and a builtin's arguments
// are evaluated at the defer statement, so later assignments do not
// change the call.
package main

import "fmt"

type T struct{ v int }

func (t T) Show()     { fmt.Println("show", t.v) }
func (t *T) PShow()   { fmt.Println("pshow", t.v) }
func (t T) Add(x int) { fmt.Println("add", t.v+x) }

type Shower interface{ Show() }
type C struct{ inner T }
type H struct{ f func() }

func valueReassigned() {
	f := func() { fmt.Println("value a") }
	defer f()
	f = func() { fmt.Println("value b") }
}

func receiverReassigned() {
	r := T{1}
	defer r.Show()
	r = T{2}
}

func receiverMutated() {
	t := T{1}
	defer t.Show()
	defer t.PShow()
	t.v = 2
}

func receiverWithArgsInLoop() {
	for i := 0; i < 2; i++ {
		r := T{i}
		defer r.Add(10)
	}
}

func pointerReassigned() {
	p := &T{1}
	defer p.PShow()
	p = &T{2}
}

func fieldReceiver() {
	c := C{T{1}}
	defer c.inner.Show()
	c.inner = T{2}
}

func addressTaken() {
	t := T{1}
	defer t.PShow()
	t = T{2}
}

func elementValue() {
	fs := []func(){func() { fmt.Println("element a") }}
	defer fs[0]()
	fs[0] = func() { fmt.Println("element b") }
}

func fieldValue() {
	h := H{func() { fmt.Println("field a") }}
	defer h.f()
	h.f = func() { fmt.Println("field b") }
}

func builtinArgs() {
	m := map[int]int{1: 1, 2: 2}
	k := 1
	defer func() { fmt.Println("builtin", m) }()
	defer delete(m, k)
	k = 2
}

func elementReceiverInLoop() {
	ts := []T{{1}, {2}}
	for i := range ts {
		defer ts[i].Show()
	}
}

func methodValueReassigned() {
	t := T{1}
	show := t.Show
	defer show()
	t = T{2}
	show = t.Show
}

func interfaceInLoop() {
	shs := []Shower{T{1}, T{2}}
	for _, s := range shs {
		defer s.Show()
	}
}

func namedResult() (r int) {
	for i := 0; i < 2; i++ {
		set := func() { r += 10 + i }
		defer set()
	}
	return 1
}
func main() {
	valueReassigned()
	receiverReassigned()
	receiverMutated()
	receiverWithArgsInLoop()
	pointerReassigned()
	fieldReceiver()
	addressTaken()
	elementValue()
	fieldValue()
	builtinArgs()
	elementReceiverInLoop()
	methodValueReassigned()
	interfaceInLoop()
	fmt.Println("named", namedResult())
}

// Output:
// value a
// show 1
// pshow 2
// show 1
// add 11
// add 10
// pshow 1
// show 1
// pshow 2
// element a
// field a
// builtin map[2:2]
// show 2
// show 1
// show 1
// show 2
// show 1
// named 22
