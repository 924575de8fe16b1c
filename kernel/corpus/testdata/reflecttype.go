// reflect.TypeOf of an interface holding a session type names it.
package main

import (
	"fmt"
	"reflect"
)

type R struct{ X int }
type C int

func (c C) String() string { return "c" }
func show(v any) {
	t := reflect.TypeOf(v)
	if t == nil {
		fmt.Println("nil")
		return
	}
	fmt.Printf("%v %q %v\n", t, t.Name(), t.Kind())
}
func main() {
	show(R{1})
	show(&R{2})
	show(C(3))
	show(4)
	show(nil)
	var y any = R{5}
	fmt.Println(reflect.TypeOf(y), reflect.TypeOf(y).NumField())
}

// Output:
// main.R "R" struct
// *main.R "" ptr
// main.C "C" int
// int "int" int
// nil
// main.R 1
