package goexec

import (
	"math"
	"reflect"
	"slices"
)

// The builtins of Go 1.21 that yaegi v0.16.1 lacks, min, max and clear,
// are lowered by the front end (front.Lowering) into calls of these.

// The helpers of min and max: one per kind that an ordered type converts
// to exactly. They follow the spec: a NaN argument makes the result NaN,
// and min(-0.0, 0.0) is -0.0 (max: 0.0).

func minInt64(x ...int64) int64    { return slices.Min(x) }
func maxInt64(x ...int64) int64    { return slices.Max(x) }
func minUint64(x ...uint64) uint64 { return slices.Min(x) }
func maxUint64(x ...uint64) uint64 { return slices.Max(x) }
func minString(x ...string) string { return slices.Min(x) }
func maxString(x ...string) string { return slices.Max(x) }

// minFloat64 and maxFloat64 give NaN if any argument is NaN (math.Min
// and Max would let an infinity win), and tell -0 from +0 as math.Min does.
func minFloat64(x ...float64) float64 {
	m := x[0]
	for _, y := range x {
		if math.IsNaN(y) {
			return y
		}
		m = math.Min(m, y)
	}
	return m
}

func maxFloat64(x ...float64) float64 {
	m := x[0]
	for _, y := range x {
		if math.IsNaN(y) {
			return y
		}
		m = math.Max(m, y)
	}
	return m
}

// negZeroFirst and posZeroFirst are the helpers NegZeroFirst and
// PosZeroFirst of min and max of a type parameter's values (front's
// minMaxParam), called when v == m: whether v is -0.0 and m +0.0 (min
// takes v), or v +0.0 and m -0.0 (max takes v). False for values that
// are not floats.
func negZeroFirst(v, m any) bool {
	a, ok1 := floatValue(v)
	b, ok2 := floatValue(m)
	return ok1 && ok2 && a == 0 && math.Signbit(a) && !math.Signbit(b)
}

func posZeroFirst(v, m any) bool {
	a, ok1 := floatValue(v)
	b, ok2 := floatValue(m)
	return ok1 && ok2 && a == 0 && !math.Signbit(a) && math.Signbit(b)
}

// floatValue returns x as a float64 when it is a float (of any named
// type); not an integer, as debugeval's floatOf would.
func floatValue(x any) (float64, bool) {
	v := reflect.ValueOf(x)
	if v.Kind() == reflect.Float32 || v.Kind() == reflect.Float64 {
		return v.Float(), true
	}
	return 0, false
}

// builtinHelpers are the helpers by their names in the runtime package.
var builtinHelpers = map[string]reflect.Value{
	"MinInt64": reflect.ValueOf(minInt64), "MaxInt64": reflect.ValueOf(maxInt64),
	"MinUint64": reflect.ValueOf(minUint64), "MaxUint64": reflect.ValueOf(maxUint64),
	"MinFloat64": reflect.ValueOf(minFloat64), "MaxFloat64": reflect.ValueOf(maxFloat64),
	"MinString": reflect.ValueOf(minString), "MaxString": reflect.ValueOf(maxString),
	"NegZeroFirst": reflect.ValueOf(negZeroFirst), "PosZeroFirst": reflect.ValueOf(posZeroFirst),
	"Clear":                   reflect.ValueOf(clearValue),
	"ErrorsIs":                reflect.ValueOf(errorsIs),
	"ErrorsAs":                reflect.ValueOf(errorsAs),
	"ErrorsIsIn":              reflect.ValueOf(errorsIsIn),
	"ErrorsIsUnwrap":          reflect.ValueOf(errorsIsUnwrap),
	"ErrorsIsInUnwrap":        reflect.ValueOf(errorsIsInUnwrap),
	"ErrorsAsUnwrap":          reflect.ValueOf(errorsAsUnwrap),
	"ErrorsUnwrap":            reflect.ValueOf(errorsUnwrap),
	"GoValue":                 reflect.ValueOf(goValueOf),
	"JSONValue":               reflect.ValueOf(jsonValueOf),
	"JSONUnmarshal":           reflect.ValueOf(jsonUnmarshal),
	"JSONDecode":              reflect.ValueOf(jsonDecode),
	"Dynamic":                 reflect.ValueOf(dynamicValue),
	"Dynamics":                reflect.ValueOf(dynamicValues),
	"DynamicIn":               reflect.ValueOf(dynamicValueIn),
	"DynamicsIn":              reflect.ValueOf(dynamicValuesIn),
	"GoValueIn":               reflect.ValueOf(goValueIn),
	"DisplayValue":            reflect.ValueOf(displayValueOf),
	"DisplayDynamic":          reflect.ValueOf(displayDynamic),
	"TagType":                 reflect.ValueOf(tagType),
	"ValueInterface":          reflect.ValueOf(valueInterface),
	"SpreadTypeFormatDyn":     reflect.ValueOf(spreadTypeFormatDyn),
	"SpreadTypeNamesDyn":      reflect.ValueOf(spreadTypeNamesDyn),
	"TypeVerbLimit":           reflect.ValueOf(typeVerbLimit),
	"WriteString":             reflect.ValueOf(streamWriteString),
	"FileName":                reflect.ValueOf(fileName),
	"SlogAny":                 reflect.ValueOf(slogAny),
	"SlogValue":               reflect.ValueOf(slogValueOf),
	"SlogValues":              reflect.ValueOf(slogValuesOf),
	"DynamicOne":              reflect.ValueOf(dynamicOne),
	"TypeName":                reflect.ValueOf(dynamicTypeName),
	"IntoCompiled":            reflect.ValueOf(intoCompiled),
	"DynamicPlain":            reflect.ValueOf(dynamicPlain),
	"InterfaceEqual":          reflect.ValueOf(interfaceEqual),
	"MapKey":                  reflect.ValueOf(mapKey),
	"AssertionPanic":          reflect.ValueOf(assertionPanic),
	"CompiledAssertion":       reflect.ValueOf(compiledAssertion),
	"SessionType":             reflect.ValueOf(sessionTypeName),
	"SessionTypePlain":        reflect.ValueOf(sessionTypeNamePlain),
	"ConcreteAssertionPanic":  reflect.ValueOf(concreteAssertionPanic),
	"Recovered":               reflect.ValueOf(recovered),
	"PanicValue":              reflect.ValueOf(panicValue),
	"TypeOf":                  reflect.ValueOf(typeOf),
	"TypeOfDynamic":           reflect.ValueOf(typeOfDynamic),
	"ValueTypeDynamic":        reflect.ValueOf(valueTypeDynamic),
	"ValueOfDynamic":          reflect.ValueOf(valueOfDynamic),
	"ValueOfStatic":           reflect.ValueOf(valueOfStatic),
	"ValueTypeIn":             reflect.ValueOf(valueTypeIn),
	"ValueTypeInShared":       reflect.ValueOf(valueTypeInShared),
	"TypeIn":                  reflect.ValueOf(typeIn),
	"PlainType":               reflect.ValueOf(plainType),
	"NoNegZero":               reflect.ValueOf(noNegZero),
	"NilIntoInterface":        reflect.ValueOf(nilIntoInterface),
	"SpreadTypeFormat":        reflect.ValueOf(spreadTypeFormat),
	"SpreadTypeNames":         reflect.ValueOf(spreadTypeNames),
	"ValueNumMethod":          reflect.ValueOf(valueNumMethod),
	"ValueNumMethodShared":    reflect.ValueOf(valueNumMethodShared),
	"ValueMethod":             reflect.ValueOf(valueMethod),
	"ValueMethodShared":       reflect.ValueOf(valueMethodShared),
	"ValueMethodByName":       reflect.ValueOf(valueMethodByName),
	"ValueMethodByNameShared": reflect.ValueOf(valueMethodByNameShared),
	"IndexOut":                reflect.ValueOf(indexOut),
	"IndexOutU":               reflect.ValueOf(indexOutU),
	"SliceOut":                reflect.ValueOf(sliceOut),
	"Index":                   reflect.ValueOf(checkIndex),
	"IndexU":                  reflect.ValueOf(checkIndexU),
	"Slice":                   reflect.ValueOf(checkSlice),
	"IndexOutB":               reflect.ValueOf(func(i, n, pos int) bool { indexOut(i, n, pos); return false }),
	"IndexOutUB":              reflect.ValueOf(func(i uint, n, pos int) bool { indexOutU(i, n, pos); return false }),
	"SliceOutB": reflect.ValueOf(func(lo, hi, max, bound int, three, capacity bool, pos int) bool {
		sliceOut(lo, hi, max, bound, three, capacity, pos)
		return false
	}),
}

// clearValue is Go's clear: it deletes every entry of a map (NaN keys
// included) or sets every element of a slice, up to its length, to zero.
func clearValue(x any) {
	v := reflect.ValueOf(x)
	switch v.Kind() {
	case reflect.Map, reflect.Slice:
		v.Clear()
	}
}

// noNegZero is the helper NoNegZero: x, an argument of a direct call of
// the session's function fn that the front end cannot make through fn's
// value (front/negzero.go). yaegi does not copy an argument that reflect
// calls zero into the callee's frame, so a -0.0 (or a struct or array of
// zeros with one) would arrive as +0.0: the cell ends instead.
func noNegZero(x any, fn string) any {
	v := reflect.ValueOf(x)
	if v.IsValid() && v.IsZero() && hasNegZero(v) {
		panic(limitOf("a -0.0 argument of " + fn + " cannot run in the interpreter: " + fn + " would receive +0.0 (the " +
			"interpreter does not copy an argument that reflect calls zero, and the kernel cannot call " + fn + " through its value, " +
			"as it does otherwise, since its type has an instance of a generic type); run this code compiled (a cell with func main, or %%compile)"))
	}
	return x
}

// nilIntoInterface is the helper NilIntoInterface, called when a value
// of the session's type typ (a pointer to a type with methods, or such a
// type on a map, slice, func, channel or pointer) that the cell converts
// to the compiled interface iface is nil (front/nilinto.go). Go keeps the
// type in the interface, which is then not nil; yaegi makes a nil
// interface of it: the cell ends instead.
func nilIntoInterface(typ, iface string) {
	panic(limitOf("a nil " + typ + " converted to " + iface + " cannot run in the interpreter: in Go the " + iface +
		" holds the nil " + typ + " and is not nil (its methods are called with a nil receiver), the interpreter would make it a nil " +
		iface + ". Return or assign nil itself where there is no value (return nil, not a nil " + typ + "), or run this code compiled " +
		"(a cell with func main, or %%compile)"))
}

// hasNegZero reports whether v, a value that reflect calls zero, holds a
// -0.0: a float, a part of a complex, a field or an element.
func hasNegZero(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		return math.Signbit(v.Float())
	case reflect.Complex64, reflect.Complex128:
		return math.Signbit(real(v.Complex())) || math.Signbit(imag(v.Complex()))
	case reflect.Struct:
		for i := range v.NumField() {
			if hasNegZero(v.Field(i)) {
				return true
			}
		}
	case reflect.Array:
		for i := range v.Len() {
			if hasNegZero(v.Index(i)) {
				return true
			}
		}
	}
	return false
}
