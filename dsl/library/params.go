package library

import (
	"fmt"
	"math"

	"github.com/rbm-kernel/rbm-kernel/dsl"
)

// params are the resolved parameters of one part of a configuration (the
// checker has filled in the defaults), read with a check of their types.
type params struct {
	kind dsl.Kind
	name string
	m    map[string]any
}

// String names the part, e.g. "learner cd".
func (p params) String() string { return fmt.Sprintf("%s %s", p.kind, p.name) }

// reader reads the parameters of one part and keeps the first error, as
// bufio.Scanner does: a builder reads every parameter it needs, then asks
// Err once,
//
//	r := read(p)
//	k, n := r.positive("k"), r.nonNegative("chains")
//	if err := r.Err(); err != nil {
//		return nil, err
//	}
//
// After an error every read returns the zero value.
type reader struct {
	p   params
	err error
}

// read returns a reader of p's parameters.
func read(p params) *reader { return &reader{p: p} }

// Err returns the first error of the reads, or nil.
func (r *reader) Err() error { return r.err }

// first returns the error of the reads, when there is one, in place of
// err, the error of a builder that read its parameters with r: the read
// comes first, and after a failed read the builder's result is not used.
func (r *reader) first(err error) error {
	if r.err != nil {
		return r.err
	}
	return err
}

// fail records err unless an error is already recorded.
func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

// get returns the value of the parameter name, or nil after an error.
func (r *reader) get(name string) any {
	if r.err != nil {
		return nil
	}
	v, ok := r.p.m[name]
	if !ok || v == nil {
		r.fail(fmt.Errorf("%s: missing parameter %s", r.p, name))
		return nil
	}
	return v
}

// int reads an integer parameter; a whole float64 (as read back from JSON)
// is accepted.
func (r *reader) int(name string) int {
	v := r.get(name)
	switch x := v.(type) {
	case nil:
		return 0
	case int:
		return x
	case float64:
		if x == math.Trunc(x) && math.Abs(x) <= 1<<53 {
			return int(x)
		}
	}
	return wrongType(r, name, v, 0)
}

// positive reads an integer parameter that must be at least 1.
func (r *reader) positive(name string) int {
	n := r.int(name)
	if r.err == nil && n < 1 {
		r.fail(fmt.Errorf("%s: parameter %s = %d, want at least 1", r.p, name, n))
	}
	return n
}

// nonNegative reads an integer parameter that must be at least 0.
func (r *reader) nonNegative(name string) int {
	n := r.int(name)
	if r.err == nil && n < 0 {
		r.fail(fmt.Errorf("%s: parameter %s = %d is negative", r.p, name, n))
	}
	return n
}

// float reads a float parameter; an int is accepted.
func (r *reader) float(name string) float64 {
	v := r.get(name)
	if x, ok := toFloat(v); ok || v == nil {
		return x
	}
	return wrongType(r, name, v, 0.0)
}

// bool reads a bool parameter.
func (r *reader) bool(name string) bool {
	v := r.get(name)
	if x, ok := v.(bool); ok || v == nil {
		return x
	}
	return wrongType(r, name, v, false)
}

// str reads a string or name parameter.
func (r *reader) str(name string) string {
	v := r.get(name)
	if x, ok := v.(string); ok || v == nil {
		return x
	}
	return wrongType(r, name, v, "")
}

// wrongType records that parameter name has the value v, not of zero's
// type, and returns zero.
func wrongType[T any](r *reader, name string, v any, zero T) T {
	want := map[string]string{"int": "an int", "float64": "a float", "bool": "a bool", "string": "a name"}[fmt.Sprintf("%T", zero)]
	r.fail(fmt.Errorf("%s: parameter %s = %v (%T), want %s", r.p, name, v, v, want))
	return zero
}

// check records the error fmt.Errorf(format, args...) when ok is false
// and no error is recorded yet: a bound that a builder checks after its
// reads, e.g. r.check(th > 0 && th < 1, "parameter threshold = %v, want a
// grey level in (0, 1)", th).
func (r *reader) check(ok bool, format string, args ...any) {
	if !ok {
		r.fail(fmt.Errorf(format, args...))
	}
}
