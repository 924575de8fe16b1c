// Method values, method expressions, function-typed fields, and printing unexported fields with %v, %+v, and %#v.
package main

import (
	"fmt"
	"strings"
)

type Counter struct {
	name  string
	count int
	step  int
}

func (c *Counter) Inc()         { c.count += c.step }
func (c Counter) Value() int    { return c.count }
func (c Counter) Label() string { return fmt.Sprintf("%s=%d", c.name, c.count) }
func (c *Counter) Reset(to int) { c.count = to }

type Temp float64

func (t Temp) F() float64 { return float64(t)*9/5 + 32 }

type config struct {
	host   string
	port   int
	tls    bool
	tags   []string
	limits map[string]int
	inner  struct{ a, b int }
}

type Op func(a, b int) int

type Calculator struct {
	ops map[string]Op
}

func (c Calculator) Apply(name string, a, b int) int { return c.ops[name](a, b) }

func main() {
	c := &Counter{name: "hits", step: 2}
	inc := c.Inc // method value bound to c
	for range 3 {
		inc()
	}
	fmt.Println(c.Label())

	snap := c.Value // receiver copied now (value receiver)
	c.Inc()
	fmt.Println("snapshot:", snap(), "current:", c.Value())

	incExpr := (*Counter).Inc // method expression
	incExpr(c)
	labelExpr := Counter.Label
	fmt.Println(labelExpr(*c))
	resetExpr := (*Counter).Reset
	resetExpr(c, 100)
	fmt.Println("after reset:", c.Value(), "type:", fmt.Sprintf("%T", resetExpr))

	temps := []Temp{-40, 0, 37, 100}
	convert := Temp.F
	var parts []string
	for _, t := range temps {
		parts = append(parts, fmt.Sprintf("%gC=%gF", t, convert(t)))
	}
	fmt.Println(strings.Join(parts, ", "))

	var funcs []func() string
	counters := []Counter{{name: "a", count: 1}, {name: "b", count: 2}}
	for _, ct := range counters {
		funcs = append(funcs, ct.Label)
	}
	counters[0].count = 99
	for _, f := range funcs {
		fmt.Print(f(), " ")
	}
	fmt.Println("| slice now:", counters[0].Label())

	calc := Calculator{ops: map[string]Op{
		"add": func(a, b int) int { return a + b },
		"pow": func(a, b int) int {
			r := 1
			for range b {
				r *= a
			}
			return r
		},
	}}
	apply := calc.Apply
	fmt.Println(apply("add", 2, 3), apply("pow", 2, 10), strings.Map(func(r rune) rune { return r + 1 }, "HAL"))

	cfg := config{host: "localhost", port: 8080, tags: []string{"a", "b"}, limits: map[string]int{"rps": 10, "burst": 20}}
	cfg.inner.a = 7
	fmt.Printf("%v\n", cfg)
	fmt.Printf("%+v\n", cfg)
	fmt.Printf("%#v\n", Counter{name: "x", count: 3, step: 1})
	fmt.Printf("%v %+v\n", *c, []Counter{{"p", 1, 1}})
	var empty config
	fmt.Printf("%+v\n", empty)
}

// Output:
// hits=6
// snapshot: 6 current: 8
// hits=10
// after reset: 100 type: func(*main.Counter, int)
// -40C=-40F, 0C=32F, 37C=98.6F, 100C=212F
// a=1 b=2 | slice now: a=99
// 5 1024 IBM
// {localhost 8080 false [a b] map[burst:20 rps:10] {7 0}}
// {host:localhost port:8080 tls:false tags:[a b] limits:map[burst:20 rps:10] inner:{a:7 b:0}}
// main.Counter{name:"x", count:3, step:1}
// {hits 100 2} [{name:p count:1 step:1}]
// {host: port:0 tls:false tags:[] limits:map[] inner:{a:0 b:0}}
