// The result of a call, of a type with a String or Error method, printed
// as it is returned: the interpreter hands a call's result to fmt
// without its type's methods, and the kernel converts it to its own type
// first.
package main

import (
	"errors"
	"fmt"
)

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
)

func (d Weekday) String() string { return [...]string{"Sun", "Mon", "Tue"}[d] }

func (d Weekday) Next() Weekday { return (d + 1) % 3 }

type Point struct{ X, Y int }

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

type NotFound struct{ Key string }

func (e *NotFound) Error() string { return e.Key + " not found" }

func lookup(k string) (int, error) { return 0, &NotFound{k} }

func origin() Point { return Point{} }

func main() {
	fmt.Println(Monday.Next(), Tuesday.Next(), origin())
	fmt.Printf("%v and %s\n", Sunday.Next(), origin())
	_, err := lookup("x")
	fmt.Println(err, fmt.Errorf("lookup: %w", &NotFound{"y"}))
	var nf *NotFound
	fmt.Println(errors.As(fmt.Errorf("wrapped: %w", err), &nf), nf.Key)
}

// Output:
// Tue Sun (0,0)
// Mon and (0,0)
// x not found lookup: y not found
// true x
