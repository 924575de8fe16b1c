// fmt.Sprintf builds a fixed-width grade table with padding, precision and a histogram column.
package main

import (
	"fmt"
	"sort"
	"strings"
)

type Student struct {
	Name   string
	Scores []float64
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	var sum float64
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

func grade(avg float64) string {
	switch {
	case avg >= 90:
		return "A"
	case avg >= 80:
		return "B"
	case avg >= 70:
		return "C"
	default:
		return "F"
	}
}

func row(cols ...string) string {
	return "| " + strings.Join(cols, " | ") + " |"
}

func main() {
	students := []Student{
		{"Grace Hopper", []float64{98, 95.5, 100}},
		{"Al", []float64{72, 68.25, 81}},
		{"Barbara Liskov", []float64{88, 91, 79.75}},
		{"Ken", []float64{55.5, 61}},
		{"Nobody", nil},
	}
	sort.SliceStable(students, func(i, j int) bool {
		return mean(students[i].Scores) > mean(students[j].Scores)
	})

	header := row(fmt.Sprintf("%-3s", "#"), fmt.Sprintf("%-14s", "Name"), fmt.Sprintf("%7s", "Avg"),
		fmt.Sprintf("%-2s", "Gr"), fmt.Sprintf("%-10s", "Bar"))
	sep := strings.Repeat("-", len(header))
	fmt.Println(sep)
	fmt.Println(header)
	fmt.Println(sep)
	for i, s := range students {
		avg := mean(s.Scores)
		bar := strings.Repeat("#", int(avg/10))
		fmt.Println(row(
			fmt.Sprintf("%03d", i+1),
			fmt.Sprintf("%-14.14s", s.Name),
			fmt.Sprintf("%7.2f", avg),
			fmt.Sprintf("%-2s", grade(avg)),
			fmt.Sprintf("%-10s", bar),
		))
	}
	fmt.Println(sep)

	for _, s := range students {
		parts := make([]string, len(s.Scores))
		for i, sc := range s.Scores {
			parts[i] = fmt.Sprintf("%6.2f", sc)
		}
		fmt.Printf("%-15s[%s] n=%d\n", s.Name+":", strings.Join(parts, ","), len(s.Scores))
	}
	fmt.Printf("%8.3e|%-12g|%12.4g|\n", 123456.789, 0.000123, 98765.4321)
	fmt.Printf("%s\n", fmt.Sprintf("%5.1f%%", 12.345))
}

// Output:
// ----------------------------------------------------
// | #   | Name           |     Avg | Gr | Bar        |
// ----------------------------------------------------
// | 001 | Grace Hopper   |   97.83 | A  | #########  |
// | 002 | Barbara Liskov |   86.25 | B  | ########   |
// | 003 | Al             |   73.75 | C  | #######    |
// | 004 | Ken            |   58.25 | F  | #####      |
// | 005 | Nobody         |    0.00 | F  |            |
// ----------------------------------------------------
// Grace Hopper:  [ 98.00, 95.50,100.00] n=3
// Barbara Liskov:[ 88.00, 91.00, 79.75] n=3
// Al:            [ 72.00, 68.25, 81.00] n=3
// Ken:           [ 55.50, 61.00] n=2
// Nobody:        [] n=0
// 1.235e+05|0.000123    |   9.877e+04|
//  12.3%
