// Maps, arrays and channels made of a local type, put in an any, in a
// program with a type of the same fields (Tm, with a String method):
// the interpreter holds map[string]L as map[string]struct { Xa int },
// which is also map[string]Tm's, and the assertion q.(map[string]Tm)
// said true, as did q.(map[Tm]int) of a map[L]int and q.(chan Tm) of a
// chan L; a type switch that binds the value took case map[string]Tm.
package main

import "fmt"

type Tm struct{ a int }

func (t Tm) String() string { return fmt.Sprintf("tm%d", t.a) }

func made() (any, any, any, any) {
	type L struct{ a int }
	return map[string]L{"x": {2}}, map[L]int{{3}: 1}, [1]L{{4}}, make(chan L)
}

func main() {
	m, k, a, c := made()
	_, okm := m.(map[string]Tm)
	_, okk := k.(map[Tm]int)
	_, oka := a.([1]Tm)
	_, okc := c.(chan Tm)
	fmt.Println(okm, okk, oka, okc)
	var yt any = map[string]Tm{"y": {5}}
	tm, ok := yt.(map[string]Tm)
	fmt.Println(tm, ok)
	switch v := m.(type) {
	case map[string]Tm:
		fmt.Println("a map of Tm", v)
	default:
		fmt.Printf("%T\n", v)
	}
	defer func() { fmt.Println(recover()) }()
	_ = m.(map[string]Tm)
}

// Output:
// false false false false
// map[y:tm5] true
// map[string]main.L
// interface conversion: interface {} is map[string]main.L, not map[string]main.Tm
