// unicode and utf8: rune counting, reversing strings by rune, classification and decoding.
package main

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

func isPalindrome(s string) bool {
	var clean []rune
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			clean = append(clean, unicode.ToLower(r))
		}
	}
	for i, j := 0, len(clean)-1; i < j; i, j = i+1, j-1 {
		if clean[i] != clean[j] {
			return false
		}
	}
	return true
}

func classify(s string) string {
	var letters, digits, spaces, punct, upper, other int
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			letters++
			if unicode.IsUpper(r) {
				upper++
			}
		case unicode.IsDigit(r):
			digits++
		case unicode.IsSpace(r):
			spaces++
		case unicode.IsPunct(r):
			punct++
		default:
			other++
		}
	}
	return fmt.Sprintf("letters=%d upper=%d digits=%d spaces=%d punct=%d other=%d",
		letters, upper, digits, spaces, punct, other)
}

func main() {
	samples := []string{"hello", "héllo wörld", "日本語", "Go 🚀!"}
	for _, s := range samples {
		fmt.Printf("%-12q bytes=%2d runes=%d reversed=%q\n", s, len(s), utf8.RuneCountInString(s), reverse(s))
	}

	for i, r := range "aé日🚀" {
		fmt.Printf("index %d: %c U+%04X width=%d\n", i, r, r, utf8.RuneLen(r))
	}

	for _, p := range []string{"A man, a plan, a canal: Panama", "Was it a car or a cat I saw?", "Gopher"} {
		fmt.Printf("%q palindrome=%v\n", p, isPalindrome(p))
	}

	fmt.Println(classify("Hello, World! 2024 — ÄÖÜ €5"))

	b := []byte("€uro")
	r, size := utf8.DecodeRune(b)
	fmt.Printf("first rune %c size %d\n", r, size)
	last, lsize := utf8.DecodeLastRuneInString("naïve")
	fmt.Printf("last rune %c size %d\n", last, lsize)

	bad := string([]byte{'o', 'k', 0xff, '!'})
	fmt.Println("valid:", utf8.ValidString(bad), utf8.ValidString("ok"))
	for _, r := range bad {
		if r == utf8.RuneError {
			fmt.Println("found RuneError", r == '\uFFFD')
		}
	}
	fmt.Println(strings.ToValidUTF8(bad, "?"))

	enc := utf8.AppendRune(nil, 'ß')
	fmt.Printf("% x %v\n", enc, utf8.FullRune(enc[:1]))
	fmt.Println(strings.ToUpper("straße"), strings.ToLower("ÀÉÎ"), string(unicode.ToTitle('ǆ')))
	fmt.Println(unicode.Is(unicode.Han, '語'), unicode.In('λ', unicode.Greek, unicode.Cyrillic), unicode.IsControl('\t'))
}

// Output:
// "hello"      bytes= 5 runes=5 reversed="olleh"
// "héllo wörld" bytes=13 runes=11 reversed="dlröw olléh"
// "日本語"        bytes= 9 runes=3 reversed="語本日"
// "Go 🚀!"      bytes= 8 runes=5 reversed="!🚀 oG"
// index 0: a U+0061 width=1
// index 1: é U+00E9 width=2
// index 3: 日 U+65E5 width=3
// index 6: 🚀 U+1F680 width=4
// "A man, a plan, a canal: Panama" palindrome=true
// "Was it a car or a cat I saw?" palindrome=true
// "Gopher" palindrome=false
// letters=13 upper=5 digits=5 spaces=5 punct=3 other=1
// first rune € size 3
// last rune e size 1
// valid: false true
// found RuneError true
// ok?!
// c3 9f false
// STRAßE àéî ǅ
// true true true
