package goexec

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
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
	name string
	t    *typeDesc
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
			d.fields = append(d.fields, fieldDesc{name, p.desc()})
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
	v reflect.Value
	d *typeDesc
}

// goValueOf is the helper GoValue: x as a fmt.Formatter that writes it as
// Go would, or x itself when the description does not parse.
func goValueOf(x any, desc string) any {
	d, ok := parseDesc(desc)
	if !ok {
		return x
	}
	return goValue{reflect.ValueOf(x), d}
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
	if verb != 'v' {
		if g.v.IsValid() && g.v.CanInterface() {
			fmt.Fprintf(f, leaf, g.v.Interface())
		} else {
			fmt.Fprintf(f, leaf, nil)
		}
		return
	}
	var b strings.Builder
	pr := valuePrinter{b: &b, leaf: leaf, plus: f.Flag('+'), sharp: f.Flag('#') && verb == 'v'}
	pr.print(g.v, g.d, 0)
	fmt.Fprint(f, b.String())
}

type valuePrinter struct {
	b           *strings.Builder
	leaf        string
	plus, sharp bool
}

func (p *valuePrinter) print(v reflect.Value, d *typeDesc, depth int) {
	if v.Kind() == reflect.Interface && !v.IsNil() {
		v = v.Elem()
	}
	if !v.IsValid() {
		p.b.WriteString("<nil>")
		return
	}
	under := d
	for under.kind == 'N' {
		under = under.elem
	}
	switch under.kind {
	case 'S':
		if v.Kind() != reflect.Struct || v.NumField() != len(under.fields) {
			p.other(v)
			return
		}
		if p.sharp {
			p.b.WriteString(d.String())
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
			p.print(v.Field(i), f.t, depth+1)
		}
		p.b.WriteByte('}')
	case 'P':
		switch {
		case v.Kind() != reflect.Pointer:
			p.other(v)
		case v.IsNil() && p.sharp:
			fmt.Fprintf(p.b, "(%s)(nil)", d)
		case v.IsNil():
			p.b.WriteString("<nil>")
		case depth == 0:
			p.b.WriteByte('&')
			p.print(v.Elem(), under.elem, depth+1)
		case p.sharp:
			fmt.Fprintf(p.b, "(%s)(0x%x)", d, v.Pointer())
		default:
			fmt.Fprintf(p.b, "0x%x", v.Pointer())
		}
	case 'L', 'A':
		if v.Kind() != reflect.Slice && v.Kind() != reflect.Array {
			p.other(v)
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
		for i := 0; i < v.Len(); i++ {
			if i > 0 {
				if p.sharp {
					p.b.WriteString(", ")
				} else {
					p.b.WriteByte(' ')
				}
			}
			p.print(v.Index(i), under.elem, depth+1)
		}
		if p.sharp {
			p.b.WriteByte('}')
		} else {
			p.b.WriteByte(']')
		}
	case 'M':
		if v.Kind() != reflect.Map {
			p.other(v)
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
		sort.Slice(keys, func(i, j int) bool { return lessKey(keys[i], keys[j]) })
		for i, k := range keys {
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
		if p.sharp {
			p.b.WriteByte('}')
		} else {
			p.b.WriteByte(']')
		}
	default:
		p.other(v)
	}
}

// other formats a value that the description does not open with the
// verb as given.
func (p *valuePrinter) other(v reflect.Value) {
	if v.CanInterface() {
		fmt.Fprintf(p.b, p.leaf, v.Interface())
		return
	}
	fmt.Fprintf(p.b, p.leaf, v)
}
