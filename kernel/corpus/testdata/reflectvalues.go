// A reflect.Value or reflect.Type kept in a variable, or taken from an
// interface, answers about a type of the program as Go does (the
// interpreter's had no name, no methods and X+name fields, and
// reflect.ValueOf of an interface gave its wrapper); so does %T of a
// spread slice's elements.
package main

import (
	"fmt"
	"reflect"
)

type Hm struct{ X int }

func (Hm) Hello() {}

type Hv struct{ x int }

func (*Hv) P() {}

type Ht struct{ Y float64 }

type ME struct{ c int }

func (m *ME) Error() string { return "me" }

func (Ht) Hi()     {}
func (Ht) hidden() {}

func main() {
	var hm any = Hm{1}
	rv := reflect.ValueOf(hm)
	fmt.Println(rv.Type(), rv.NumMethod(), rv.Kind(), rv.NumField(), rv.Field(0).Int())
	rw := reflect.ValueOf(Hv{1})
	fmt.Println(rw.Type(), rw.NumMethod(), rw.Type().Name(), rw.Type().PkgPath())
	fmt.Println(reflect.ValueOf(hm).NumMethod(), reflect.ValueOf(hm).MethodByName("Nope").IsValid())
	var pp any = &Hv{}
	fmt.Println(reflect.TypeOf(pp).NumMethod(), reflect.ValueOf(pp).Type(), reflect.ValueOf(pp).NumMethod(), reflect.ValueOf(pp).Elem().Type())
	tt := reflect.TypeOf(Ht{})
	fmt.Println(tt.NumMethod(), tt == reflect.TypeOf(Ht{2}), tt.Name(), tt.PkgPath(), reflect.PointerTo(tt), reflect.TypeOf(&Ht{}).Elem())
	var a4 any = Hm{4}
	fmt.Println(reflect.ValueOf(&a4).Elem().Type(), reflect.ValueOf(&a4).Elem().Elem().Type())
	fmt.Println(reflect.ValueOf(3).Type(), reflect.ValueOf(struct{ A, B int }{1, 2}).Type(), reflect.ValueOf([]any{1}).Index(0).Elem().Type())
	m := map[string]Hm{"a": {2}}
	fmt.Println(reflect.ValueOf(m).MapIndex(reflect.ValueOf("a")).Type(), reflect.TypeOf(m), reflect.TypeOf(m).Elem(), reflect.TypeOf(m).Key())
	_, ok := tt.MethodByName("hidden")
	fmt.Println(ok, rv.Interface().(Hm).X)
	nv := reflect.New(reflect.TypeOf(Hm{})).Elem()
	nv.Field(0).SetInt(5)
	fmt.Println(nv.Interface().(Hm).X, nv.Type(), reflect.Zero(tt).Type(), reflect.TypeOf(Hm{}).AssignableTo(reflect.TypeOf(hm)))
	var err error = &ME{1}
	re := reflect.ValueOf(err)
	fmt.Println(re.Kind(), re.Type(), re.Elem().Field(0).Int(), re.NumMethod())
	fmt.Printf("%T %v\n", re.Interface(), re.Interface())
	tf := reflect.TypeOf(Hv{1})
	f0 := tf.Field(0)
	g, ok2 := tf.FieldByName("x")
	fmt.Println(f0.Name, f0.PkgPath, ok2, g.Name)
	xs := []any{Hv{1}, 2, &Hv{4}}
	fmt.Printf("%T %v %T\n", xs...)
}

// Output:
// main.Hm 1 struct 1 1
// main.Hv 0 Hv main
// 1 false
// 1 *main.Hv 1 main.Hv
// 1 true Ht main *main.Ht main.Ht
// interface {} main.Hm
// int struct { A int; B int } int
// main.Hm map[string]main.Hm main.Hm string
// false 1
// 5 main.Hm main.Ht true
// ptr *main.ME 1 1
// *main.ME me
// x main true x
// main.Hv 2 *main.Hv
