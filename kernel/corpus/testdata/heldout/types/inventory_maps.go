// An inventory kept as a map of structs and a slice of pointers, with updates, sorting, and grouping.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Item struct {
	SKU      string
	Name     string
	Category string
	Qty      int
	PriceCts int
}

func (it Item) Value() int { return it.Qty * it.PriceCts }

func dollars(cents int) string { return fmt.Sprintf("$%d.%02d", cents/100, cents%100) }

func main() {
	stock := map[string]Item{
		"A100": {"A100", "widget", "hardware", 40, 250},
		"B200": {"B200", "gizmo", "hardware", 5, 1999},
		"C300": {"C300", "manual", "books", 12, 1500},
		"D400": {"D400", "cable", "electronics", 100, 399},
		"E500": {"E500", "adapter", "electronics", 0, 1299},
	}

	// Map values are not addressable: read, modify, and write back.
	it := stock["A100"]
	it.Qty -= 15
	stock["A100"] = it

	if _, ok := stock["Z999"]; !ok {
		fmt.Println("Z999 not stocked; zero value:", stock["Z999"])
	}

	skus := make([]string, 0, len(stock))
	for sku := range stock {
		skus = append(skus, sku)
	}
	sort.Strings(skus)
	for _, sku := range skus {
		it := stock[sku]
		fmt.Printf("%s %-8s %-12s qty=%3d value=%s\n", sku, it.Name, it.Category, it.Qty, dollars(it.Value()))
	}

	// A slice of pointers lets us mutate in place.
	var items []*Item
	for _, sku := range skus {
		it := stock[sku]
		items = append(items, &it)
	}
	for _, p := range items {
		if p.Category == "electronics" {
			p.PriceCts = p.PriceCts * 90 / 100
		}
	}
	fmt.Println("map copy unchanged:", stock["D400"].PriceCts, "pointer copy:", items[3].PriceCts)

	sort.Slice(items, func(i, j int) bool {
		if items[i].Value() != items[j].Value() {
			return items[i].Value() > items[j].Value()
		}
		return items[i].SKU < items[j].SKU
	})
	fmt.Print("by value:")
	for _, p := range items {
		fmt.Printf(" %s(%s)", p.Name, dollars(p.Value()))
	}
	fmt.Println()

	byCat := map[string][]*Item{}
	for _, p := range items {
		byCat[p.Category] = append(byCat[p.Category], p)
	}
	cats := make([]string, 0, len(byCat))
	for c := range byCat {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	for _, c := range cats {
		names := []string{}
		total := 0
		for _, p := range byCat[c] {
			names = append(names, p.Name)
			total += p.Value()
		}
		sort.Strings(names)
		fmt.Printf("%-11s %d items [%s] total %s\n", c, len(byCat[c]), strings.Join(names, ", "), dollars(total))
	}

	delete(stock, "E500")
	fmt.Println("after delete:", len(stock), "items")
	fmt.Printf("%v\n%+v\n", stock["C300"], *items[0])
}

// Output:
// Z999 not stocked; zero value: {   0 0}
// A100 widget   hardware     qty= 25 value=$62.50
// B200 gizmo    hardware     qty=  5 value=$99.95
// C300 manual   books        qty= 12 value=$180.00
// D400 cable    electronics  qty=100 value=$399.00
// E500 adapter  electronics  qty=  0 value=$0.00
// map copy unchanged: 399 pointer copy: 359
// by value: cable($359.00) manual($180.00) gizmo($99.95) widget($62.50) adapter($0.00)
// books       1 items [manual] total $180.00
// electronics 2 items [adapter, cable] total $359.00
// hardware    2 items [gizmo, widget] total $162.45
// after delete: 4 items
// {C300 manual books 12 1500}
// {SKU:D400 Name:cable Category:electronics Qty:100 PriceCts:359}
