// An inventory report sorted by several keys with sort.Slice, slices.SortStableFunc and cmp.Or.
package main

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"
)

type Item struct {
	SKU      string
	Name     string
	Category string
	Price    float64
	Qty      int
}

func (it Item) Value() float64 { return it.Price * float64(it.Qty) }

func printTable(title string, items []Item) {
	fmt.Println("==", title)
	for _, it := range items {
		fmt.Printf("%-5s %-12s %-9s %7.2f %3d\n", it.SKU, it.Name, it.Category, it.Price, it.Qty)
	}
}

func main() {
	inv := []Item{
		{"A100", "hammer", "tools", 12.50, 14},
		{"B220", "screws", "hardware", 0.05, 900},
		{"A104", "wrench", "tools", 9.99, 3},
		{"C310", "paint", "supplies", 24.00, 7},
		{"B221", "nails", "hardware", 0.03, 1200},
		{"A101", "saw", "tools", 12.50, 6},
		{"C300", "brush", "supplies", 4.75, 0},
		{"B205", "hinge", "hardware", 2.10, 45},
	}

	// Category ascending, then price descending, then name.
	byCat := slices.Clone(inv)
	sort.Slice(byCat, func(i, j int) bool {
		a, b := byCat[i], byCat[j]
		if a.Category != b.Category {
			return a.Category < b.Category
		}
		if a.Price != b.Price {
			return a.Price > b.Price
		}
		return a.Name < b.Name
	})
	printTable("by category, price desc, name", byCat)

	// Total value descending, SKU as tie-breaker, using cmp.Or.
	byValue := slices.Clone(inv)
	slices.SortFunc(byValue, func(a, b Item) int {
		return cmp.Or(
			cmp.Compare(b.Value(), a.Value()),
			strings.Compare(a.SKU, b.SKU),
		)
	})
	fmt.Println("== by stock value")
	for i, it := range byValue {
		fmt.Printf("%d. %-7s %8.2f\n", i+1, it.Name, it.Value())
	}

	// Stable sort by quantity bucket keeps the SKU order inside each bucket.
	bySKU := slices.Clone(inv)
	slices.SortFunc(bySKU, func(a, b Item) int { return strings.Compare(a.SKU, b.SKU) })
	bucket := func(q int) int {
		switch {
		case q == 0:
			return 0
		case q < 10:
			return 1
		default:
			return 2
		}
	}
	slices.SortStableFunc(bySKU, func(a, b Item) int { return cmp.Compare(bucket(a.Qty), bucket(b.Qty)) })
	labels := []string{"out", "low", "ok"}
	var parts []string
	for _, it := range bySKU {
		parts = append(parts, labels[bucket(it.Qty)]+":"+it.SKU)
	}
	fmt.Println("== stock levels:", strings.Join(parts, " "))

	// Totals per category with sorted keys.
	totals := map[string]float64{}
	for _, it := range inv {
		totals[it.Category] += it.Value()
	}
	cats := make([]string, 0, len(totals))
	for c := range totals {
		cats = append(cats, c)
	}
	slices.Sort(cats)
	for _, c := range cats {
		fmt.Printf("%s total %.2f\n", c, totals[c])
	}

	skus := make([]string, len(inv))
	for i, it := range inv {
		skus[i] = it.SKU
	}
	slices.Sort(skus)
	i, ok := slices.BinarySearch(skus, "B221")
	j, ok2 := slices.BinarySearch(skus, "B000")
	fmt.Println("B221 at", i, ok, "| B000 would go at", j, ok2)
	cheapest := slices.MinFunc(inv, func(a, b Item) int { return cmp.Compare(a.Price, b.Price) })
	fmt.Println("cheapest:", cheapest.Name, "| sorted originals untouched:", inv[0].SKU)
}

// Output:
// == by category, price desc, name
// B205  hinge        hardware     2.10  45
// B220  screws       hardware     0.05 900
// B221  nails        hardware     0.03 1200
// C310  paint        supplies    24.00   7
// C300  brush        supplies     4.75   0
// A100  hammer       tools       12.50  14
// A101  saw          tools       12.50   6
// A104  wrench       tools        9.99   3
// == by stock value
// 1. hammer    175.00
// 2. paint     168.00
// 3. hinge      94.50
// 4. saw        75.00
// 5. screws     45.00
// 6. nails      36.00
// 7. wrench     29.97
// 8. brush       0.00
// == stock levels: out:C300 low:A101 low:A104 low:C310 ok:A100 ok:B205 ok:B220 ok:B221
// hardware total 175.50
// supplies total 168.00
// tools total 279.97
// B221 at 5 true | B000 would go at 3 false
// cheapest: nails | sorted originals untouched: A100
