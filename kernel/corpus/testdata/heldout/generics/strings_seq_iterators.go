// Iterator-returning string and slice APIs: strings.Lines, SplitSeq, FieldsSeq, slices.All/Values/Chunk.
package main

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

const config = `# server settings
host = example.org
port = 8080

debug = true
timeout=30
`

func main() {
	settings := map[string]string{}
	lineNo := 0
	for line := range strings.Lines(config) {
		lineNo++
		trimmed := strings.TrimSpace(line)
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			fmt.Printf("line %d skipped (%q)\n", lineNo, line)
			continue
		}
		key, val, ok := strings.Cut(trimmed, "=")
		if !ok {
			continue
		}
		settings[strings.TrimSpace(key)] = strings.TrimSpace(val)
	}
	for _, k := range slices.Sorted(maps.Keys(settings)) {
		fmt.Printf("%-8s= %s\n", k, settings[k])
	}

	sum := 0
	for part := range strings.SplitSeq("4,8,,15,16,x,23", ",") {
		n, err := strconv.Atoi(part)
		if err != nil {
			fmt.Printf("skip %q\n", part)
			continue
		}
		sum += n
	}
	fmt.Println("sum:", sum)

	words := slices.Collect(strings.FieldsSeq("  the   quick\tbrown \n fox  "))
	fmt.Printf("%d %q\n", len(words), words)

	var upper []string
	for f := range strings.FieldsFuncSeq("a1b22c333", func(r rune) bool { return r >= '0' && r <= '9' }) {
		upper = append(upper, strings.ToUpper(f))
	}
	fmt.Println(upper)

	for part := range strings.SplitAfterSeq("a.b.c", ".") {
		fmt.Printf("[%s]", part)
	}
	fmt.Println()

	nums := []int{1, 2, 3, 4, 5, 6, 7}
	for chunk := range slices.Chunk(nums, 3) {
		fmt.Println("chunk", chunk, len(chunk))
	}
	for i, v := range slices.All([]string{"x", "y"}) {
		fmt.Println("all", i, v)
	}
	doubled := slices.Collect(func(yield func(int) bool) {
		for v := range slices.Values(nums) {
			if !yield(v * 2) {
				return
			}
		}
	})
	fmt.Println(doubled)
	fmt.Println(slices.Sorted(slices.Values([]string{"pear", "fig", "apple"})))
	lines := slices.Collect(strings.Lines("no trailing newline\nsecond"))
	fmt.Printf("%q\n", lines)
}

// Output:
// line 1 skipped ("# server settings\n")
// line 4 skipped ("\n")
// debug   = true
// host    = example.org
// port    = 8080
// timeout = 30
// skip ""
// skip "x"
// sum: 66
// 4 ["the" "quick" "brown" "fox"]
// [A B C]
// [a.][b.][c]
// chunk [1 2 3] 3
// chunk [4 5 6] 3
// chunk [7] 1
// all 0 x
// all 1 y
// [2 4 6 8 10 12 14]
// [apple fig pear]
// ["no trailing newline\n" "second"]
