// Shapes behind an interface, with value and pointer receivers and fmt.Stringer implementations.
package main

import (
	"fmt"
	"math"
	"sort"
)

type Shape interface {
	Area() float64
	Perimeter() float64
}

type Circle struct{ R float64 }

type Rect struct{ W, H float64 }

type Triangle struct{ A, B, C float64 }

func (c Circle) Area() float64      { return math.Pi * c.R * c.R }
func (c Circle) Perimeter() float64 { return 2 * math.Pi * c.R }
func (c Circle) String() string     { return fmt.Sprintf("Circle(r=%g)", c.R) }

func (r Rect) Area() float64      { return r.W * r.H }
func (r Rect) Perimeter() float64 { return 2 * (r.W + r.H) }
func (r Rect) String() string     { return fmt.Sprintf("Rect(%gx%g)", r.W, r.H) }

// Scale has a pointer receiver, so only *Rect can be scaled in place.
func (r *Rect) Scale(f float64) {
	r.W *= f
	r.H *= f
}

func (t *Triangle) Area() float64 {
	s := t.Perimeter() / 2
	return math.Sqrt(s * (s - t.A) * (s - t.B) * (s - t.C))
}
func (t *Triangle) Perimeter() float64 { return t.A + t.B + t.C }
func (t *Triangle) String() string     { return fmt.Sprintf("Tri(%g,%g,%g)", t.A, t.B, t.C) }

type Scaler interface{ Scale(float64) }

func describe(s Shape) string {
	return fmt.Sprintf("%-14v area=%8.3f perimeter=%7.3f", s, s.Area(), s.Perimeter())
}

func main() {
	shapes := []Shape{
		Circle{1},
		Rect{3, 4},
		&Triangle{3, 4, 5},
		Circle{2.5},
		&Rect{1, 10},
	}
	for _, s := range shapes {
		fmt.Println(describe(s))
	}

	sort.Slice(shapes, func(i, j int) bool { return shapes[i].Area() < shapes[j].Area() })
	fmt.Print("by area:")
	for _, s := range shapes {
		fmt.Printf(" %.2f", s.Area())
	}
	fmt.Println()

	total := 0.0
	for _, s := range shapes {
		total += s.Area()
	}
	fmt.Printf("total area: %.4f\n", total)

	for _, s := range shapes {
		if sc, ok := s.(Scaler); ok {
			sc.Scale(2)
			fmt.Println("scaled:", s)
		}
	}

	r := Rect{2, 3}
	r.Scale(1.5) // addressable value, Go takes &r automatically
	fmt.Println(r, r.Area())

	var sh Shape = r
	r.W = 100
	fmt.Println("interface holds a copy:", sh, "original:", r)

	var nothing Shape
	fmt.Println("nil interface:", nothing == nil, nothing)
	fmt.Printf("%v %+v %T\n", Triangle{5, 12, 13}, Triangle{5, 12, 13}, &Triangle{})
}

// Output:
// Circle(r=1)    area=   3.142 perimeter=  6.283
// Rect(3x4)      area=  12.000 perimeter= 14.000
// Tri(3,4,5)     area=   6.000 perimeter= 12.000
// Circle(r=2.5)  area=  19.635 perimeter= 15.708
// Rect(1x10)     area=  10.000 perimeter= 22.000
// by area: 3.14 6.00 10.00 12.00 19.63
// total area: 50.7765
// scaled: Rect(2x20)
// Rect(3x4.5) 13.5
// interface holds a copy: Rect(3x4.5) original: Rect(100x4.5)
// nil interface: true <nil>
// {5 12 13} {A:5 B:12 C:13} *main.Triangle
