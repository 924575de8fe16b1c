// Structs with unexported fields printed by fmt.
package main

import "fmt"

type point struct {
	x, y int
}

type shape struct {
	name   string
	Origin point
	tags   []string
	next   *point
}

func main() {
	p := point{1, 2}
	fmt.Printf("%v %+v\n", p, p)
	s := shape{name: "sq", Origin: point{3, 4}, tags: []string{"a"}}
	fmt.Printf("%v\n%+v\n", s, s)
	fmt.Println(&p)
	fmt.Printf("%+v\n", []point{{5, 6}})
	fmt.Printf("%#v\n", p)
}

// Output:
// {1 2} {x:1 y:2}
// {sq {3 4} [a] <nil>}
// {name:sq Origin:{x:3 y:4} tags:[a] next:<nil>}
// &{1 2}
// [{x:5 y:6}]
// main.point{x:1, y:2}
