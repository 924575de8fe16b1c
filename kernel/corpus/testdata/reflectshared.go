// Reflection on types the interpreter keeps as another's reflect type:
// a reflect.Value kept in a variable of a type on a type that is not a
// struct (the interpreter's type of Sl is []int), of an unnamed struct
// type with the fields of a type of the program (the interpreter's is
// Pa's), a StructField's Type of a field of such types (it had no name),
// and %T of the elements of a spread call's result (it printed the
// kernel's wrapper).
package main

import (
	"fmt"
	"reflect"
)

type Pa struct{ A, B int }

type Sl []int

type N int

type In struct{ X int }

func (In) M() {}

type Out struct {
	I In
	S Sl
	P *In
	L []In
	N int
}

func hvs() []any { return []any{Pa{1, 2}, Sl{2}, In{3}, 4} }

func main() {
	sv := reflect.ValueOf(Sl{1})
	fmt.Println(sv.Type(), sv.Type().Name(), sv.Len(), sv.CanSet(), sv.Interface().(Sl))
	iv := reflect.ValueOf([]int{1})
	nv := reflect.ValueOf(N(3))
	ps := reflect.ValueOf(&Sl{2})
	fmt.Println(iv.Type(), nv.Type(), ps.Type(), ps.Elem().Len(), nv.Int())
	av := reflect.ValueOf(struct{ A, B int }{1, 2})
	pv := reflect.ValueOf(Pa{1, 2})
	fmt.Println(av.Type(), pv.Type(), av.Type() == pv.Type())
	ot := reflect.TypeOf(Out{})
	fmt.Println(ot.Field(0).Type, ot.Field(1).Type, ot.Field(2).Type, ot.Field(3).Type, ot.Field(4).Type)
	fmt.Println(ot.Field(0).Type.Name(), ot.Field(0).Type.NumMethod(), ot.Field(1).Type.Kind())
	f, _ := ot.FieldByName("S")
	fmt.Println(f.Type, reflect.TypeOf(Out{}).Field(0).Type)
	fmt.Printf("%T %T %T %T\n", hvs()...)
	s := fmt.Sprintf("%T|%v", hvs()[1:3]...)
	fmt.Println(s)
}

// Output:
// main.Sl Sl 1 false [1]
// []int main.N *main.Sl 1 3
// struct { A int; B int } main.Pa false
// main.In main.Sl *main.In []main.In int
// In 1 slice
// main.Sl main.In
// main.Pa main.Sl main.In int
// main.Sl|{3}
