// text/template rendering an inventory report with range, if/else, custom funcs and nested templates.
package main

import (
	"fmt"
	"os"
	"strings"
	"text/template"
)

type Item struct {
	SKU   string
	Name  string
	Qty   int
	Price float64
	Tags  []string
}

func (i Item) Total() float64 { return float64(i.Qty) * i.Price }

type Report struct {
	Title     string
	Warehouse string
	Items     []Item
	Notes     map[string]string
}

const tmpl = `{{define "item"}}{{printf "%-6s" .SKU}} {{printf "%-12s" .Name}} {{printf "%3d" .Qty}} x {{printf "%6.2f" .Price}} = {{printf "%8.2f" .Total}}{{end -}}
== {{.Title | upper}} ({{.Warehouse}}) ==
{{range $i, $it := .Items -}}
{{inc $i}}. {{template "item" $it}}{{if lt $it.Qty 5}}  LOW STOCK{{end}}
{{- if $it.Tags}} [{{join $it.Tags ", "}}]{{end}}
{{end -}}
{{with .Notes}}Notes:
{{range $k, $v := .}}  {{$k}}: {{$v}}
{{end}}{{else}}No notes.
{{end -}}
Items: {{len .Items}}, grand total: {{printf "%.2f" (grand .Items)}}
`

func main() {
	funcs := template.FuncMap{
		"upper": strings.ToUpper,
		"join":  strings.Join,
		"inc":   func(i int) int { return i + 1 },
		"grand": func(items []Item) float64 {
			sum := 0.0
			for _, it := range items {
				sum += it.Total()
			}
			return sum
		},
	}
	t := template.Must(template.New("report").Funcs(funcs).Parse(tmpl))

	r := Report{
		Title:     "Weekly inventory",
		Warehouse: "Rotterdam",
		Items: []Item{
			{SKU: "A-100", Name: "Bolts", Qty: 250, Price: 0.12, Tags: []string{"metal", "small"}},
			{SKU: "B-220", Name: "Hinges", Qty: 3, Price: 4.5},
			{SKU: "C-031", Name: "Paint (red)", Qty: 12, Price: 17.99, Tags: []string{"liquid"}},
		},
		Notes: map[string]string{"zone": "B4", "checked by": "Maria"},
	}
	if err := t.Execute(os.Stdout, r); err != nil {
		fmt.Println("error:", err)
	}

	r.Notes = nil
	r.Items = r.Items[:1]
	if err := t.Execute(os.Stdout, r); err != nil {
		fmt.Println("error:", err)
	}

	var partial strings.Builder
	short := template.Must(template.New("s").Parse(`{{.Name}} has {{.Missing}}`))
	err := short.Execute(&partial, Item{Name: "x"})
	fmt.Printf("partial output %q\n", partial.String())
	fmt.Println("error:", err)

	var sb strings.Builder
	template.Must(template.New("eq").Parse(`{{if eq . "go"}}gopher{{else if eq . "rs"}}crab{{else}}?{{end}}`)).Execute(&sb, "rs")
	fmt.Println(sb.String())
}

// Output:
// == WEEKLY INVENTORY (Rotterdam) ==
// 1. A-100  Bolts        250 x   0.12 =    30.00 [metal, small]
// 2. B-220  Hinges         3 x   4.50 =    13.50  LOW STOCK
// 3. C-031  Paint (red)   12 x  17.99 =   215.88 [liquid]
// Notes:
//   checked by: Maria
//   zone: B4
// Items: 3, grand total: 259.38
// == WEEKLY INVENTORY (Rotterdam) ==
// 1. A-100  Bolts        250 x   0.12 =    30.00 [metal, small]
// No notes.
// Items: 1, grand total: 30.00
// partial output "x has "
// error: template: s:1:16: executing "s" at <.Missing>: can't evaluate field Missing in type main.Item
// crab
