// Deferred recover converts panics (explicit and runtime) into returned errors.
package main

import (
	"errors"
	"fmt"
)

type ParseError struct {
	Line int
	Msg  string
}

func (e ParseError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Msg) }

func safely(name string, f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			switch v := r.(type) {
			case error:
				err = fmt.Errorf("%s: recovered error: %w", name, v)
			case string:
				err = fmt.Errorf("%s: recovered string: %s", name, v)
			default:
				err = fmt.Errorf("%s: recovered %T: %v", name, v, v)
			}
		}
	}()
	f()
	return nil
}

func main() {
	var nilMap map[string]int
	var nilPtr *ParseError
	var anyVal any = "text"
	nums := []int{1, 2, 3}
	idx := 5
	zero := 0

	tasks := []struct {
		name string
		f    func()
	}{
		{"ok", func() { fmt.Println("  ok task ran") }},
		{"string", func() { panic("something broke") }},
		{"custom", func() { panic(ParseError{Line: 12, Msg: "unexpected token"}) }},
		{"int", func() { panic(42) }},
		{"index", func() { _ = nums[idx] }},
		{"slice", func() { _ = nums[2:idx] }},
		{"divide", func() { _ = 10 / zero }},
		{"nilmap", func() { nilMap["k"] = 1 }},
		{"nilptr", func() { _ = nilPtr.Line }},
		{"assert", func() { _ = anyVal.(int) }},
		{"errorf", func() { panic(fmt.Errorf("wrapped: %w", errors.ErrUnsupported)) }},
	}

	for _, t := range tasks {
		err := safely(t.name, t.f)
		if err == nil {
			fmt.Println(t.name, "-> no error")
			continue
		}
		fmt.Println(t.name, "->", err)
		var pe ParseError
		if errors.As(err, &pe) {
			fmt.Println("  parse error at line", pe.Line)
		}
		if errors.Is(err, errors.ErrUnsupported) {
			fmt.Println("  unsupported operation")
		}
	}
}

// Output:
//   ok task ran
// ok -> no error
// string -> string: recovered string: something broke
// custom -> custom: recovered error: line 12: unexpected token
//   parse error at line 12
// int -> int: recovered int: 42
// index -> index: recovered error: runtime error: index out of range [5] with length 3
// slice -> slice: recovered error: runtime error: slice bounds out of range [:5] with capacity 3
// divide -> divide: recovered error: runtime error: integer divide by zero
// nilmap -> nilmap: recovered error: assignment to entry in nil map
// nilptr -> nilptr: recovered error: runtime error: invalid memory address or nil pointer dereference
// assert -> assert: recovered error: interface conversion: interface {} is string, not int
// errorf -> errorf: recovered error: wrapped: unsupported operation
//   unsupported operation
