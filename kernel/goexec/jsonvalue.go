package goexec

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// Values of the session's struct types with unexported fields given to
// encoding/json (json.Marshal, MarshalIndent, (*Encoder).Encode and the
// display's JSON). yaegi builds such a type with reflect, its unexported
// fields exported as X+name, so json wrote {"name":"a","Xindex":3} for go
// run's {"name":"a"}. The front end (front/refuse.go, jsonArg) gives
// such an argument as JSONValue(GoValue(x, "descriptor")): a compiled
// value whose MarshalJSON writes the copy that jsonShadow makes, the
// fields with unexported Go names left out, as encoding/json writes the
// value in Go. json then compacts that text as it does any Marshaler's
// (escaping <, > and & unless the Encoder is told not to), and
// MarshalIndent indents it, as Go's output.

// jsonValue is the helper JSONValue's value.
type jsonValue struct{ g goValue }

// jsonValueOf is the helper JSONValue: v (what GoValue or GoValueIn made
// of an argument) as a jsonValue when it is a goValue, v otherwise.
func jsonValueOf(v any) any {
	g, ok := v.(goValue)
	if !ok {
		return v
	}
	return jsonValue{g: g}
}

// MarshalJSON writes the value as encoding/json writes it in Go. What it
// cannot write so (a value of the session held by an interface inside
// it) ends the cell with an InterpreterLimit: an error returned here
// would reach a program that may ignore it.
func (j jsonValue) MarshalJSON() ([]byte, error) {
	v, err := jsonShadow(j.g.v, j.g.d)
	if err != nil {
		panic(limitOf("encoding/json of a " + j.g.d.String() + " cannot run in the interpreter: " + err.Error() +
			"; copy the value into a struct of exported fields, or run it compiled (a cell with func main, or %%compile)"))
	}
	return encodeJSON(v.Interface())
}

// Decoding into the session's structs with unexported fields
// (json.Unmarshal and (*Decoder).Decode, lowered to JSONUnmarshal and
// JSONDecode by front/refuse.go): json sets only exported fields, and
// yaegi's X+name fields are exported, so a key that matches one (json
// matches keys to names exactly, then without case: "Xx" or "xx" for an
// unexported x) set the unexported field, where Go leaves it. Any other
// key decodes as in Go. The helpers look at the keys first and end the
// cell with an InterpreterLimit when one would reach such a field.

// jsonUnmarshal is the helper JSONUnmarshal: json.Unmarshal(data, v),
// with the keys checked against names (X+name of the unexported fields,
// each followed by a space; typ is v's Go type, for the message), and a
// type error named as Go names it (goTypeError; desc describes v's type).
func jsonUnmarshal(data []byte, v any, names, typ, desc string) error {
	checkJSONKeys(data, typ, names)
	return goTypeError(json.Unmarshal(data, v), v, desc)
}

// jsonDecode is the helper JSONDecode: dec.Decode(v), with the keys of
// the next value checked as jsonUnmarshal checks them. The value is read
// first as it is (json.RawMessage), then decoded into v by a decoder with
// dec's settings (UseNumber, DisallowUnknownFields).
func jsonDecode(dec *json.Decoder, v any, names, typ, desc string) error {
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return err
	}
	checkJSONKeys(raw, typ, names)
	again := json.NewDecoder(bytes.NewReader(raw))
	settings := reflect.ValueOf(dec).Elem().FieldByName("d")
	if u := settings.FieldByName("useNumber"); u.IsValid() && u.Bool() {
		again.UseNumber()
	}
	if u := settings.FieldByName("disallowUnknownFields"); u.IsValid() && u.Bool() {
		again.DisallowUnknownFields()
	}
	return goTypeError(again.Decode(v), v, desc)
}

// goTypeError returns err, a *json.UnmarshalTypeError of decoding into v
// (of the description desc) with the struct named as Go names it: json
// takes the name from the reflect type of the struct whose field it was
// setting, which yaegi builds without one (".id" where Go writes
// "Employee.id"). That struct is found by following the error's field
// path (the json names of the fields, and the Go names of the embedded
// structs a promoted field is reached through) from v's type. An error
// that would name a session type by its underlying type (json writes
// "of type int" where Go writes "of type main.ID") ends the cell with an
// InterpreterLimit. Other errors are returned as they are.
func goTypeError(err error, v any, desc string) error {
	te, ok := err.(*json.UnmarshalTypeError)
	if !ok || te.Struct != "" {
		return err
	}
	d, ok := parseDesc(desc)
	if !ok {
		return err
	}
	rt := reflect.TypeOf(v)
	name := ""
	var path []string
	if te.Field != "" {
		path = strings.Split(te.Field, ".")
	}
	// down follows d and rt to the struct (or the value) they hold,
	// through names, pointers, lists, arrays and maps.
	down := func() {
		for d != nil && rt != nil {
			switch {
			case d.kind == 'N' && d.elem != nil:
				name, d = d.name, d.elem
				continue
			case d.kind == 'P' || d.kind == 'L' || d.kind == 'A' || d.kind == 'M':
				if d.elem == nil {
					return
				}
				name, d, rt = "", d.elem, rt.Elem()
				continue
			}
			return
		}
	}
	target := d // the type of the value json could not set
	down()
	for i, p := range path {
		if d == nil || d.kind != 'S' || rt.Kind() != reflect.Struct || rt.NumField() != len(d.fields) {
			return err
		}
		found := -1
		for j, fd := range d.fields {
			jn, _, _ := strings.Cut(rt.Field(j).Tag.Get("json"), ",")
			if jn == "" {
				jn = fd.name
			}
			if jn == p && jn != "-" || fd.embedded && fd.name == p && i < len(path)-1 {
				found = j
				break
			}
		}
		if found < 0 {
			return err
		}
		if i == len(path)-1 {
			te.Struct = name[strings.LastIndex(name, ".")+1:]
		}
		embedded := d.fields[found].embedded && d.fields[found].name == p
		keep := name
		d, rt = d.fields[found].t, rt.Field(found).Type
		target = d
		down()
		if embedded {
			name = keep // a promoted field: json names the outer struct
		}
	}
	// The value json could not set: a session type there is named by its
	// underlying type in the message.
	for t := target; t != nil; t = t.elem {
		if t.kind == 'N' && strings.HasPrefix(t.name, "main.") {
			panic(limitOf("encoding/json's error cannot be written as Go writes it in the interpreter: " +
				"it would name " + t.name + " as " + te.Type.String() + " (" + err.Error() + "); run it compiled " +
				"(a cell with func main, or %%compile)"))
		}
		if t.kind != 'P' {
			break
		}
	}
	return err
}

// checkJSONKeys ends the cell when an object key of data matches one of
// names without case. Data that does not parse is left to json, which
// reports it.
func checkJSONKeys(data []byte, typ, names string) {
	fields := strings.Fields(names)
	dec := json.NewDecoder(bytes.NewReader(data))
	// objects[i] reports whether the i-th open container is an object,
	// and key whether the next token of the innermost object is a key.
	var objects []bool
	key := false
	for {
		tok, err := dec.Token()
		if err != nil {
			return
		}
		switch t := tok.(type) {
		case json.Delim:
			if t == '{' || t == '[' {
				objects = append(objects, t == '{')
				key = t == '{'
				continue
			}
			objects = objects[:len(objects)-1]
		case string:
			if key {
				for _, f := range fields {
					if strings.EqualFold(t, f) {
						panic(limitOf(fmt.Sprintf("encoding/json into a %s cannot run in the interpreter: "+
							"the key %q would set the unexported field %s, which yaegi exports as %s (Go leaves it); "+
							"rename the key or the field, or run it compiled (a cell with func main, or %%%%compile)",
							typ, t, strings.TrimPrefix(f, "X"), f)))
					}
				}
				key = false
				continue
			}
		}
		if len(objects) == 0 {
			return
		}
		key = objects[len(objects)-1]
	}
}
