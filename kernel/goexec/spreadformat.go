package goexec

import "strings"

// %T of the elements of a spread argument, f(format, xs...), with a
// format that is not a constant (front's spreadTypeVerbs): the format's
// verbs are found when the call runs. fmt printed the kernel's wrapper of
// a session value (goexec.goValue) or yaegi's type (struct { Xx int }).

// verbOffsets is front's printfVerbOffsets: the byte offset of the verb
// of each argument a format uses (of the '*' of a star width or
// precision), and false when the format has explicit argument indexes.
func verbOffsets(format string) ([]int, bool) {
	var offs []int
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		for i++; i < len(format); i++ {
			ch := format[i]
			if ch == '[' {
				return nil, false
			}
			if ch == '*' {
				offs = append(offs, i)
				continue
			}
			if strings.IndexByte("+-# 0.", ch) >= 0 || ch >= '0' && ch <= '9' {
				continue
			}
			if ch != '%' {
				offs = append(offs, i)
			}
			break
		}
	}
	return offs, true
}

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
	offs, ok := verbOffsets(format)
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
	offs, ok := verbOffsets(format)
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
