// encoding/csv: read sales records with quoted fields, aggregate per region, write a CSV summary.
package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
)

const input = `region,product,units,price
North,"Widget, large",10,2.50
South,Gadget,4,10.00
North,Gadget,1,10.00
"East",Widget,7,1.25
South,"Thing ""pro""",2,99.99
East,Gadget,3,10.00
`

type total struct {
	units   int
	revenue float64
}

func main() {
	r := csv.NewReader(strings.NewReader(input))
	header, err := r.Read()
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Println("columns:", strings.Join(header, " | "))

	totals := make(map[string]*total)
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		units, _ := strconv.Atoi(rec[2])
		price, _ := strconv.ParseFloat(rec[3], 64)
		fmt.Printf("%-6s %-14q %3d x %6.2f\n", rec[0], rec[1], units, price)
		t, ok := totals[rec[0]]
		if !ok {
			t = &total{}
			totals[rec[0]] = t
		}
		t.units += units
		t.revenue += float64(units) * price
	}

	regions := make([]string, 0, len(totals))
	for k := range totals {
		regions = append(regions, k)
	}
	sort.Strings(regions)

	w := csv.NewWriter(os.Stdout)
	w.Write([]string{"region", "units", "revenue", "note"})
	for _, reg := range regions {
		t := totals[reg]
		note := ""
		if t.revenue > 100 {
			note = "top, \"big\" seller"
		}
		w.Write([]string{reg, strconv.Itoa(t.units), strconv.FormatFloat(t.revenue, 'f', 2, 64), note})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		fmt.Println("error:", err)
	}

	semi := csv.NewReader(strings.NewReader("a;b;c\n# comment\n1;2;3\n"))
	semi.Comma = ';'
	semi.Comment = '#'
	all, err := semi.ReadAll()
	fmt.Println(all, err)

	broken := csv.NewReader(strings.NewReader("x,y\n1,2,3\n"))
	_, err = broken.ReadAll()
	fmt.Println("error:", err)

	var sb strings.Builder
	tw := csv.NewWriter(&sb)
	tw.Comma = '\t'
	tw.WriteAll([][]string{{"name", "quote"}, {"Bob", "say \"hi\""}, {"multi", "line\nbreak"}})
	fmt.Printf("%q\n", sb.String())
}

// Output:
// columns: region | product | units | price
// North  "Widget, large"  10 x   2.50
// South  "Gadget"         4 x  10.00
// North  "Gadget"         1 x  10.00
// East   "Widget"         7 x   1.25
// South  "Thing \"pro\""   2 x  99.99
// East   "Gadget"         3 x  10.00
// region,units,revenue,note
// East,10,38.75,
// North,11,35.00,
// South,6,239.98,"top, ""big"" seller"
// [[a b c] [1 2 3]] <nil>
// error: record on line 2: wrong number of fields
// "name\tquote\nBob\t\"say \"\"hi\"\"\"\nmulti\t\"line\nbreak\"\n"
