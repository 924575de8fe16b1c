// The comma-ok map read in a loop: a missing key gives the zero value.
package main

import "fmt"

func main() {
	m := map[int]int{0: 1, 2: 1}

	var got []int
	var oks []bool
	for k := 0; k < 4; k++ {
		v, ok := m[k]
		got = append(got, v)
		oks = append(oks, ok)
	}
	fmt.Println(got, oks)

	var v int
	var ok bool
	got = got[:0]
	for k := 0; k < 4; k++ {
		v, ok = m[k]
		_ = ok
		got = append(got, v)
	}
	fmt.Println(got)

	names := map[string]string{"a": "x"}
	for _, k := range []string{"a", "b", "a", "c"} {
		s, ok := names[k]
		fmt.Printf("%q %v\n", s, ok)
	}
}

// Output:
// [1 0 1 0] [true false true false]
// [1 0 1 0]
// "x" true
// "" false
// "x" true
// "" false
