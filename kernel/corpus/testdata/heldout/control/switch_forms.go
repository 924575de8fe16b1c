// Switch statements: fallthrough, tagless switch, type switch, and init statements.
package main

import (
	"fmt"
	"strings"
)

func grade(score int) string {
	switch {
	case score >= 90:
		return "A"
	case score >= 80:
		return "B"
	case score >= 70:
		return "C"
	case score >= 60:
		return "D"
	default:
		return "F"
	}
}

// privileges lists everything granted at a level; higher levels fall through to lower ones.
func privileges(level string) []string {
	var p []string
	switch level {
	case "admin":
		p = append(p, "delete")
		fallthrough
	case "editor":
		p = append(p, "write")
		fallthrough
	case "viewer":
		p = append(p, "read")
	case "banned":
		// nothing
	default:
		p = append(p, "unknown-level")
	}
	return p
}

func classify(r rune) string {
	switch r {
	case 'a', 'e', 'i', 'o', 'u':
		return "vowel"
	case ' ', '\t', '\n':
		return "space"
	}
	switch {
	case r >= '0' && r <= '9':
		return "digit"
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
		return "consonant"
	}
	return "other"
}

func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int:
		if x < 0 {
			return "negative int"
		}
		return fmt.Sprintf("int %d", x)
	case string:
		return fmt.Sprintf("string of len %d", len(x))
	case []int:
		return fmt.Sprintf("slice with %d ints", len(x))
	case error:
		return "error: " + x.Error()
	case fmt.Stringer:
		return "stringer: " + x.String()
	default:
		return fmt.Sprintf("other %T", x)
	}
}

type color int

func (c color) String() string { return [...]string{"red", "green", "blue"}[c] }

func main() {
	for _, s := range []int{95, 85, 75, 65, 55, 90, 60} {
		fmt.Printf("%d->%s ", s, grade(s))
	}
	fmt.Println("|")

	for _, lvl := range []string{"admin", "editor", "viewer", "banned", "guest"} {
		fmt.Printf("%-7s %v\n", lvl, privileges(lvl))
	}

	counts := map[string]int{}
	for _, r := range "Go 1.22, hi!" {
		counts[classify(r)]++
	}
	for _, k := range []string{"vowel", "consonant", "digit", "space", "other"} {
		fmt.Printf("%s=%d ", k, counts[k])
	}
	fmt.Println("|")

	values := []any{nil, 42, -3, "hello", []int{1, 2}, fmt.Errorf("boom"), color(2), 3.14, struct{}{}}
	for _, v := range values {
		fmt.Println(describe(v))
	}

	switch n := strings.Count("mississippi", "s"); {
	case n > 3:
		fmt.Println("many s:", n)
	default:
		fmt.Println("few s:", n)
	}

	x := 5
	switch x % 3 {
	case 0:
		fmt.Println("divisible")
	case 1:
		fmt.Println("remainder one")
	case 2:
		fmt.Println("remainder two")
		if x > 4 {
			break
		}
		fmt.Println("not reached")
	}
}

// Output:
// 95->A 85->B 75->C 65->D 55->F 90->A 60->D |
// admin   [delete write read]
// editor  [write read]
// viewer  [read]
// banned  []
// guest   [unknown-level]
// vowel=2 consonant=2 digit=3 space=2 other=3 |
// nil
// int 42
// negative int
// string of len 5
// slice with 2 ints
// error: boom
// stringer: blue
// other float64
// other struct {}
// many s: 4
// remainder two
