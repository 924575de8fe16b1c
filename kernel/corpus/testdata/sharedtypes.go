// Types on types that are not structs, without methods, held by an
// interface: the interpreter holds an N of type N int as a bare int and
// an Sl of type Sl []int as a []int, so %T, %#v, reflect.TypeOf, type
// switches and assertions told them from their underlying types only by
// guessing (main.Sl for a []int, int for a main.N, the Sl case for a
// []int, true for 3 asserted to N).
package main

import (
	"fmt"
	"reflect"
	"sync"
)

type Sl []int

type N int

func mk() any { return N(4) }

func kind(x any) string {
	switch x.(type) {
	case Sl:
		return "Sl"
	case []int:
		return "[]int"
	case N:
		return "N"
	case int:
		return "int"
	}
	return "other"
}

func main() {
	var aj any = []int{1}
	fmt.Printf("%T %v %#v\n", aj, aj, aj)
	var al any = N(3)
	var am any = 3
	fmt.Printf("%T %T %v %v\n", al, am, reflect.TypeOf(al), reflect.TypeOf(am))
	fmt.Printf("%T %v\n", mk(), reflect.TypeOf(mk()))
	xs := []any{N(5), 6, Sl{7}, []int{8}, []N{9}, &[]int{}}
	for _, x := range xs {
		fmt.Printf("%T %s;", x, kind(x))
	}
	fmt.Println()
	var m sync.Map
	m.Store("k", N(2))
	v, _ := m.Load("k")
	_, isN := am.(N)
	_, isInt := al.(int)
	fmt.Printf("%T %v %v\n", v, isN, isInt)
}

// Output:
// []int [1] []int{1}
// main.N int main.N int
// main.N main.N
// main.N N;int int;main.Sl Sl;[]int []int;[]main.N other;*[]int other;
// main.N false false
