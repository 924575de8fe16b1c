package goexec

import "github.com/rbm-kernel/rbm-kernel/kernel/front"

// %T of the elements of a spread argument, f(format, xs...), with a
// format that is not a constant (front's spreadTypeVerbs): the format's
// verbs are found when the call runs. fmt printed the kernel's wrapper of
// a session value (goexec.goValue) or yaegi's type (struct { Xx int }).

// spreadTypeLimit is the InterpreterLimit of a %T that the helpers below
// cannot place.
func spreadTypeLimit(name string) interpreterLimit {
	return interpreterLimit{name + " with %T of the elements of a spread argument cannot run in the interpreter here: " +
		"it would print the interpreter's types; use a constant format without argument indexes, and a variable for the slice " +
		"(xs := …; " + name + "(…, xs...)), or run this code compiled (a cell with func main, or %%compile)"}
}

// spreadTypeFormatDyn is the helper SpreadTypeFormatDyn, SpreadTypeFormat
// of a format known when the call runs: each %T of one of the n elements
// becomes %s (SpreadTypeNamesDyn gives the name). A %T with explicit
// argument indexes ends the cell with an InterpreterLimit.
func spreadTypeFormatDyn(format string, n int, name string) string {
	offs, ok := front.PrintfVerbOffsets(format)
	if !ok {
		if hasTypeVerb(format) {
			panic(spreadTypeLimit(name))
		}
		return format
	}
	var b []byte
	for i, off := range offs {
		if i < n && format[off] == 'T' {
			if b == nil {
				b = []byte(format)
			}
			b[off] = 's'
		}
	}
	if b == nil {
		return format
	}
	return string(b)
}

// spreadTypeNamesDyn is the helper SpreadTypeNamesDyn: SpreadTypeNames of
// xs at the indexes of the %T verbs of format.
func spreadTypeNamesDyn(format string, xs []any, candidates ...any) []any {
	offs, ok := front.PrintfVerbOffsets(format)
	if !ok {
		return xs
	}
	var indexes []int
	for i, off := range offs {
		if format[off] == 'T' {
			indexes = append(indexes, i)
		}
	}
	if len(indexes) == 0 {
		return xs
	}
	return spreadTypeNames(xs, indexes, candidates...)
}

// typeVerbLimit is the helper TypeVerbLimit, the format of a call
// f(format, xs...) whose slice or format cannot be read twice: a format
// with %T ends the cell with an InterpreterLimit.
func typeVerbLimit(format, name string) string {
	if hasTypeVerb(format) {
		panic(spreadTypeLimit(name))
	}
	return format
}
