// A calculator dispatch table of function values in a map, plus method values used as callbacks.
package main

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

type binOp func(a, b float64) (float64, error)

var ops = map[string]binOp{
	"+": func(a, b float64) (float64, error) { return a + b, nil },
	"-": func(a, b float64) (float64, error) { return a - b, nil },
	"*": func(a, b float64) (float64, error) { return a * b, nil },
	"/": func(a, b float64) (float64, error) {
		if b == 0 {
			return 0, errors.New("divide by zero")
		}
		return a / b, nil
	},
	"^": func(a, b float64) (float64, error) { return math.Pow(a, b), nil },
}

// evalRPN evaluates a reverse-Polish expression using the dispatch table.
func evalRPN(expr string) (float64, error) {
	var stack []float64
	for _, tok := range strings.Fields(expr) {
		if op, ok := ops[tok]; ok {
			if len(stack) < 2 {
				return 0, fmt.Errorf("stack underflow at %q", tok)
			}
			a, b := stack[len(stack)-2], stack[len(stack)-1]
			stack = stack[:len(stack)-2]
			r, err := op(a, b)
			if err != nil {
				return 0, err
			}
			stack = append(stack, r)
			continue
		}
		v, err := strconv.ParseFloat(tok, 64)
		if err != nil {
			return 0, fmt.Errorf("bad token %q", tok)
		}
		stack = append(stack, v)
	}
	if len(stack) != 1 {
		return 0, fmt.Errorf("leftover stack %v", stack)
	}
	return stack[0], nil
}

type Counter struct {
	name string
	hits map[string]int
}

func (c *Counter) Record(event string) { c.hits[event]++ }

func (c Counter) Report() string {
	keys := make([]string, 0, len(c.hits))
	for k := range c.hits {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, c.hits[k])
	}
	return c.name + ": " + strings.Join(parts, " ")
}

type Temp float64

func (t Temp) Fahrenheit() float64 { return float64(t)*9/5 + 32 }

func each(events []string, cb func(string)) {
	for _, e := range events {
		cb(e)
	}
}

func main() {
	names := make([]string, 0, len(ops))
	for k := range ops {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, n := range names {
		r, _ := ops[n](6, 3)
		fmt.Printf("6 %s 3 = %g\n", n, r)
	}

	for _, e := range []string{"3 4 + 2 *", "2 10 ^ 24 -", "1 0 /", "5 +", "1 2 3", "7 x *", "15 7 1 1 + - / 3 * 2 1 1 + + -"} {
		v, err := evalRPN(e)
		if err != nil {
			fmt.Printf("%-28s error: %v\n", e, err)
		} else {
			fmt.Printf("%-28s = %g\n", e, v)
		}
	}

	// Method values bind the receiver at evaluation time.
	c := &Counter{name: "clicks", hits: map[string]int{}}
	record := c.Record
	each([]string{"home", "about", "home", "cart", "home"}, record)
	report := c.Report // copies *c now; the map is shared though
	c.Record("about")
	c.name = "renamed"
	fmt.Println(report())
	fmt.Println(c.Report())

	// Method expressions and method values on a non-pointer type.
	temps := []Temp{-40, 0, 37, 100}
	conv := Temp.Fahrenheit
	for _, t := range temps {
		f := t.Fahrenheit
		fmt.Printf("%gC=%gF(%g) ", float64(t), f(), conv(t))
	}
	fmt.Println("|")

	handlers := map[string]func() string{}
	for _, t := range temps {
		handlers[fmt.Sprint(float64(t))] = func() string { return fmt.Sprintf("%.1f", t.Fahrenheit()) }
	}
	fmt.Println(handlers["37"](), handlers["-40"](), len(handlers))
}

// Output:
// 6 * 3 = 18
// 6 + 3 = 9
// 6 - 3 = 3
// 6 / 3 = 2
// 6 ^ 3 = 216
// 3 4 + 2 *                    = 14
// 2 10 ^ 24 -                  = 1000
// 1 0 /                        error: divide by zero
// 5 +                          error: stack underflow at "+"
// 1 2 3                        error: leftover stack [1 2 3]
// 7 x *                        error: bad token "x"
// 15 7 1 1 + - / 3 * 2 1 1 + + - = 5
// clicks: about=2 cart=1 home=3
// renamed: about=2 cart=1 home=3
// -40C=-40F(-40) 0C=32F(32) 37C=98.6F(98.6) 100C=212F(212) |
// 98.6 -40.0 4
