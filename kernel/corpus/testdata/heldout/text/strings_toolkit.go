// Everyday strings work: Fields, Split, Join, Replace, hand-rolled title case, Builder, Repeat, TrimFunc.
package main

import (
	"fmt"
	"strings"
	"unicode"
)

func titleCase(s string) string {
	small := map[string]bool{"a": true, "an": true, "the": true, "of": true, "and": true, "in": true}
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		if i > 0 && small[w] {
			continue
		}
		runes := []rune(w)
		runes[0] = unicode.ToUpper(runes[0])
		words[i] = string(runes)
	}
	return strings.Join(words, " ")
}

func box(lines []string) string {
	width := 0
	for _, l := range lines {
		width = max(width, len(l))
	}
	var b strings.Builder
	border := "+" + strings.Repeat("-", width+2) + "+\n"
	b.WriteString(border)
	for _, l := range lines {
		fmt.Fprintf(&b, "| %-*s |\n", width, l)
	}
	b.WriteString(border)
	return b.String()
}

func main() {
	fmt.Println(titleCase("the lord OF the rings"))
	fmt.Println(titleCase("  a tale   of two cities "))

	path := "/usr/local/share/go/doc"
	parts := strings.Split(path, "/")
	fmt.Printf("%d parts: %q\n", len(parts), parts)
	fmt.Println(strings.Join(parts[1:3], "::"))
	fmt.Printf("%q\n", strings.SplitN("a=b=c=d", "=", 2))
	fmt.Printf("%q\n", strings.SplitAfter("1,2,3", ","))

	s := "foo bar foo baz foo"
	fmt.Println(strings.Replace(s, "foo", "qux", 2))
	fmt.Println(strings.ReplaceAll(s, "foo", "x"))
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	fmt.Println(r.Replace("<a href=\"x\">Tom & Jerry</a>"))

	trimmed := strings.TrimFunc("***123abc456!!!", func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	fmt.Println(trimmed)
	fmt.Println(strings.TrimLeftFunc("0007040", func(r rune) bool { return r == '0' }))
	fmt.Printf("[%s] [%s] [%s]\n", strings.TrimSpace("  pad  "), strings.TrimPrefix("v1.2.3", "v"), strings.TrimSuffix("main.go", ".go"))

	fmt.Print(box([]string{"Report", "items: 42", "status: ok"}))

	fmt.Println(strings.Count("cheese", "e"), strings.Index("chicken", "ken"), strings.LastIndex("go gopher", "go"))
	fmt.Println(strings.HasPrefix("golang", "go"), strings.Contains("seafood", "foo"), strings.EqualFold("Go", "GO"))
	fmt.Println(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return '_'
		}
		return unicode.ToUpper(r)
	}, "snake case me"))
	before, after, found := strings.Cut("user@example.com", "@")
	fmt.Println(before, after, found)
	fmt.Println(strings.Fields(" \t many\n  spaced   words "))
	fmt.Println(strings.Repeat("ab", 3) + strings.Repeat("=", 5))
}

// Output:
// The Lord of the Rings
// A Tale of Two Cities
// 6 parts: ["" "usr" "local" "share" "go" "doc"]
// usr::local
// ["a" "b=c=d"]
// ["1," "2," "3"]
// qux bar qux baz foo
// x bar x baz x
// &lt;a href="x"&gt;Tom &amp; Jerry&lt;/a&gt;
// 123abc456
// 7040
// [pad] [1.2.3] [main]
// +------------+
// | Report     |
// | items: 42  |
// | status: ok |
// +------------+
// 3 4 3
// true true true
// SNAKE_CASE_ME
// user example.com true
// [many spaced words]
// ababab=====
