package goexec

import (
	"fmt"
	"github.com/rbm-kernel/rbm-kernel/internal/show"
	"go/token"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/rbm-kernel/rbm-kernel/kernel/display"
)

// GoValue (the runtime helper) formats a value of the session's types as
// Go would, from the description of its static type that the front end
// writes (front.Describe): the names of its types and of its fields, which
// the reflect types that yaegi builds do not have.

// typeDesc is a parsed description.
type typeDesc struct {
	kind   byte   // 'N' named, 'S' struct, 'P' pointer, 'L' slice, 'A' array, 'M' map, 'O' other
	name   string // N and O: the type's name
	n      int    // A: the length
	fields []fieldDesc
	elem   *typeDesc // N: the underlying type; P, L, A, M: the element
	key    *typeDesc // M
}

type fieldDesc struct {
	name     string
	t        *typeDesc
	embedded bool // written ^name
}

var descCache sync.Map // string → *typeDesc

// parseDesc parses a description, caching it.
func parseDesc(s string) (*typeDesc, bool) {
	if d, ok := descCache.Load(s); ok {
		return d.(*typeDesc), true
	}
	p := descParser{s: s}
	d := p.desc()
	if p.err || p.i != len(s) {
		return nil, false
	}
	descCache.Store(s, d)
	return d, true
}

type descParser struct {
	s   string
	i   int
	err bool
}

func (p *descParser) num() int {
	j := p.i
	for j < len(p.s) && p.s[j] >= '0' && p.s[j] <= '9' {
		j++
	}
	n, err := strconv.Atoi(p.s[p.i:j])
	if err != nil || j >= len(p.s) || p.s[j] != ':' {
		p.err = true
		return 0
	}
	p.i = j + 1
	return n
}

func (p *descParser) str() string {
	n := p.num()
	if p.err || p.i+n > len(p.s) {
		p.err = true
		return ""
	}
	s := p.s[p.i : p.i+n]
	p.i += n
	return s
}

func (p *descParser) desc() *typeDesc {
	if p.err || p.i >= len(p.s) {
		p.err = true
		return &typeDesc{kind: 'O'}
	}
	d := &typeDesc{kind: p.s[p.i]}
	p.i++
	switch d.kind {
	case 'N':
		d.name = p.str()
		d.elem = p.desc()
	case 'O':
		d.name = p.str()
	case 'S':
		n := p.num()
		for i := 0; i < n && !p.err; i++ {
			name := p.str()
			embedded := strings.HasPrefix(name, "^")
			d.fields = append(d.fields, fieldDesc{name: strings.TrimPrefix(name, "^"), t: p.desc(), embedded: embedded})
		}
	case 'P', 'L':
		d.elem = p.desc()
	case 'A':
		d.n = p.num()
		d.elem = p.desc()
	case 'M':
		d.key = p.desc()
		d.elem = p.desc()
	default:
		p.err = true
	}
	return d
}

// String returns the Go spelling of the type, as %T writes it.
func (d *typeDesc) String() string {
	switch d.kind {
	case 'N', 'O':
		return d.name
	case 'S':
		if len(d.fields) == 0 {
			return "struct {}"
		}
		parts := make([]string, len(d.fields))
		for i, f := range d.fields {
			parts[i] = f.name + " " + f.t.String()
		}
		return "struct { " + strings.Join(parts, "; ") + " }"
	case 'P':
		return "*" + d.elem.String()
	case 'L':
		return "[]" + d.elem.String()
	case 'A':
		return "[" + strconv.Itoa(d.n) + "]" + d.elem.String()
	case 'M':
		return "map[" + d.key.String() + "]" + d.elem.String()
	}
	return "?"
}

// goValue is a value and its description; it formats itself.
type goValue struct {
	v       reflect.Value
	d       *typeDesc
	methods map[string]func(any) string // by the name of a named type ("*" before it for its pointer): its String or Error
	// cands are the session's types that a value of an interface type
	// inside v can hold (GoValueIn): such a value, held bare, is
	// described by them (composedDesc).
	cands []candidate
}

// goValueOf is the helper GoValue: x as a fmt.Formatter that writes it as
// Go would, or x itself when the description does not parse. methods are
// pairs of a type's name in the description (with "*" for its pointer)
// and a func(any) string that calls its String or Error method in the
// interpreter (front.Lowering.stringers): fmt calls them on the values
// it prints inside others, which yaegi hands over without their methods.
func goValueOf(x any, desc string, methods ...any) any {
	d, ok := parseDesc(desc)
	if !ok {
		return x
	}
	g := goValue{v: reflect.ValueOf(x), d: d, methods: methodTable(methods)}
	return g
}

// goValueIn is the helper GoValueIn: GoValue of a value whose type holds
// an interface (a field W any), given the candidates of the session's
// types (front's typeCandidates), which describe a value held bare
// there: Box{W: S{1, 2}} printed {W:{Xa:1 Xb:2}}.
func goValueIn(x any, desc string, candidates []any, methods ...any) any {
	g, ok := goValueOf(x, desc, methods...).(goValue)
	if !ok {
		return x
	}
	g.cands = candidateList(candidates)
	return g
}

// Format writes the value for the verb v (with the flags + and #) and T;
// other verbs go to fmt with the value as it is (they print no names, and
// fmt has rules of its own for them, such as %s of a []byte).
func (g goValue) Format(f fmt.State, verb rune) {
	if verb == 'T' {
		fmt.Fprint(f, g.d.String())
		return
	}
	leaf := "%"
	for _, fl := range "+-# 0" {
		if f.Flag(int(fl)) {
			leaf += string(fl)
		}
	}
	if w, ok := f.Width(); ok {
		leaf += strconv.Itoa(w)
	}
	if p, ok := f.Precision(); ok {
		leaf += "." + strconv.Itoa(p)
	}
	leaf += string(verb)
	if text, ok := g.methodText(); ok && strings.ContainsRune("vsqxX", verb) && (verb != 'v' || !f.Flag('#')) {
		// The value's own String or Error method decides, as fmt's
		// handleMethods does, with the verb's flags, width and precision.
		fmt.Fprintf(f, leaf, text)
		return
	}
	if verb != 'v' && (g.d == nil || !g.v.IsValid() || !g.v.CanInterface()) {
		if g.v.IsValid() && g.v.CanInterface() {
			fmt.Fprintf(f, leaf, g.v.Interface())
		} else {
			fmt.Fprintf(f, leaf, nil)
		}
		return
	}
	// Another verb goes, as fmt does, to each element and field, and
	// a bad verb names the session's type (%!d(main.celsius=1)).
	methods := g.methods
	if !strings.ContainsRune("vsqxX", verb) {
		methods = nil
	}
	var b strings.Builder
	pr := valuePrinter{b: &b, leaf: leaf, plus: f.Flag('+'), sharp: f.Flag('#') && verb == 'v', methods: methods, cands: g.cands}
	pr.print(g.v, g.d, 0)
	fmt.Fprint(f, b.String())
}

// methodText returns what the String or Error method of the value's own
// type (or of its pointer type, for a pointer) says, when goValue has it.
func (g goValue) methodText() (string, bool) {
	if g.methods == nil || g.d == nil || !g.v.IsValid() || !g.v.CanInterface() {
		return "", false
	}
	key := ""
	switch {
	case g.d.kind == 'N':
		key = g.d.name
	case g.d.kind == 'P' && g.d.elem != nil && g.d.elem.kind == 'N' && g.v.Kind() == reflect.Pointer && !g.v.IsNil():
		key = "*" + g.d.elem.name
	}
	f := g.methods[key]
	if f == nil {
		return "", false
	}
	return f(g.v.Interface()), true
}

type valuePrinter struct {
	b           *strings.Builder
	leaf        string
	plus, sharp bool
	// display writes a cell's result: short, as kernel/display writes
	// values (displayText), instead of as fmt does.
	display bool
	seen    map[uintptr]bool // display: the pointers being printed
	open    map[string]int   // display: the named types being printed
	// methods are goValue's; hidden counts the unexported fields being
	// printed, under which fmt calls no method (their values cannot be
	// made interfaces).
	methods map[string]func(any) string
	hidden  int
	cands   []candidate // goValue's
}

// Limits of a result's text, as kernel/display's (display.PlainText).
const (
	displayItems  = 20  // items of a list shown whole at the top
	displayEdge   = 6   // items shown at each end of a longer one
	nestedItems   = 8   // the same inside another value
	nestedEdge    = 3   //
	displayDepth  = 4   // how deep structs and lists are opened
	displayString = 120 // bytes of a string inside another value
	displayBytes  = 4 << 10
)

// displayText writes v, of the type that d describes, as a cell's result:
// like %+v with the type's own field names, but with no pointer address,
// long lists elided (their length and their leading and trailing items),
// long strings cut and depth bounded. methods, if any, are GoValue's
// String and Error methods of the session's types, called where fmt's
// %+v would call them.
func displayText(v any, d *typeDesc, methods map[string]func(any) string) string {
	var b strings.Builder
	p := valuePrinter{b: &b, leaf: "%+v", plus: true, display: true, seen: map[uintptr]bool{}, open: map[string]int{}, methods: methods}
	p.print(reflect.ValueOf(v), d, 0)
	s := b.String()
	if len(s) > displayBytes {
		cut := displayBytes
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func (p *valuePrinter) print(v reflect.Value, d *typeDesc, depth int) {
	if v.Kind() == reflect.Interface && !v.IsNil() {
		iface := v
		v = v.Elem()
		if isValueInterface(v.Type()) {
			// A value of a session type with methods in an interface
			// (dynamic.go): its own type describes it.
			if inner, id := unwrapInterface(v); inner.IsValid() && id != nil {
				v, d = inner, id
			}
		} else if p.cands != nil && v.Type().Name() == "" {
			// A value of the session's types held bare: no type
			// but its reflect type, which a candidate's may be, or
			// the description recorded where it went into the
			// interface (a []L of a local type whose struct type a
			// session type shares: contestedComposite).
			if rd := recordedDesc(iface, v.Type(), p.cands); rd != nil {
				d = rd
			} else if sd := recordedShapeDesc(iface, v.Type(), p.cands); sd != nil {
				d = sd
			} else if cd := composedDesc(v.Type(), p.cands, 0); cd != nil {
				d = cd
			}
		}
	}
	if v.IsValid() && v.Kind() == reflect.Struct && isValueInterface(v.Type()) {
		// A field or element of an interface type that a cell declares
		// (type Schedule interface{ … }): to reflect, yaegi's wrapper
		// itself, which was printed as {node:0xc000… value:{…}}.
		inner, id := unwrapInterface(v)
		if !inner.IsValid() {
			p.b.WriteString("<nil>")
			return
		}
		if id != nil {
			v, d = inner, id
		}
	}
	if !v.IsValid() {
		p.b.WriteString("<nil>")
		return
	}
	if p.display && p.b.Len() > displayBytes {
		return
	}
	if p.methods != nil && !p.sharp && p.hidden == 0 && v.CanInterface() {
		key := ""
		switch {
		case d.kind == 'N':
			key = d.name
		case d.kind == 'P' && d.elem.kind == 'N' && v.Kind() == reflect.Pointer && !v.IsNil():
			key = "*" + d.elem.name
		}
		if f := p.methods[key]; f != nil {
			if methodWrapped(v).Type() != v.Type() {
				// yaegi's wrapper of the method set (a cell's
				// result, stdlib._fmt_Stringer), which fmt asks.
				p.other(v, depth)
				return
			}
			if p.display {
				p.b.WriteString(f(v.Interface()))
			} else {
				// The verb's flags, width and precision, as fmt
				// gives them to each element's method ([   T1    T2]
				// for %5v, hex for %x).
				fmt.Fprintf(p.b, p.leaf, f(v.Interface()))
			}
			return
		}
	}
	under, name := d, ""
	if d.kind == 'N' {
		name = d.name
	}
	for under.kind == 'N' {
		if p.display {
			p.open[under.name]++
			defer func(name string) { p.open[name]-- }(under.name)
		}
		under = under.elem
	}
	switch under.kind {
	case 'S':
		if v.Kind() != reflect.Struct || v.NumField() != len(under.fields) {
			p.other(v, depth)
			return
		}
		if p.sharp {
			p.b.WriteString(d.String())
		}
		if p.display && depth > displayDepth && len(under.fields) > 0 {
			p.b.WriteString("{…}")
			return
		}
		p.b.WriteByte('{')
		for i, f := range under.fields {
			if i > 0 {
				if p.sharp {
					p.b.WriteString(", ")
				} else {
					p.b.WriteByte(' ')
				}
			}
			if p.plus || p.sharp {
				p.b.WriteString(f.name + ":")
			}
			exported := token.IsExported(f.name)
			if !exported {
				p.hidden++
			}
			p.print(v.Field(i), f.t, depth+1)
			if !exported {
				p.hidden--
			}
		}
		p.b.WriteByte('}')
	case 'P':
		switch {
		case v.Kind() != reflect.Pointer:
			p.other(v, depth)
		case v.IsNil() && p.sharp:
			fmt.Fprintf(p.b, "(%s)(nil)", d)
		case v.IsNil() && strings.ContainsRune("bodxX", p.verb()):
			// fmt writes a pointer's address as an integer for these
			// verbs: 0 for nil.
			fmt.Fprintf(p.b, p.leaf, uint64(0))
		case v.IsNil():
			p.b.WriteString("<nil>")
		case depth == 0:
			p.b.WriteByte('&')
			p.print(v.Elem(), under.elem, depth+1)
		case p.display && under.elem.kind == 'O' && p.open[under.elem.name] > 0:
			// A recursive type (Describe stops at it; yaegi's value
			// points to a placeholder type).
			p.b.WriteString("&" + under.elem.name + "{…}")
		case p.display && (p.seen[v.Pointer()] || depth > displayDepth):
			p.b.WriteString("&" + under.elem.String() + "{…}")
		case p.display:
			p.seen[v.Pointer()] = true
			p.b.WriteByte('&')
			p.print(v.Elem(), under.elem, depth+1)
			delete(p.seen, v.Pointer())
		case p.sharp:
			fmt.Fprintf(p.b, "(%s)(0x%x)", d, v.Pointer())
		default:
			fmt.Fprintf(p.b, "0x%x", v.Pointer())
		}
	case 'L', 'A':
		if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
			p.other(v, depth)
			return
		}
		if !p.display && v.Type().Elem().Kind() == reflect.Uint8 && strings.ContainsRune("sqxX", p.verb()) {
			// Bytes with %s, %q, %x: fmt writes them as a string.
			p.other(v, depth)
			return
		}
		if p.sharp {
			if v.Kind() == reflect.Slice && v.IsNil() {
				fmt.Fprintf(p.b, "%s(nil)", d)
				return
			}
			p.b.WriteString(d.String() + "{")
		} else {
			p.b.WriteByte('[')
		}
		n, most, edge := v.Len(), v.Len(), 0
		if p.display {
			most, edge = p.limits(depth)
		}
		for i := 0; i < n; i++ {
			if n > most && i == edge {
				p.b.WriteString(" …")
				i = n - edge
			}
			if i > 0 {
				if p.sharp {
					p.b.WriteString(", ")
				} else {
					p.b.WriteByte(' ')
				}
			}
			p.print(v.Index(i), under.elem, depth+1)
		}
		if n > most {
			fmt.Fprintf(p.b, " (%d items)", n)
		}
		if p.sharp {
			p.b.WriteByte('}')
		} else {
			p.b.WriteByte(']')
		}
	case 'M':
		if v.Kind() != reflect.Map {
			p.other(v, depth)
			return
		}
		if p.sharp {
			if v.IsNil() {
				fmt.Fprintf(p.b, "%s(nil)", d)
				return
			}
			p.b.WriteString(d.String() + "{")
		} else {
			p.b.WriteString("map[")
		}
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return show.LessKey(keys[i], keys[j]) })
		most, edge := len(keys), 0
		if p.display {
			most, edge = p.limits(depth)
		}
		for i := 0; i < len(keys); i++ {
			k := keys[i]
			if len(keys) > most && i == edge {
				p.b.WriteString(" …")
				i = len(keys) - edge
				k = keys[i]
			}
			if i > 0 {
				if p.sharp {
					p.b.WriteString(", ")
				} else {
					p.b.WriteByte(' ')
				}
			}
			p.print(k, under.key, depth+1)
			p.b.WriteByte(':')
			p.print(v.MapIndex(k), under.elem, depth+1)
		}
		if len(keys) > most {
			fmt.Fprintf(p.b, " (%d entries)", len(keys))
		}
		if p.sharp {
			p.b.WriteByte('}')
		} else {
			p.b.WriteByte(']')
		}
	default:
		if name != "" && !p.display && p.verb() != 'v' {
			p.namedLeaf(v, depth, name)
			return
		}
		p.other(v, depth)
	}
}

// verb returns the verb of the printer's leaf format.
func (p *valuePrinter) verb() rune {
	r, _ := utf8.DecodeLastRuneInString(p.leaf)
	return r
}

// namedLeaf formats v, a value of the session's type name whose
// underlying type is not a struct, list or map, as other does, with
// name in a bad verb's text: fmt, given the value's reflect type, which
// has no name, wrote %!d(float64=1) for Go's %!d(main.celsius=1).
func (p *valuePrinter) namedLeaf(v reflect.Value, depth int, name string) {
	var b strings.Builder
	q := *p
	q.b = &b
	q.other(v, depth)
	s := b.String()
	if rt := "(" + v.Type().String() + "="; strings.HasPrefix(s, "%!") {
		if i := strings.Index(s, rt); i >= 0 {
			s = s[:i+1] + name + "=" + s[i+len(rt):]
		}
	}
	p.b.WriteString(s)
}

// limits returns how many items a list at depth shows whole, and how many
// at each end of a longer one.
func (p *valuePrinter) limits(depth int) (most, edge int) {
	if depth == 0 {
		return displayItems, displayEdge
	}
	return nestedItems, nestedEdge
}

// other formats a value that the description does not open with the
// verb as given; for display, as kernel/display writes it. Inside an
// unexported field fmt calls no method (it cannot take the field's value
// as an interface): there a value of a type with methods (a
// time.Duration) is written as its underlying value, 3 and not 3ns.
func (p *valuePrinter) other(v reflect.Value, depth int) {
	if p.hidden > 0 && v.CanInterface() && v.Type().NumMethod() > 0 {
		v = readOnly(v)
	}
	if p.display && v.CanInterface() {
		x := v.Interface()
		if s, ok := x.(string); ok && depth > 0 {
			// A string inside the value, unquoted as fmt writes it.
			if len(s) > displayString {
				cut := displayString
				for cut > 0 && !utf8.RuneStart(s[cut]) {
					cut--
				}
				s = s[:cut] + "…"
			}
			p.b.WriteString(s)
			return
		}
		if depth == 0 {
			p.b.WriteString(display.PlainText(x))
		} else {
			p.b.WriteString(display.Inline(x))
		}
		return
	}
	if v.CanInterface() {
		fmt.Fprintf(p.b, p.leaf, v.Interface())
		return
	}
	fmt.Fprintf(p.b, p.leaf, v)
}

// readOnly returns v as a Value that cannot be taken as an interface, as
// reflect gives an unexported field's: fmt, given it, prints the value
// without calling its methods.
func readOnly(v reflect.Value) reflect.Value {
	return reflect.ValueOf(hiddenHolder{v.Interface()}).Field(0).Elem()
}

// hiddenHolder holds a value in an unexported field (readOnly).
type hiddenHolder struct{ x any }
