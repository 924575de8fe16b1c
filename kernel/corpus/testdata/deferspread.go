// A deferred call with a spread argument passes the elements, evaluated
// at the defer statement; a deferred promoted method evaluates its
// embedded field there.
package main

import "fmt"

type T struct{ n int }

func (t T) String() string { return fmt.Sprint("T", t.n) }

type In struct{ n int }

func (i In) Show()                { fmt.Println("show", i.n) }
func (i *In) PShow()              { fmt.Println("pshow", i.n) }
func sum(label string, xs ...int) { fmt.Println(label, len(xs), xs) }

type Out struct{ In }
type Top struct{ *Out }

func f() {
	xs := []any{1, 2}
	defer fmt.Println(xs...)
	xs[0] = 9
	xs = []any{5}
	for i := 0; i < 2; i++ {
		ys := []int{i, i}
		defer sum("loop", ys...)
		ys = nil
	}
	vs := []any{T{1}, T{2}}
	defer fmt.Println(vs...)
	o := Out{In{1}}
	defer o.Show()
	defer o.PShow()
	o.n = 2
	tp := Top{&Out{In{3}}}
	defer tp.Show()
	tp.Out = &Out{In{4}}
}

func main() { f() }

// Output:
// show 3
// pshow 2
// show 1
// T1 T2
// loop 2 [1 1]
// loop 2 [0 0]
// 9 2
