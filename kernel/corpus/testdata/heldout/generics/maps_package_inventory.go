// The maps package (Keys, Values, All, Clone, Copy, Equal, DeleteFunc, Collect) with slices.Sorted and clear.
package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

func main() {
	stock := map[string]int{
		"apples":  12,
		"pears":   0,
		"kiwis":   7,
		"bananas": 0,
		"plums":   30,
	}

	keys := slices.Sorted(maps.Keys(stock))
	fmt.Println("keys:", keys)
	vals := slices.Sorted(maps.Values(stock))
	fmt.Println("values:", vals)

	backup := maps.Clone(stock)
	maps.DeleteFunc(stock, func(_ string, n int) bool { return n == 0 })
	fmt.Println("in stock:", slices.Sorted(maps.Keys(stock)), len(stock), len(backup))
	fmt.Println("equal to backup:", maps.Equal(stock, backup))

	delivery := map[string]int{"pears": 20, "kiwis": 5}
	for k, v := range delivery {
		stock[k] += v
	}
	maps.Copy(backup, map[string]int{"mangos": 3})
	for _, k := range slices.Sorted(maps.Keys(stock)) {
		fmt.Printf("  %-8s %3d\n", k, stock[k])
	}

	upper := maps.Collect(func(yield func(string, int) bool) {
		for k, v := range stock {
			if !yield(strings.ToUpper(k), v*10) {
				return
			}
		}
	})
	fmt.Println(upper)

	index := maps.Collect(slices.All([]string{"zero", "one", "two"}))
	fmt.Println(index, index[1])

	total := 0
	for _, v := range maps.All(stock) {
		total += v
	}
	fmt.Println("total units:", total)

	same := maps.EqualFunc(map[int]string{1: "Go"}, map[int]string{1: "GO"}, strings.EqualFold)
	fmt.Println("EqualFunc:", same)

	inverted := make(map[int][]string)
	for _, k := range slices.Sorted(maps.Keys(backup)) {
		inverted[backup[k]] = append(inverted[backup[k]], k)
	}
	for _, n := range slices.Sorted(maps.Keys(inverted)) {
		fmt.Println(n, inverted[n])
	}

	clear(backup)
	fmt.Println("after clear:", len(backup), backup == nil, backup)
	backup["fresh"] = 1
	fmt.Println(backup)
}

// Output:
// keys: [apples bananas kiwis pears plums]
// values: [0 0 7 12 30]
// in stock: [apples kiwis plums] 3 5
// equal to backup: false
//   apples    12
//   kiwis     12
//   pears     20
//   plums     30
// map[APPLES:120 KIWIS:120 PEARS:200 PLUMS:300]
// map[0:zero 1:one 2:two] one
// total units: 74
// EqualFunc: true
// 0 [bananas pears]
// 3 [mangos]
// 7 [kiwis]
// 12 [apples]
// 30 [plums]
// after clear: 0 false map[]
// map[fresh:1]
