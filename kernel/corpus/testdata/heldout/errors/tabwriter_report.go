// text/tabwriter aligns an inventory report, including right-aligned numbers and debug borders.
package main

import (
	"fmt"
	"os"
	"sort"
	"text/tabwriter"
)

type Item struct {
	SKU   string
	Name  string
	Qty   int
	Price float64
}

func main() {
	items := []Item{
		{"B-200", "Widget, large", 3, 19.99},
		{"A-100", "Gadget", 120, 4.5},
		{"C-7", "Thingamajig deluxe", 0, 149},
		{"A-101", "Nut", 5000, 0.05},
	}
	sort.Slice(items, func(i, j int) bool { return items[i].SKU < items[j].SKU })

	w := tabwriter.NewWriter(os.Stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintln(w, "SKU\tNAME\tQTY\tPRICE\tTOTAL")
	fmt.Fprintln(w, "---\t----\t---\t-----\t-----")
	var grand float64
	for _, it := range items {
		total := float64(it.Qty) * it.Price
		grand += total
		fmt.Fprintf(w, "%s\t%s\t%d\t%.2f\t%.2f\n", it.SKU, it.Name, it.Qty, it.Price, total)
	}
	fmt.Fprintf(w, "\t\t\t\t%.2f\n", grand)
	w.Flush()

	fmt.Println()
	rw := tabwriter.NewWriter(os.Stdout, 0, 0, 1, ' ', tabwriter.AlignRight)
	for _, it := range items {
		fmt.Fprintf(rw, "%s\t%d\t%.2f\t\n", it.Name, it.Qty, it.Price)
	}
	rw.Flush()

	fmt.Println()
	dw := tabwriter.NewWriter(os.Stdout, 4, 0, 1, '.', tabwriter.Debug)
	fmt.Fprintln(dw, "key\tvalue\tnote")
	fmt.Fprintln(dw, "a\t1\tshort")
	fmt.Fprintln(dw, "longer-key\t22\t")
	fmt.Fprintln(dw, "")
	fmt.Fprintln(dw, "new\tblock")
	dw.Flush()
}

// Output:
// SKU    NAME                QTY   PRICE   TOTAL
// ---    ----                ---   -----   -----
// A-100  Gadget              120   4.50    540.00
// A-101  Nut                 5000  0.05    250.00
// B-200  Widget, large       3     19.99   59.97
// C-7    Thingamajig deluxe  0     149.00  0.00
//                                          849.97
//
//              Gadget  120   4.50
//                 Nut 5000   0.05
//       Widget, large    3  19.99
//  Thingamajig deluxe    0 149.00
//
// key........|value.|note
// a..........|1.....|short
// longer-key.|22....|
//
// new.|block
