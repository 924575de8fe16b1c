package goexec

import (
	"fmt"
	"reflect"
)

// The functions of the standard packages slices and maps that consume an
// iterator (iter.Seq or iter.Seq2, a function value: strings.Lines(s), a
// cell's own func(yield func(E) bool), …) and slices.Replace, for cells,
// as the helpers of generics.go: the front end lowers a call of one to a
// call of these, passing a typed nil of the call's result type where the
// helper makes the result.

// iteratorHelpers are this file's helpers, by their names in the runtime
// package; they join genericHelpers.
var iteratorHelpers = map[string]any{
	"SlicesCollect": slicesCollect, "SlicesSortedFunc": slicesSortedFunc,
	"SlicesAppendSeq": slicesAppendSeq, "MapsCollect": mapsCollect, "MapsInsert": mapsInsert,
	"SlicesReplace": slicesReplace,
	"SlicesAllSeq":  slicesAllSeq, "SlicesValuesSeq": slicesValuesSeq, "SlicesBackwardSeq": slicesBackwardSeq,
	"SlicesChunkSeq": slicesChunkSeq, "MapsAllSeq": mapsAllSeq, "MapsKeysSeq": mapsKeysSeq, "MapsValuesSeq": mapsValuesSeq,
	"IterPull": iterPull,
}

func init() {
	for name, f := range iteratorHelpers {
		genericHelpers[name] = reflect.ValueOf(f)
	}
}

// eachOf calls the iterator seq (a func(yield func(…) bool)) with a yield
// that passes its arguments to f and always goes on. A nil seq panics
// with reflect's "call of nil function", which the kernel reports as Go's
// nil pointer dereference (panics.go).
func eachOf(seq any, f func(args []reflect.Value)) {
	s := reflect.ValueOf(seq)
	yes := []reflect.Value{reflect.ValueOf(true)}
	yield := reflect.MakeFunc(s.Type().In(0), func(args []reflect.Value) []reflect.Value {
		f(args)
		return yes
	})
	s.Call([]reflect.Value{yield})
}

// slicesAppendSeq is slices.AppendSeq: s with the values of seq appended.
func slicesAppendSeq(s, seq any) any {
	out := reflect.ValueOf(s)
	eachOf(seq, func(args []reflect.Value) { out = reflect.Append(out, args[0]) })
	return out.Interface()
}

// slicesCollect is slices.Collect (sorted false) and slices.Sorted (sorted
// true) of seq, as a slice of sliceOf's type (a nil []E): nil when seq
// yields nothing, as Go's.
func slicesCollect(sliceOf, seq any, sorted bool) any {
	out := slicesAppendSeq(sliceOf, seq)
	if sorted {
		slicesSort(out)
	}
	return out
}

// slicesSortedFunc is slices.SortedFunc (stable false) and
// slices.SortedStableFunc (stable true).
func slicesSortedFunc(sliceOf, seq, cmp any, stable bool) any {
	out := slicesAppendSeq(sliceOf, seq)
	if stable {
		slicesSortStableFunc(out, cmp)
	} else {
		slicesSortFunc(out, cmp)
	}
	return out
}

// mapsInsert is maps.Insert: the pairs of seq (an iter.Seq2) stored in m
// (a nil m panics with Go's "assignment to entry in nil map" at the first
// pair, from the runtime itself).
func mapsInsert(m, seq any) {
	v := reflect.ValueOf(m)
	eachOf(seq, func(args []reflect.Value) { v.SetMapIndex(args[0], args[1]) })
}

// mapsCollect is maps.Collect: a new map of mapOf's type (a nil map[K]V)
// holding the pairs of seq.
func mapsCollect(mapOf, seq any) any {
	m := reflect.MakeMap(reflect.TypeOf(mapOf)).Interface()
	mapsInsert(m, seq)
	return m
}

// slicesReplace is slices.Replace: s with s[i:j] replaced by vs, in
// place when the result fits s's capacity, the elements past the new
// length (when it shrinks) zeroed, as Go's.
func slicesReplace(x any, i, j int, vs ...any) any {
	s := reflect.ValueOf(x)
	n := s.Len()
	if i < 0 || j > n || i > j {
		panic(fmt.Sprintf("runtime error: slice bounds out of range [%d:%d]", i, j))
	}
	tot := n - (j - i) + len(vs)
	var out reflect.Value
	if tot <= s.Cap() {
		out = s.Slice(0, tot)
		reflect.Copy(out.Slice(i+len(vs), tot), s.Slice(j, n)) // overlapping moves are safe
		if tot < n {
			zeroRange(s, tot, n)
		}
	} else {
		out = reflect.MakeSlice(s.Type(), tot, tot)
		reflect.Copy(out, s.Slice(0, i))
		reflect.Copy(out.Slice(i+len(vs), tot), s.Slice(j, n))
	}
	for k, v := range vs {
		out.Index(i + k).Set(reflect.ValueOf(v))
	}
	return out.Interface()
}

// The iterator producers of slices and maps as values (outside a range
// statement, which the front end turns into a plain loop): each returns a
// function of seqOf's type (a nil func(yield func(…) bool), the
// instance's underlying type, which the front end writes for iter.Seq and
// iter.Seq2) that does what Go's does each time it is called.

// seqFunc returns a function of seqOf's type that calls body with its
// yield function.
func seqFunc(seqOf any, body func(yield reflect.Value)) any {
	return reflect.MakeFunc(reflect.TypeOf(seqOf), func(args []reflect.Value) []reflect.Value {
		body(args[0])
		return nil
	}).Interface()
}

// yields calls yield with vs and reports whether the iteration goes on.
func yields(yield reflect.Value, vs ...reflect.Value) bool {
	return yield.Call(vs)[0].Bool()
}

// sliceSeq yields the elements of the slice s, from the first or, if
// backward is set, from the last, each after its index if indexed is set.
func sliceSeq(s, seqOf any, indexed, backward bool) any {
	v := reflect.ValueOf(s)
	return seqFunc(seqOf, func(yield reflect.Value) {
		for k := 0; k < v.Len(); k++ {
			i := k
			if backward {
				i = v.Len() - 1 - k
			}
			args := []reflect.Value{v.Index(i)}
			if indexed {
				args = []reflect.Value{reflect.ValueOf(i), v.Index(i)}
			}
			if !yields(yield, args...) {
				return
			}
		}
	})
}

func slicesAllSeq(s, seqOf any) any      { return sliceSeq(s, seqOf, true, false) }
func slicesValuesSeq(s, seqOf any) any   { return sliceSeq(s, seqOf, false, false) }
func slicesBackwardSeq(s, seqOf any) any { return sliceSeq(s, seqOf, true, true) }

// slicesChunkSeq is slices.Chunk: the subslices of n elements (the last
// shorter), each with its capacity clipped to its length, as Go's.
func slicesChunkSeq(s any, n int, seqOf any) any {
	if n < 1 {
		panic("cannot be less than 1")
	}
	v := reflect.ValueOf(s)
	return seqFunc(seqOf, func(yield reflect.Value) {
		for i := 0; i < v.Len(); i += n {
			end := min(n, v.Len()-i) + i
			if !yields(yield, v.Slice3(i, end, end)) {
				return
			}
		}
	})
}

// mapSeq yields the entries of the map m, in the map's order: the key,
// the value, or both, as keys and values say.
func mapSeq(m, seqOf any, keys, values bool) any {
	v := reflect.ValueOf(m)
	return seqFunc(seqOf, func(yield reflect.Value) {
		for it := v.MapRange(); it.Next(); {
			var args []reflect.Value
			if keys {
				args = append(args, it.Key())
			}
			if values {
				args = append(args, it.Value())
			}
			if !yields(yield, args...) {
				return
			}
		}
	})
}

func mapsAllSeq(m, seqOf any) any    { return mapSeq(m, seqOf, true, true) }
func mapsKeysSeq(m, seqOf any) any   { return mapSeq(m, seqOf, true, false) }
func mapsValuesSeq(m, seqOf any) any { return mapSeq(m, seqOf, false, true) }

// iterPull is iter.Pull and iter.Pull2: it returns next, a function of
// nextOf's type (func() (V, bool) or func() (K, V, bool)), and stop. The
// iteration runs on a goroutine of its own, handed over to and from by
// channels, so that one side runs at a time as with Go's coroutine: the
// first call of next starts seq; each call resumes it until its yield
// passes the next values, or until it returns (then next gives zero
// values and false from then on); stop makes the pending yield return
// false and waits for seq to return. A panic of seq panics in the call of
// next or stop that resumed it.
func iterPull(seq, nextOf any) []any {
	s := reflect.ValueOf(seq)
	nt := reflect.TypeOf(nextOf)
	n := nt.NumOut() - 1
	var (
		started, done, stopping bool
		panicked                bool
		panicValue              any
	)
	resume := make(chan bool)
	items := make(chan []reflect.Value)
	run := func() {
		defer func() {
			if r := recover(); r != nil {
				panicked, panicValue = true, r
			}
			close(items)
		}()
		if !<-resume {
			return
		}
		yield := reflect.MakeFunc(s.Type().In(0), func(args []reflect.Value) []reflect.Value {
			if stopping {
				return []reflect.Value{reflect.ValueOf(false)}
			}
			items <- args
			return []reflect.Value{reflect.ValueOf(<-resume)}
		})
		s.Call([]reflect.Value{yield})
	}
	zero := func() []reflect.Value {
		out := make([]reflect.Value, n+1)
		for i := range n {
			out[i] = reflect.Zero(nt.Out(i))
		}
		out[n] = reflect.ValueOf(false)
		return out
	}
	finish := func() {
		done = true
		if panicked {
			panicked = false
			panic(panicValue)
		}
	}
	next := reflect.MakeFunc(nt, func([]reflect.Value) []reflect.Value {
		if done {
			return zero()
		}
		if !started {
			started = true
			go run()
		}
		resume <- true
		args, ok := <-items
		if !ok {
			finish()
			return zero()
		}
		return append(args, reflect.ValueOf(true))
	})
	stop := func() {
		if done {
			return
		}
		if !started {
			done = true
			return
		}
		stopping = true
		resume <- false
		for range items {
		}
		finish()
	}
	return []any{next.Interface(), stop}
}
