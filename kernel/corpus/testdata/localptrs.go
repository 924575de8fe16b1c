// Pointers to a local type, lists of it and maps of pointers to it that
// come back from compiled code (a sync.Map) as an any, in a program
// with a type of the same fields (Tm, with a String method): the
// interpreter holds *L as *struct { Xa int }, which is also *Tm's, and
// the kernel named it *main.Tm and printed it with Tm's String method
// (*main.Tm tm1 tm1); a []L it printed as []struct { Xa int }. Its
// assertion to *Tm said true. A program's result printed as %+v with a
// field of Tm is in the kernel's tests (a program has no cell result).
package main

import (
	"fmt"
	"reflect"
	"sync"
)

type Tm struct{ a int }

func (t Tm) String() string { return fmt.Sprintf("tm%d", t.a) }

type Hm struct {
	t Tm
	U Tm
}

func kept(x any) any {
	var m sync.Map
	m.Store("k", x)
	v, _ := m.Load("k")
	return v
}

func pointer() any {
	type L struct{ a int }
	var m sync.Map
	m.Store("k", &L{1})
	v, _ := m.Load("k")
	return v
}

func list() any {
	type L struct{ a int }
	var m sync.Map
	m.Store("k", []L{{2}, {3}})
	v, _ := m.Load("k")
	return v
}

func pointers() any {
	type L struct{ a int }
	var m sync.Map
	m.Store("k", map[string]*L{"x": {4}})
	v, _ := m.Load("k")
	return v
}

func main() {
	p := pointer()
	fmt.Printf("%T %+v %v %#v\n", p, p, p, p)
	l := list()
	fmt.Printf("%T %+v %v %#v\n", l, l, l, l)
	m := pointers()
	fmt.Printf("%T %v\n", m, reflect.TypeOf(m))
	_, isTm := p.(*Tm)
	switch p.(type) {
	case *Tm:
		fmt.Println("a *Tm", isTm)
	default:
		fmt.Println("not a *Tm", isTm)
	}
	t := kept(&Tm{5})
	ts := kept([]Tm{{6}})
	fmt.Printf("%T %v %T %v %+v\n", t, t, ts, ts, Hm{Tm{7}, Tm{8}})
}

// Output:
// *main.L &{a:1} &{1} &main.L{a:1}
// []main.L [{a:2} {a:3}] [{2} {3}] []main.L{main.L{a:2}, main.L{a:3}}
// map[string]*main.L map[string]*main.L
// not a *Tm false
// *main.Tm tm5 []main.Tm [tm6] {t:{a:7} U:tm8}
