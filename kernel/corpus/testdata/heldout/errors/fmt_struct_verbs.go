// %v, %+v, %#v and %T on structs, pointers-to-struct fields, slices, maps, and nil values.
package main

import "fmt"

type Point struct {
	X, Y int
}

type Shape struct {
	Name   string
	Points []Point
	Meta   map[string]int
	Parent *Shape
	Closed bool
	Scale  float64
}

type Celsius float64

type Weekday int

const (
	Sunday Weekday = iota
	Monday
)

func main() {
	p := Point{3, -4}
	fmt.Printf("%v | %+v | %#v | %T\n", p, p, p, p)

	s := Shape{
		Name:   "tri",
		Points: []Point{{0, 0}, {1, 0}, {0, 1}},
		Meta:   map[string]int{"z": 26, "a": 1},
		Closed: true,
		Scale:  1.5,
	}
	fmt.Printf("%v\n", s)
	fmt.Printf("%+v\n", s)
	fmt.Printf("%#v\n", s)
	fmt.Printf("%T %T %T\n", s.Points, s.Meta, s.Parent)

	var sp *Shape
	fmt.Printf("%v %+v %#v\n", sp, sp, sp)

	var e error
	var a any
	fmt.Printf("%v %#v %T | %v %T\n", e, e, e, a, a)

	fmt.Printf("%v %#v %T\n", Celsius(21.5), Celsius(21.5), Celsius(0))
	fmt.Printf("%v %#v %T\n", Monday, Monday, Sunday)

	words := []string{"go", "fmt", ""}
	fmt.Printf("%v %q %#v\n", words, words, words)
	var nilSlice []int
	empty := []int{}
	fmt.Printf("%v %#v %#v %d\n", nilSlice, nilSlice, empty, len(empty))

	fmt.Printf("%v %#v\n", [3]bool{true}, [2]string{"a"})
	fmt.Printf("%#v\n", map[string]bool{"yes": true, "no": false})
	fmt.Printf("%v %#v\n", struct{}{}, struct{ A, B any }{1, "x"})

	bs := []byte("hi!")
	fmt.Printf("%v %s %x %X %q %#v\n", bs, bs, bs, bs, bs, bs)

	fmt.Printf("%v %#v %#v %#v\n", 'A', 'A', uint8(7), 3.0)
	fmt.Printf("%#x %#o %#b %x\n", 255, 8, 5, -255)
	fmt.Println(fmt.Sprint("a", 1, 2, "b", "c", 3.5), fmt.Sprint(1, 2), fmt.Sprintln("x", 1) == "x 1\n")
}

// Output:
// {3 -4} | {X:3 Y:-4} | main.Point{X:3, Y:-4} | main.Point
// {tri [{0 0} {1 0} {0 1}] map[a:1 z:26] <nil> true 1.5}
// {Name:tri Points:[{X:0 Y:0} {X:1 Y:0} {X:0 Y:1}] Meta:map[a:1 z:26] Parent:<nil> Closed:true Scale:1.5}
// main.Shape{Name:"tri", Points:[]main.Point{main.Point{X:0, Y:0}, main.Point{X:1, Y:0}, main.Point{X:0, Y:1}}, Meta:map[string]int{"a":1, "z":26}, Parent:(*main.Shape)(nil), Closed:true, Scale:1.5}
// []main.Point map[string]int *main.Shape
// <nil> <nil> (*main.Shape)(nil)
// <nil> <nil> <nil> | <nil> <nil>
// 21.5 21.5 main.Celsius
// 1 1 main.Weekday
// [go fmt ] ["go" "fmt" ""] []string{"go", "fmt", ""}
// [] []int(nil) []int{} 0
// [true false false] [2]string{"a", ""}
// map[string]bool{"no":false, "yes":true}
// {} struct { A interface {}; B interface {} }{A:1, B:"x"}
// [104 105 33] hi! 686921 686921 "hi!" []byte{0x68, 0x69, 0x21}
// 65 65 0x7 3
// 0xff 010 0b101 -ff
// a1 2bc3.5 1 2 true
