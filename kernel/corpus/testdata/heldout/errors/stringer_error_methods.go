// String and Error methods on value and pointer receivers as seen by Println, Printf and %v/%s/%d.
package main

import (
	"errors"
	"fmt"
)

type Color int

const (
	Red Color = iota
	Green
	Blue
)

func (c Color) String() string {
	switch c {
	case Red:
		return "Red"
	case Green:
		return "Green"
	case Blue:
		return "Blue"
	}
	return fmt.Sprintf("Color(%d)", int(c))
}

type Temp float64

func (t Temp) String() string { return fmt.Sprintf("%.1f°C", float64(t)) }

type Account struct {
	Owner   string
	Balance int
}

// String has a pointer receiver, so only *Account satisfies fmt.Stringer.
func (a *Account) String() string { return fmt.Sprintf("%s: $%d", a.Owner, a.Balance) }

type Code int

func (c Code) Error() string  { return fmt.Sprintf("code %d", int(c)) }
func (c Code) String() string { return "stringer wins?" }

type Pixel struct {
	C    Color
	T    Temp
	Name string
}

type ErrBoth struct{ Op string }

func (e *ErrBoth) Error() string { return "op " + e.Op + " failed" }

func main() {
	fmt.Println(Red, Blue, Color(9))
	fmt.Printf("%v %s %d %q %x\n", Green, Green, Green, Green, Green)
	fmt.Printf("%+v %#v\n", Blue, Blue)

	colors := []Color{Blue, Red, Green}
	fmt.Println(colors)
	fmt.Println(map[Color]int{Blue: 3, Red: 1})

	p := Pixel{C: Green, T: 21.456, Name: "px"}
	fmt.Println(p)
	fmt.Printf("%+v\n", p)

	acct := Account{"ann", 120}
	fmt.Println(acct)
	fmt.Println(&acct)
	fmt.Printf("%v | %v\n", acct, &acct)
	accts := []*Account{{"bo", 5}, {"cy", 0}}
	fmt.Println(accts[0], accts[1])

	var err error = Code(404)
	fmt.Println(err)
	fmt.Printf("%v %s %d %T\n", err, err, err, err)

	var e2 error = &ErrBoth{"write"}
	wrapped := fmt.Errorf("save: %w", e2)
	fmt.Println(wrapped)
	fmt.Printf("%q\n", wrapped)

	var s fmt.Stringer = Temp(-3)
	fmt.Println(s, s.String() == fmt.Sprint(s))

	errs := []error{Code(1), errors.New("plain"), &ErrBoth{"read"}}
	fmt.Println(errs)
	fmt.Printf("%v\n", errs)
}

// Output:
// Red Blue Color(9)
// Green Green 1 "Green" 477265656e
// Blue 2
// [Blue Red Green]
// map[Red:1 Blue:3]
// {Green 21.5°C px}
// {C:Green T:21.5°C Name:px}
// {ann 120}
// ann: $120
// {ann 120} | ann: $120
// bo: $5 cy: $0
// code 404
// code 404 code 404 404 main.Code
// save: op write failed
// "save: op write failed"
// -3.0°C true
// [code 1 plain op read failed]
// [code 1 plain op read failed]
