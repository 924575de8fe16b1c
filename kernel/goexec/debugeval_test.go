package goexec

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"
)

// The debugger's expressions, over values as the interpreter holds them
// (a struct with an unexported field has it as X+name). The wanted values
// are Go's for the same expressions.
func TestEvalExpression(t *testing.T) {
	type chain struct {
		V    []float64
		Xpos int // yaegi's name of an unexported field pos
	}
	c := &chain{V: []float64{0.5, 1.5, 2.5}, Xpos: 2}
	vars := map[string]any{
		"c":  c,
		"m":  map[string]int{"a": 1},
		"n":  int32(7),
		"s":  "héllo",
		"ok": true,
		"u":  uint8(200),
		"x":  any(c),
	}
	lookup := func(name string) (reflect.Value, bool) {
		v, ok := vars[name]
		if !ok {
			return reflect.Value{}, false
		}
		return reflect.ValueOf(v), true
	}
	checkEvals(t, lookup, nil, evalCases{
		{"c.V[c.pos]", "2.5"},
		{"len(c.V) + cap(c.V[:0:0][:0])", ""}, // a slice expression is refused (below)
		{"c.V[1] * 2", "3"},
		{"(*c).pos - 1", "1"},
		{"x.V[0]", "0.5"},
		{"m[\"a\"] + m[\"b\"]", "1"},
		{"n / 2", "3"},
		{"n % 4 == 3 && ok", "true"},
		{"-n + 1", "-6"},
		{"u + 55", "255"},
		{"len(s)", "6"},
		{"s[1]", "195"},
		{"s + \"!\" == \"héllo!\"", "true"},
		{"1 + 2.5", "3.5"},
		{"ok || c.V[5] > 0", "true"}, // not evaluated: out of range
		{"!ok", "false"},
	})
	checkEvalErrors(t, lookup, nil, evalCases{
		{"c.V[3]", "column 5: index out of range [3] with length 3"},
		{"n / 0", "column 1: integer divide by zero"},
		{"n + u", "mismatched types int32 and uint8"},
		{"nope + 1", "column 1: nope is not a variable in scope"},
		{"c.Nope", "c has no field Nope"},
		{"fmt.Sprint(n)", "fmt is not a variable in scope"}, // no packages given
		{"u + 300", "the constant 300 does not fit in uint8"},
	})
	// uint8 arithmetic wraps, as Go's does.
	if v, err := evalExpression("u + 56", lookup, nil); err != nil || v.Uint() != 0 {
		t.Errorf("u + 56 = %v, %v; want 0", v, err)
	}
}

// Calls of compiled code in the debugger's expressions: conversions,
// functions of the session's packages, methods of compiled values. The
// wanted values are Go's for the same expressions; a cell's own function
// cannot run while the interpreter is stopped.
func TestEvalCalls(t *testing.T) {
	w := mat.NewDense(2, 3, []float64{1, 2, 3, 4, 5, 6})
	vars := map[string]any{
		"w":    w,
		"n":    7,
		"name": "Gibbs",
		"f":    func() int { return 1 }, // as a cell's function would be held
		"d":    2 * time.Second,
	}
	lookup := func(name string) (reflect.Value, bool) {
		v, ok := vars[name]
		return reflect.ValueOf(v), ok
	}
	packages := func(name string) (map[string]reflect.Value, bool) {
		t, ok := map[string]map[string]reflect.Value{
			"math":    allSymbols["math/math"],
			"strings": allSymbols["strings/strings"],
			"mat":     allSymbols["gonum.org/v1/gonum/mat/mat"],
			"strconv": allSymbols["strconv/strconv"],
		}[name]
		return t, ok
	}
	checkEvals(t, lookup, packages, evalCases{
		{"w.At(1, 2)", "6"},
		{"w.At(1, n-5) * 2", "12"},
		{"mat.Sum(w)", "21"},
		{"math.Sqrt(float64(n) + 9)", "4"},
		{"float64(n) / 2", "3.5"},
		{"int(2.0) + n", "9"},
		{"strings.ToUpper(name)", "GIBBS"},
		{"strings.Join([]string{name}, \",\")", ""}, // a composite literal is refused
		{"strconv.Atoi(\"12\")", "12"},
		{"d.Seconds()", "2"},
		{"math.Max(1, 2)", "2"},
	})
	checkEvalErrors(t, lookup, packages, evalCases{
		{"w.At(2, 0)", "panicked: mat: row index out of range"},
		{"strconv.Atoi(name)", "invalid syntax"},
		{"f()", "f is declared in a cell"},
		{"math.Nope(1)", "math.Nope is not a function of package math"},
		{"w.Nope()", "has no method Nope"},
		{"math.Sqrt(name)", "name is a string, not a float64"},
		{"math.Sqrt(1, 2)", "takes 1 arguments, not 2"},
		{"string(n)", "cannot convert n"},
	})
}

// evalCases are expressions and what evaluating each gives: its value as
// fmt prints it ("" for an error), or a part of its error.
type evalCases []struct{ expr, want string }

// checkEvals evaluates each case and compares its value; a case whose
// want is "" must fail.
func checkEvals(t *testing.T, lookup func(string) (reflect.Value, bool), packages func(string) (map[string]reflect.Value, bool), cases evalCases) {
	t.Helper()
	for _, tc := range cases {
		v, err := evalExpression(tc.expr, lookup, packages)
		switch {
		case tc.want == "":
			if err == nil {
				t.Errorf("%s = %v, want an error", tc.expr, v)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.expr, err)
		default:
			if got := fmt.Sprint(v.Interface()); got != tc.want {
				t.Errorf("%s = %s, want %s", tc.expr, got, tc.want)
			}
		}
	}
}

// checkEvalErrors evaluates each case, which must fail with an error
// containing want.
func checkEvalErrors(t *testing.T, lookup func(string) (reflect.Value, bool), packages func(string) (map[string]reflect.Value, bool), cases evalCases) {
	t.Helper()
	for _, tc := range cases {
		_, err := evalExpression(tc.expr, lookup, packages)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.expr, err, tc.want)
		}
	}
}
