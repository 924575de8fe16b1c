// A String method used by fmt, and an Error method.
package main

import "fmt"

type celsius float64

func (c celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type pair struct{ a, b int }

func (p *pair) String() string { return fmt.Sprintf("<%d,%d>", p.a, p.b) }

type notFound struct{ key string }

func (e notFound) Error() string { return "not found: " + e.key }

type level int

func (l level) String() string { return [...]string{"low", "high"}[l] }

type event struct {
	Name  string
	Level level
}

func main() {
	c := celsius(21.5)
	fmt.Println(c)
	fmt.Printf("%v %s %d\n", c, c, []celsius{1, 2})
	fmt.Println([]celsius{1, 2})
	p := &pair{1, 2}
	fmt.Println(p, *p)
	var err error = notFound{"k"}
	fmt.Println(err)
	fmt.Printf("%v %+v\n", event{"boot", 1}, event{"halt", 0})
	fmt.Println(fmt.Sprint(level(1)), fmt.Errorf("wrapped: %w", err))
}

// Output:
// 21.5°C
// 21.5°C 21.5°C [%!d(main.celsius=1) %!d(main.celsius=2)]
// [1.0°C 2.0°C]
// <1,2> {1 2}
// not found: k
// {boot high} {Name:halt Level:low}
// high wrapped: not found: k
