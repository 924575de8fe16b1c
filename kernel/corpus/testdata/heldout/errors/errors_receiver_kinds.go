// Value- vs pointer-receiver error types, errors.As targets, and the typed-nil-in-interface pitfall.
package main

import (
	"errors"
	"fmt"
)

// ValueErr implements error with a value receiver: both ValueErr and *ValueErr are errors.
type ValueErr struct{ Code int }

func (v ValueErr) Error() string { return fmt.Sprintf("value error %d", v.Code) }

// PtrErr implements error with a pointer receiver: only *PtrErr is an error.
type PtrErr struct{ Path string }

func (p *PtrErr) Error() string {
	if p == nil {
		return "nil PtrErr"
	}
	return "bad path " + p.Path
}

func mayFailBad(fail bool) error {
	var p *PtrErr
	if fail {
		p = &PtrErr{Path: "/tmp/x"}
	}
	return p // typed nil when fail is false
}

func mayFailGood(fail bool) error {
	if fail {
		return &PtrErr{Path: "/tmp/y"}
	}
	return nil
}

func classify(err error) string {
	switch e := err.(type) {
	case nil:
		return "no error"
	case ValueErr:
		return fmt.Sprintf("ValueErr code=%d", e.Code)
	case *ValueErr:
		return fmt.Sprintf("*ValueErr code=%d", e.Code)
	case *PtrErr:
		return fmt.Sprintf("*PtrErr isNil=%t msg=%q", e == nil, e.Error())
	default:
		return "other: " + e.Error()
	}
}

func main() {
	errs := []error{
		ValueErr{1},
		&ValueErr{2},
		&PtrErr{"/etc"},
		fmt.Errorf("ctx: %w", ValueErr{3}),
		nil,
		errors.New("plain"),
	}
	for i, err := range errs {
		fmt.Printf("%d: %-40s", i, classify(err))
		var ve ValueErr
		var vp *ValueErr
		var pe *PtrErr
		fmt.Printf(" As(ValueErr)=%-5t As(*ValueErr)=%-5t As(*PtrErr)=%t\n",
			errors.As(err, &ve), errors.As(err, &vp), errors.As(err, &pe))
	}

	bad := mayFailBad(false)
	good := mayFailGood(false)
	fmt.Println("bad == nil:", bad == nil, "| good == nil:", good == nil)
	fmt.Println("bad says:", bad)
	fmt.Printf("bad %%T=%T good %%T=%T\n", bad, good)
	fmt.Println(classify(bad))
	fmt.Println(classify(mayFailBad(true)))

	a, b := ValueErr{7}, ValueErr{7}
	fmt.Println("value errors comparable:", error(a) == error(b), errors.Is(a, b))
	p1, p2 := &PtrErr{"/same"}, &PtrErr{"/same"}
	fmt.Println("pointer errors by identity:", error(p1) == error(p2), errors.Is(p1, p1))
}

// Output:
// 0: ValueErr code=1                          As(ValueErr)=true  As(*ValueErr)=false As(*PtrErr)=false
// 1: *ValueErr code=2                         As(ValueErr)=false As(*ValueErr)=true  As(*PtrErr)=false
// 2: *PtrErr isNil=false msg="bad path /etc"  As(ValueErr)=false As(*ValueErr)=false As(*PtrErr)=true
// 3: other: ctx: value error 3                As(ValueErr)=true  As(*ValueErr)=false As(*PtrErr)=false
// 4: no error                                 As(ValueErr)=false As(*ValueErr)=false As(*PtrErr)=false
// 5: other: plain                             As(ValueErr)=false As(*ValueErr)=false As(*PtrErr)=false
// bad == nil: false | good == nil: true
// bad says: nil PtrErr
// bad %T=*main.PtrErr good %T=<nil>
// *PtrErr isNil=true msg="nil PtrErr"
// *PtrErr isNil=false msg="bad path /tmp/x"
// value errors comparable: true true
// pointer errors by identity: false true
