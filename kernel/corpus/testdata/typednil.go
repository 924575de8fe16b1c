// A nil pointer returned as an error is not a nil error (Go's FAQ: "Why
// is my nil error value not equal to nil?"), and its method runs with a
// nil receiver. The kernel refuses it when it happens: the interpreter
// would make a nil error of it.
package main

import "fmt"

type parseError struct{ line int }

func (e *parseError) Error() string {
	if e == nil {
		return "no parse error"
	}
	return fmt.Sprintf("parse error on line %d", e.line)
}

func parse(s string) error {
	var perr *parseError
	if s == "" {
		perr = &parseError{1}
	}
	return perr // always non-nil as an error
}

func main() {
	for _, s := range []string{"", "x"} {
		err := parse(s)
		fmt.Println(err != nil, err)
	}
}

// Output:
// true parse error on line 1
// true no parse error
