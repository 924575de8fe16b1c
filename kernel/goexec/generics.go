package goexec

import (
	"cmp"
	"fmt"
	"math"
	"reflect"
	"slices"
	"sort"
)

// The generic functions of the standard packages slices, maps and cmp, for
// cells. yaegi v0.16.1 interprets its own copy of their source and gets
// them wrong (slices.Contains([]int{3, 1, 2}, 2) is false; Sort is
// undefined), so the front end (front.Lowering) turns a cell's call of one
// into a call of these, which take the arguments as any and do the work
// by reflection, whatever the element types (the session's own included);
// a result of a generic type comes back as any and the lowering asserts
// it to the call's type. The sorting functions sort a permutation of the
// indexes with the slices package itself, then apply it, so that the
// order of equal elements is the one Go's pdqsort gives.

// genericHelpers are the helpers by their names in the runtime package
// ("Slices" + the function's name, and so on).
var genericHelpers = map[string]reflect.Value{
	"SlicesSort": reflect.ValueOf(slicesSort), "SlicesSortFunc": reflect.ValueOf(slicesSortFunc),
	"SlicesSortStableFunc": reflect.ValueOf(slicesSortStableFunc),
	"SlicesIsSorted":       reflect.ValueOf(slicesIsSorted), "SlicesIsSortedFunc": reflect.ValueOf(slicesIsSortedFunc),
	"SlicesBinarySearch": reflect.ValueOf(slicesBinarySearch), "SlicesBinarySearchFunc": reflect.ValueOf(slicesBinarySearchFunc),
	"SlicesContains": reflect.ValueOf(slicesContains), "SlicesContainsFunc": reflect.ValueOf(slicesContainsFunc),
	"SlicesIndex": reflect.ValueOf(slicesIndex), "SlicesIndexFunc": reflect.ValueOf(slicesIndexFunc),
	"SlicesMax": reflect.ValueOf(slicesMax), "SlicesMin": reflect.ValueOf(slicesMin),
	"SlicesMaxFunc": reflect.ValueOf(slicesMaxFunc), "SlicesMinFunc": reflect.ValueOf(slicesMinFunc),
	"SlicesReverse": reflect.ValueOf(slicesReverse), "SlicesEqual": reflect.ValueOf(slicesEqual),
	"SlicesEqualFunc": reflect.ValueOf(slicesEqualFunc), "SlicesCompare": reflect.ValueOf(slicesCompare),
	"SlicesClone": reflect.ValueOf(slicesClone), "SlicesCompact": reflect.ValueOf(slicesCompact),
	"SlicesCompactFunc": reflect.ValueOf(slicesCompactFunc), "SlicesInsert": reflect.ValueOf(slicesInsert),
	"SlicesDelete": reflect.ValueOf(slicesDelete), "SlicesDeleteFunc": reflect.ValueOf(slicesDeleteFunc),
	"SlicesRepeat": reflect.ValueOf(slicesRepeat), "SlicesConcat": reflect.ValueOf(slicesConcat),
	"SlicesGrow": reflect.ValueOf(slicesGrow), "SlicesClip": reflect.ValueOf(slicesClip),
	"MapsClone": reflect.ValueOf(mapsClone), "MapsCopy": reflect.ValueOf(mapsCopy),
	"MapsEqual": reflect.ValueOf(mapsEqual), "MapsEqualFunc": reflect.ValueOf(mapsEqualFunc),
	"MapsDeleteFunc": reflect.ValueOf(mapsDeleteFunc),
	"MapsKeysSlice":  reflect.ValueOf(mapsKeysSlice), "MapsValuesSlice": reflect.ValueOf(mapsValuesSlice),
	"CmpCompare": reflect.ValueOf(cmpCompare), "CmpLess": reflect.ValueOf(cmpLess), "CmpOr": reflect.ValueOf(cmpOr),
}

// compareValues is cmp.Compare for two values of one ordered kind: a NaN
// is less than any other number and equal to a NaN.
func compareValues(a, b reflect.Value) int {
	switch a.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return cmp.Compare(a.Int(), b.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return cmp.Compare(a.Uint(), b.Uint())
	case reflect.Float32, reflect.Float64:
		return cmp.Compare(a.Float(), b.Float())
	case reflect.String:
		return cmp.Compare(a.String(), b.String())
	}
	panic(fmt.Sprintf("cmp: %v is not an ordered type", a.Type()))
}

// callInt calls f (a func of two values returning int) on a and b.
func callInt(f reflect.Value, a, b reflect.Value) int {
	return int(f.Call([]reflect.Value{a, b})[0].Int())
}

// callBool calls f (a func of values returning bool).
func callBool(f reflect.Value, args ...reflect.Value) bool {
	return f.Call(args)[0].Bool()
}

// permute sorts the slice s by the order of its indexes that sortIndexes
// gives.
func permute(s reflect.Value, sortIndexes func(idx []int)) {
	n := s.Len()
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	sortIndexes(idx)
	tmp := reflect.MakeSlice(s.Type(), n, n)
	for i, j := range idx {
		tmp.Index(i).Set(s.Index(j))
	}
	reflect.Copy(s, tmp)
}

func slicesSort(x any) {
	s := reflect.ValueOf(x)
	permute(s, func(idx []int) {
		slices.SortFunc(idx, func(i, j int) int { return compareValues(s.Index(i), s.Index(j)) })
	})
}

func slicesSortFunc(x, f any) {
	s, fv := reflect.ValueOf(x), reflect.ValueOf(f)
	permute(s, func(idx []int) {
		slices.SortFunc(idx, func(i, j int) int { return callInt(fv, s.Index(i), s.Index(j)) })
	})
}

func slicesSortStableFunc(x, f any) {
	s, fv := reflect.ValueOf(x), reflect.ValueOf(f)
	permute(s, func(idx []int) {
		slices.SortStableFunc(idx, func(i, j int) int { return callInt(fv, s.Index(i), s.Index(j)) })
	})
}

func slicesIsSorted(x any) bool {
	s := reflect.ValueOf(x)
	for i := 1; i < s.Len(); i++ {
		if compareValues(s.Index(i), s.Index(i-1)) < 0 {
			return false
		}
	}
	return true
}

func slicesIsSortedFunc(x, f any) bool {
	s, fv := reflect.ValueOf(x), reflect.ValueOf(f)
	for i := 1; i < s.Len(); i++ {
		if callInt(fv, s.Index(i), s.Index(i-1)) < 0 {
			return false
		}
	}
	return true
}

func slicesBinarySearch(x, target any) (int, bool) {
	s, t := reflect.ValueOf(x), reflect.ValueOf(target)
	n := s.Len()
	i := sort.Search(n, func(i int) bool { return compareValues(s.Index(i), t) >= 0 })
	return i, i < n && compareValues(s.Index(i), t) == 0
}

func slicesBinarySearchFunc(x, target, f any) (int, bool) {
	s, t, fv := reflect.ValueOf(x), reflect.ValueOf(target), reflect.ValueOf(f)
	n := s.Len()
	i := sort.Search(n, func(i int) bool { return callInt(fv, s.Index(i), t) >= 0 })
	return i, i < n && callInt(fv, s.Index(i), t) == 0
}

func slicesIndex(x, v any) int {
	s, want := reflect.ValueOf(x), reflect.ValueOf(v)
	for i := 0; i < s.Len(); i++ {
		if s.Index(i).Equal(want) {
			return i
		}
	}
	return -1
}

func slicesContains(x, v any) bool { return slicesIndex(x, v) >= 0 }

func slicesIndexFunc(x, f any) int {
	s, fv := reflect.ValueOf(x), reflect.ValueOf(f)
	for i := 0; i < s.Len(); i++ {
		if callBool(fv, s.Index(i)) {
			return i
		}
	}
	return -1
}

func slicesContainsFunc(x, f any) bool { return slicesIndexFunc(x, f) >= 0 }

// extreme returns the least (sign -1) or greatest (sign 1) element, a NaN
// if there is one; it panics on an empty slice as slices.Min and Max do.
func extreme(x any, sign int, name string) any {
	s := reflect.ValueOf(x)
	if s.Len() == 0 {
		panic("slices." + name + ": empty list")
	}
	m := s.Index(0)
	for i := 1; i < s.Len(); i++ {
		e := s.Index(i)
		if k := m.Kind(); k == reflect.Float32 || k == reflect.Float64 {
			if math.IsNaN(m.Float()) {
				return m.Interface()
			}
			if math.IsNaN(e.Float()) {
				m = e
				continue
			}
			f := math.Min
			if sign > 0 {
				f = math.Max
			}
			if r := f(m.Float(), e.Float()); r != m.Float() || math.Signbit(r) != math.Signbit(m.Float()) {
				m = e
			}
			continue
		}
		if compareValues(e, m)*sign > 0 {
			m = e
		}
	}
	return m.Interface()
}

func slicesMax(x any) any { return extreme(x, 1, "Max") }
func slicesMin(x any) any { return extreme(x, -1, "Min") }

func extremeFunc(x, f any, sign int, name string) any {
	s, fv := reflect.ValueOf(x), reflect.ValueOf(f)
	if s.Len() == 0 {
		panic("slices." + name + ": empty list")
	}
	m := s.Index(0)
	for i := 1; i < s.Len(); i++ {
		if callInt(fv, s.Index(i), m)*sign > 0 {
			m = s.Index(i)
		}
	}
	return m.Interface()
}

func slicesMaxFunc(x, f any) any { return extremeFunc(x, f, 1, "MaxFunc") }
func slicesMinFunc(x, f any) any { return extremeFunc(x, f, -1, "MinFunc") }

func slicesReverse(x any) {
	swap := reflect.Swapper(x)
	for i, j := 0, reflect.ValueOf(x).Len()-1; i < j; i, j = i+1, j-1 {
		swap(i, j)
	}
}

func slicesEqual(a, b any) bool {
	x, y := reflect.ValueOf(a), reflect.ValueOf(b)
	if x.Len() != y.Len() {
		return false
	}
	for i := 0; i < x.Len(); i++ {
		if !x.Index(i).Equal(y.Index(i)) {
			return false
		}
	}
	return true
}

func slicesEqualFunc(a, b, f any) bool {
	x, y, fv := reflect.ValueOf(a), reflect.ValueOf(b), reflect.ValueOf(f)
	if x.Len() != y.Len() {
		return false
	}
	for i := 0; i < x.Len(); i++ {
		if !callBool(fv, x.Index(i), y.Index(i)) {
			return false
		}
	}
	return true
}

func slicesCompare(a, b any) int {
	x, y := reflect.ValueOf(a), reflect.ValueOf(b)
	for i := 0; i < x.Len() && i < y.Len(); i++ {
		if c := compareValues(x.Index(i), y.Index(i)); c != 0 {
			return c
		}
	}
	return cmp.Compare(x.Len(), y.Len())
}

func slicesClone(x any) any {
	s := reflect.ValueOf(x)
	if s.IsNil() {
		return x
	}
	c := reflect.MakeSlice(s.Type(), s.Len(), s.Len())
	reflect.Copy(c, s)
	return c.Interface()
}

// compactBy is slices.CompactFunc with eq on reflect values: as Go's, it
// compares each element with the original one before it, eq(s[k],
// s[k-1]), and zeroes the tail.
func compactBy(x any, eq func(a, b reflect.Value) bool) any {
	s := reflect.ValueOf(x)
	n := s.Len()
	if n < 2 {
		return x
	}
	for k := 1; k < n; k++ {
		if !eq(s.Index(k), s.Index(k-1)) {
			continue
		}
		s2 := s.Slice(k, n)
		for k2 := 1; k2 < s2.Len(); k2++ {
			if !eq(s2.Index(k2), s2.Index(k2-1)) {
				s.Index(k).Set(s2.Index(k2))
				k++
			}
		}
		zeroRange(s, k, n)
		return s.Slice(0, k).Interface()
	}
	return x
}

// zeroRange sets the elements [i, j) of s to zero.
func zeroRange(s reflect.Value, i, j int) {
	z := reflect.Zero(s.Type().Elem())
	for ; i < j; i++ {
		s.Index(i).Set(z)
	}
}

func slicesCompact(x any) any {
	return compactBy(x, func(a, b reflect.Value) bool { return a.Equal(b) })
}

func slicesCompactFunc(x, f any) any {
	fv := reflect.ValueOf(f)
	return compactBy(x, func(a, b reflect.Value) bool { return callBool(fv, a, b) })
}

func slicesInsert(x any, i int, vs ...any) any {
	s := reflect.ValueOf(x)
	n := s.Len()
	if i < 0 || i > n {
		panic(fmt.Sprintf("runtime error: slice bounds out of range [%d:%d]", i, n))
	}
	m := len(vs)
	if n+m <= s.Cap() {
		// In place, as Go's: the result shares s's array.
		s2 := s.Slice(0, n+m)
		reflect.Copy(s2.Slice(i+m, n+m), s.Slice(i, n))
		for j, v := range vs {
			s2.Index(i + j).Set(reflect.ValueOf(v))
		}
		return s2.Interface()
	}
	out := reflect.MakeSlice(s.Type(), 0, n+m)
	out = reflect.AppendSlice(out, s.Slice(0, i))
	for _, v := range vs {
		out = reflect.Append(out, reflect.ValueOf(v))
	}
	return reflect.AppendSlice(out, s.Slice(i, n)).Interface()
}

func slicesDelete(x any, i, j int) any {
	s := reflect.ValueOf(x)
	n := s.Len()
	if i < 0 || j > n || i > j {
		panic(fmt.Sprintf("runtime error: slice bounds out of range [%d:%d]", i, j))
	}
	if i == j {
		return x
	}
	reflect.Copy(s.Slice(i, n), s.Slice(j, n))
	zeroRange(s, n-(j-i), n)
	return s.Slice(0, n-(j-i)).Interface()
}

func slicesDeleteFunc(x, f any) any {
	s, fv := reflect.ValueOf(x), reflect.ValueOf(f)
	n := s.Len()
	k := 0
	for i := 0; i < n; i++ {
		if !callBool(fv, s.Index(i)) {
			if i != k {
				s.Index(k).Set(s.Index(i))
			}
			k++
		}
	}
	zeroRange(s, k, n)
	return s.Slice(0, k).Interface()
}

func slicesRepeat(x any, count int) any {
	if count < 0 {
		panic("cannot be negative")
	}
	s := reflect.ValueOf(x)
	out := reflect.MakeSlice(s.Type(), 0, s.Len()*count)
	for range count {
		out = reflect.AppendSlice(out, s)
	}
	return out.Interface()
}

func slicesConcat(xs ...any) any {
	if len(xs) == 0 {
		return nil
	}
	t := reflect.TypeOf(xs[0])
	n := 0
	for _, x := range xs {
		n += reflect.ValueOf(x).Len()
	}
	if n == 0 {
		return reflect.Zero(t).Interface()
	}
	out := reflect.MakeSlice(t, 0, n)
	for _, x := range xs {
		out = reflect.AppendSlice(out, reflect.ValueOf(x))
	}
	return out.Interface()
}

func slicesGrow(x any, n int) any {
	if n < 0 {
		panic("cannot be negative")
	}
	s := reflect.ValueOf(x)
	if s.Cap()-s.Len() >= n {
		return x
	}
	g := reflect.MakeSlice(s.Type(), s.Len(), s.Len()+n)
	reflect.Copy(g, s)
	return g.Interface()
}

func slicesClip(x any) any {
	s := reflect.ValueOf(x)
	return s.Slice3(0, s.Len(), s.Len()).Interface()
}

func mapsClone(m any) any {
	v := reflect.ValueOf(m)
	if v.IsNil() {
		return m
	}
	c := reflect.MakeMapWithSize(v.Type(), v.Len())
	for it := v.MapRange(); it.Next(); {
		c.SetMapIndex(it.Key(), it.Value())
	}
	return c.Interface()
}

func mapsCopy(dst, src any) {
	d, s := reflect.ValueOf(dst), reflect.ValueOf(src)
	for it := s.MapRange(); it.Next(); {
		d.SetMapIndex(it.Key(), it.Value())
	}
}

func mapsEqual(a, b any) bool {
	return mapsEqualBy(a, b, func(x, y reflect.Value) bool { return x.Equal(y) })
}

func mapsEqualFunc(a, b, f any) bool {
	fv := reflect.ValueOf(f)
	return mapsEqualBy(a, b, func(x, y reflect.Value) bool { return callBool(fv, x, y) })
}

func mapsEqualBy(a, b any, eq func(x, y reflect.Value) bool) bool {
	x, y := reflect.ValueOf(a), reflect.ValueOf(b)
	if x.Len() != y.Len() {
		return false
	}
	for it := x.MapRange(); it.Next(); {
		w := y.MapIndex(it.Key())
		if !w.IsValid() || !eq(it.Value(), w) {
			return false
		}
	}
	return true
}

func mapsDeleteFunc(m, f any) {
	v, fv := reflect.ValueOf(m), reflect.ValueOf(f)
	var del []reflect.Value
	for it := v.MapRange(); it.Next(); {
		if callBool(fv, it.Key(), it.Value()) {
			del = append(del, it.Key())
		}
	}
	for _, k := range del {
		v.SetMapIndex(k, reflect.Value{}) // a NaN key stays, as with delete
	}
}

// mapsKeysSlice returns the keys of m as a slice of type sliceOf (a []K
// value), sorted when sorted is true: slices.Collect(maps.Keys(m)) and
// slices.Sorted(maps.Keys(m)).
func mapsKeysSlice(m, sliceOf any, sorted bool) any {
	v := reflect.ValueOf(m)
	out := reflect.MakeSlice(reflect.TypeOf(sliceOf), 0, v.Len())
	for it := v.MapRange(); it.Next(); {
		out = reflect.Append(out, it.Key())
	}
	if sorted {
		slicesSort(out.Interface())
	}
	return out.Interface()
}

// mapsValuesSlice is mapsKeysSlice for the values.
func mapsValuesSlice(m, sliceOf any, sorted bool) any {
	v := reflect.ValueOf(m)
	out := reflect.MakeSlice(reflect.TypeOf(sliceOf), 0, v.Len())
	for it := v.MapRange(); it.Next(); {
		out = reflect.Append(out, it.Value())
	}
	if sorted {
		slicesSort(out.Interface())
	}
	return out.Interface()
}

func cmpCompare(a, b any) int { return compareValues(reflect.ValueOf(a), reflect.ValueOf(b)) }

func cmpLess(a, b any) bool { return cmpCompare(a, b) < 0 }

func cmpOr(vals ...any) any {
	for _, v := range vals {
		if !reflect.ValueOf(v).IsZero() {
			return v
		}
	}
	if len(vals) == 0 {
		return nil
	}
	return reflect.Zero(reflect.TypeOf(vals[0])).Interface()
}
