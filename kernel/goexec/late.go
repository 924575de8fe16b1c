package goexec

import (
	"reflect"
	"sync"
)

// The dynamic helpers (DynamicOne, DynamicPlain) name and print a value
// held bare by an interface from the candidates and stringers that the
// front end wrote at the call. A call in a generic function or method
// was written when its declaration's cell ran, before the instances of
// generic types that later cells make, so a Pair[string, int] with
// String that func Show[T any](v T) string { return fmt.Sprint(v) }
// printed was no candidate there: fmt printed {a 1}, go run a=1. Each
// later cell whose session has such an instance registers the
// candidates and stringers of the session's types for an empty interface
// as it knows them (front's registerLate, the helper RegisterLate), and
// the helpers fall back on them for a value that their own candidates do
// not name.

// lateCandidates holds the last candidates and stringers registered.
type lateCandidates struct {
	mu      sync.Mutex
	cands   []any
	methods []any
}

// registerLate is the helper RegisterLate.
func (l *lateCandidates) registerLate(cands []any, methods ...any) {
	l.mu.Lock()
	l.cands, l.methods = cands, methods
	l.mu.Unlock()
}

// get returns the candidates and stringers registered last.
func (l *lateCandidates) get() ([]any, []any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.cands, l.methods
}

// orLate returns candidates, or, when the value that xs (a []I{x})
// holds, bare or in yaegi's wrapper, is of an unnamed type (a struct, a
// list, map or pointer) that no candidate of candidates has the reflect
// type of, or is made of, the registered ones (a []int of a session with
// a type on int with String is then told apart by its record, or
// refused); and the
// stringers registered with methods after them (those given win for a
// name both have: a candidate of an instance written at the call has no
// stringer there, see front's instanceStringersOf).
func (l *lateCandidates) orLate(xs any, candidates []any, methods []any) ([]any, []any) {
	late, lateMethods := l.get()
	if len(late) == 0 {
		return candidates, methods
	}
	all := append(append([]any(nil), lateMethods...), methods...)
	e, ok := oneElem(xs)
	if !ok {
		return candidates, all
	}
	h := holding(e)
	if !h.v.IsValid() || h.v.Type().Name() != "" || named(h.v.Type(), candidateList(candidates)) {
		return candidates, all
	}
	return late, all
}

// named reports whether a candidate has the reflect type t or, for a
// pointer, list, map or channel type, of a struct type it is made of.
func named(t reflect.Type, cands []candidate) bool {
	for _, c := range cands {
		if c.t == t {
			return true
		}
	}
	for _, p := range reflectParts(t) {
		if named(p, cands) {
			return true
		}
	}
	return false
}

// dynamicOneLate and dynamicPlainLate are the session's DynamicOne and
// DynamicPlain: dynamicOne and dynamicPlain with the registered
// candidates where theirs do not name the value (orLate).
func (l *lateCandidates) dynamicOneLate(xs any, candidates []any, methods ...any) any {
	c, m := l.orLate(xs, candidates, methods)
	return dynamicOne(xs, c, m...)
}

func (l *lateCandidates) dynamicPlainLate(xs any, candidates []any, methods ...any) any {
	c, m := l.orLate(xs, candidates, methods)
	return dynamicPlain(xs, c, m...)
}
