package goexec

import (
	"reflect"
	"slices"
	"strings"
	"sync"
)

// A candidate is one of the types of the session that a value of some
// interface type can hold, as the front end lists them for the helpers
// TypeName, DynamicOne and DynamicPlain (front's typeCandidates):
// quadruples of Go's name ("main.T", "*main.T"), a zero value, the names
// of the methods in the type's method set separated by spaces, and the
// type's description (GoValue's).
type candidate struct {
	name    string
	t       reflect.Type // of the zero value, as the interpreter holds it
	methods []string
	desc    *typeDesc // nil when it does not parse
}

// candidateList reads the quadruples of candidates; a malformed one is
// skipped. A call of a helper in a loop passes the same list at each
// iteration (the front end writes it as a literal at the call), and
// reading it anew (holding on each zero value, which looks into yaegi's
// wrappers by reflection) cost more than all else the helper did: the
// lists read are kept (candidateCache) and given again for a list of the
// same names, zero values' types, methods and descriptions.
func candidateList(xs []any) []candidate {
	if len(xs) < 4 {
		return nil
	}
	first, _ := xs[0].(string)
	key := candidateKey{n: len(xs), first: first, t: reflect.TypeOf(xs[1])}
	candidateCache.mu.Lock()
	for _, c := range candidateCache.lists[key] {
		if c.matches(xs) {
			candidateCache.mu.Unlock()
			return c.list
		}
	}
	candidateCache.mu.Unlock()
	list := readCandidates(xs)
	entry := cachedCandidates{raw: slices.Clone(xs), list: list}
	candidateCache.mu.Lock()
	if candidateCache.lists == nil || candidateCache.size >= candidateCacheMax {
		candidateCache.lists, candidateCache.size = map[candidateKey][]cachedCandidates{}, 0
	}
	candidateCache.lists[key] = append(candidateCache.lists[key], entry)
	candidateCache.size++
	candidateCache.mu.Unlock()
	return list
}

// candidateCacheMax bounds the lists kept: about one per call of a helper
// in the session's code; past it, the cache starts anew.
const candidateCacheMax = 4096

// candidateCache holds the candidate lists read, by candidateKey.
var candidateCache struct {
	mu    sync.Mutex
	lists map[candidateKey][]cachedCandidates
	size  int
}

// candidateKey finds the lists that may be the same as a list given: its
// length, its first name and its first zero value's type.
type candidateKey struct {
	n     int
	first string
	t     reflect.Type
}

// cachedCandidates is a list as given (the strings, and the zero values
// whose types are compared) and as read.
type cachedCandidates struct {
	raw  []any
	list []candidate
}

// matches reports whether xs is the list c was read from: the same
// strings and the same types of zero values (the types of the session
// change when a cell declares one anew, and the list with them).
func (c cachedCandidates) matches(xs []any) bool {
	if len(xs) != len(c.raw) {
		return false
	}
	for i, x := range xs {
		if i%4 == 1 {
			if reflect.TypeOf(x) != reflect.TypeOf(c.raw[i]) {
				return false
			}
			continue
		}
		a, ok1 := x.(string)
		b, ok2 := c.raw[i].(string)
		if ok1 != ok2 || a != b {
			return false
		}
	}
	return true
}

// readCandidates reads the quadruples of candidates, as candidateList.
func readCandidates(xs []any) []candidate {
	var out []candidate
	for i := 0; i+3 < len(xs); i += 4 {
		name, ok1 := xs[i].(string)
		methods, ok2 := xs[i+2].(string)
		desc, ok3 := xs[i+3].(string)
		z := reflect.ValueOf(xs[i+1])
		if !ok1 || !ok2 || !ok3 || !z.IsValid() {
			continue
		}
		if h := holding(z); h.v.IsValid() {
			z = h.v
		}
		c := candidate{name: name, t: z.Type(), methods: strings.Fields(methods)}
		if d, ok := parseDesc(desc); ok {
			c.desc = d
		}
		out = append(out, c)
	}
	return out
}

// candidateName returns the name of the one candidate whose reflect type
// is t; false when none is. Two candidates of type t end the cell with an
// InterpreterLimit.
func candidateName(t reflect.Type, cands []candidate) (string, bool) {
	var names []string
	for _, c := range cands {
		if c.t == t {
			names = append(names, c.name)
		}
	}
	switch len(names) {
	case 0:
		return "", false
	case 1:
		return names[0], true
	}
	panic(limitOf("the interpreter cannot tell which of " + strings.Join(names, ", ") + " a value of type " +
		t.String() + " is: it keeps them as one type. Give them different underlying types, or run this code compiled (a cell with func main, or %%compile)"))
}

// candidateFor is candidateName for the value that e (an element of
// []I{x}) holds bare, of reflect type t: where several candidates have t,
// the one whose name the front end recorded for the value where it went
// into an interface (TagType: a value of a session struct type without
// methods, or of a local or unnamed struct type, whose reflect type
// another of them shares; front/shadows.go) names it; an unrecorded one
// ends the cell as candidateName does.
func candidateFor(e reflect.Value, t reflect.Type, cands []candidate) (string, bool) {
	if name, ok := taggedCandidate(e, t, cands); ok {
		return name, true
	}
	return candidateName(t, cands)
}

// taggedCandidate returns the name recorded for the value e holds when
// several candidates have its reflect type t and one of them has that
// name; false otherwise.
func taggedCandidate(e reflect.Value, t reflect.Type, cands []candidate) (string, bool) {
	n := 0
	for _, c := range cands {
		if c.t == t {
			n++
		}
	}
	if n < 2 {
		return "", false
	}
	name, ok := taggedName(e)
	if !ok || name == "" {
		return "", false
	}
	for _, c := range cands {
		if c.t == t && c.name == name {
			return name, true
		}
	}
	return "", false
}

// methodWrappedType names the type of the value h, which yaegi holds in
// its wrapper of a compiled interface's method set (interp._error for an
// error, h.methods), and gives the value when the wrapper kept all of it
// (invalid otherwise). The wrapper keeps not the value but what
// interp.getConcreteValue makes of it: a struct without methods of its
// reflect type (all of the session's) becomes its last field that holds
// something, so E{8, 1} is kept as 1. The candidates that could have
// given the kept value h.v are those with all the wrapper's methods whose
// reflect type is h.v's (the whole value) or is a struct whose last field
// is of h.v's type or an interface. One such candidate is the answer;
// none or several end the cell with an InterpreterLimit, since nothing
// else in the value tells them apart. A struct of one field is rebuilt
// from it.
func methodWrappedType(h heldValue, cands []candidate) (name string, whole reflect.Value) {
	t := h.v.Type()
	var names []string
	for _, c := range cands {
		if c.t.Kind() == reflect.Pointer || !hasMethodsOf(c, h.methods.Type()) {
			continue
		}
		switch {
		case c.t == t:
			names, whole = append(names, c.name), h.v
		case lastFieldCouldBe(c.t, t):
			names, whole = append(names, c.name), reflect.Value{}
			if c.t.NumField() == 1 && c.t.Field(0).Type == t {
				whole = reflect.New(c.t).Elem()
				whole.Field(0).Set(h.v)
			}
		}
	}
	if len(names) == 1 {
		return names[0], whole
	}
	what := "no type of the session fits"
	if len(names) > 1 {
		what = "several types of the session fit (" + strings.Join(names, ", ") + ")"
	}
	panic(limitOf("the interpreter holds this value in its wrapper of an interface's methods, which keeps a value of type " + t.String() +
		" in place of it, and " + what + ": it cannot name the type. Use a pointer receiver (&T{…}), or run this code compiled (a cell with func main, or %%compile)"))
}

// hasMethodsOf reports whether the candidate's method set has every
// method of the wrapper type w.
func hasMethodsOf(c candidate, w reflect.Type) bool {
	for i := 0; i < w.NumMethod(); i++ {
		if !slices.Contains(c.methods, w.Method(i).Name) {
			return false
		}
	}
	return true
}

// lastFieldCouldBe reports whether interp.getConcreteValue can make a
// value of type t out of a struct of type s: its last field is of type t
// or an interface (a nil one is passed over, so then any earlier field
// could be it).
func lastFieldCouldBe(s, t reflect.Type) bool {
	if s.Kind() != reflect.Struct || s.NumMethod() > 0 || s.NumField() == 0 {
		return false
	}
	f := s.Field(s.NumField() - 1).Type
	return f.Kind() == reflect.Interface || f == t
}

// A pointer, list, map or channel made of a struct type whose reflect
// type two candidates share (a session type Tm and a local type L of the
// same fields: struct { Xa int }) is one reflect type for both (*L and
// *Tm are *struct { Xa int }), of which a candidate lists at most one
// (*main.Tm) or none ([]main.L): a *L read back from a sync.Map was
// named *main.Tm and printed with Tm's String. The front end records
// where the cell puts such a value in an empty interface, with its
// name and description (TagType; front's madeOfContested), by which the
// helpers name and print it; one not recorded ends the cell.

// contestedParts returns the names of the candidates that share the
// reflect type of a part of t (an element, a key, at any depth) when t
// is an unnamed pointer, slice, array, map or channel type and two or
// more candidates of other names have that part's type; with
// differentMethods, only where those candidates' methods differ (fmt
// would print the value otherwise with one than with another).
func contestedParts(t reflect.Type, cands []candidate, differentMethods bool, depth int) []string {
	if t.Name() != "" || depth > 8 {
		return nil
	}
	var names []string
	for _, p := range reflectParts(t) {
		var here []string
		var first *candidate
		differ := false
		for i, c := range cands {
			if c.t != p || slices.Contains(here, c.name) {
				continue
			}
			here = append(here, c.name)
			if first == nil {
				first = &cands[i]
			} else if !slices.Equal(first.methods, c.methods) {
				differ = true
			}
		}
		if len(here) > 1 && (differ || !differentMethods) {
			for _, n := range here {
				if !slices.Contains(names, n) {
					names = append(names, n)
				}
			}
		}
		for _, n := range contestedParts(p, cands, differentMethods, depth+1) {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names
}

// contestedComposite returns the name and description recorded for the
// value that e (an element of []I{x}) holds bare, of the reflect type t,
// when t is made of a struct type that several candidates share
// (contestedParts); ok is false when t is not, or when it is not
// recorded and, for printing (naming false), those candidates have the
// same methods (it prints alike as either). Otherwise a value not
// recorded ends the cell with an InterpreterLimit.
func contestedComposite(e reflect.Value, t reflect.Type, cands []candidate, naming bool) (name string, d *typeDesc, ok bool) {
	names := contestedParts(t, cands, false, 0)
	if len(names) == 0 {
		return "", nil, false
	}
	if tag, ok := taggedRecord(e); ok && tag.name != "" && tag.desc != "" {
		if d, ok := parseDesc(tag.desc); ok {
			return tag.name, d, true
		}
	}
	if !naming && len(contestedParts(t, cands, true, 0)) == 0 {
		return "", nil, false
	}
	panic(limitOf("the interpreter cannot tell which of " + strings.Join(names, ", ") + " this value of type " + t.String() +
		" is made of: it keeps them as one type. Give them different underlying types, or run this code compiled (a cell with func main, or %%compile)"))
}

// recordedDesc returns the description recorded for the value that the
// empty interface iface (a field's or an element's, which need not be
// addressable) holds bare, of the reflect type t made of a struct type
// that several candidates share (contestedParts); nil when it has none.
// It does not end the cell: fmt's call is printing (GoValueIn).
func recordedDesc(iface reflect.Value, t reflect.Type, cands []candidate) *typeDesc {
	if len(contestedParts(t, cands, false, 0)) == 0 {
		return nil
	}
	return ifaceRecordDesc(iface)
}
