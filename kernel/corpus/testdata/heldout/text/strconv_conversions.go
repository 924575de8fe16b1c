// strconv conversions: Atoi, ParseInt, ParseFloat, ParseBool, FormatInt in several bases, Quote.
package main

import (
	"errors"
	"fmt"
	"strconv"
)

func main() {
	for _, s := range []string{"42", "-17", "007", "12a", "", "99999999999999999999"} {
		n, err := strconv.Atoi(s)
		if err != nil {
			var numErr *strconv.NumError
			if errors.As(err, &numErr) {
				fmt.Printf("Atoi(%q): error func=%s err=%v\n", s, numErr.Func, numErr.Err)
			}
			continue
		}
		fmt.Printf("Atoi(%q) = %d\n", s, n)
	}

	for _, s := range []string{"3.14159", "1e-3", "-0.5", "inf", "NaN", "2.5e10", "abc"} {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			fmt.Println("ParseFloat error:", err)
			continue
		}
		fmt.Printf("ParseFloat(%q) = %v (%s)\n", s, f, strconv.FormatFloat(f, 'f', 2, 64))
	}

	v := int64(255)
	for _, base := range []int{2, 8, 10, 16, 36} {
		fmt.Printf("255 in base %2d: %s\n", base, strconv.FormatInt(v, base))
	}
	fmt.Println(strconv.FormatInt(-3600, 16), strconv.FormatUint(1<<63, 10))

	h, _ := strconv.ParseInt("ff", 16, 64)
	b, _ := strconv.ParseInt("-101101", 2, 64)
	auto, _ := strconv.ParseInt("0x1F", 0, 64)
	_, rangeErr := strconv.ParseInt("300", 10, 8)
	fmt.Println(h, b, auto, rangeErr)

	for _, s := range []string{"true", "F", "1", "yes"} {
		val, err := strconv.ParseBool(s)
		fmt.Println(s, val, err)
	}

	fmt.Println(strconv.Quote("Hello, \"world\"\n\ttab"))
	fmt.Println(strconv.Quote("café ☕"), strconv.QuoteToASCII("café ☕"))
	fmt.Println(strconv.QuoteRune('☺'), strconv.QuoteRuneToASCII('☺'))
	uq, err := strconv.Unquote(`"a\tb\u00e9"`)
	fmt.Printf("%q %v\n", uq, err)
	_, err = strconv.Unquote("not quoted")
	fmt.Println("unquote error:", err)

	buf := []byte("values: ")
	buf = strconv.AppendInt(buf, -7, 10)
	buf = append(buf, ' ')
	buf = strconv.AppendBool(buf, true)
	buf = append(buf, ' ')
	buf = strconv.AppendFloat(buf, 1.0/3, 'g', 5, 64)
	fmt.Println(string(buf))
	fmt.Println(strconv.Itoa(1234) + strconv.Itoa(-56))
	fmt.Println(strconv.FormatFloat(123456.789, 'e', 3, 64), strconv.FormatFloat(0.000012, 'g', -1, 64))
}

// Output:
// Atoi("42") = 42
// Atoi("-17") = -17
// Atoi("007") = 7
// Atoi("12a"): error func=Atoi err=invalid syntax
// Atoi(""): error func=Atoi err=invalid syntax
// Atoi("99999999999999999999"): error func=Atoi err=value out of range
// ParseFloat("3.14159") = 3.14159 (3.14)
// ParseFloat("1e-3") = 0.001 (0.00)
// ParseFloat("-0.5") = -0.5 (-0.50)
// ParseFloat("inf") = +Inf (+Inf)
// ParseFloat("NaN") = NaN (NaN)
// ParseFloat("2.5e10") = 2.5e+10 (25000000000.00)
// ParseFloat error: strconv.ParseFloat: parsing "abc": invalid syntax
// 255 in base  2: 11111111
// 255 in base  8: 377
// 255 in base 10: 255
// 255 in base 16: ff
// 255 in base 36: 73
// -e10 9223372036854775808
// 255 -45 31 strconv.ParseInt: parsing "300": value out of range
// true true <nil>
// F false <nil>
// 1 true <nil>
// yes false strconv.ParseBool: parsing "yes": invalid syntax
// "Hello, \"world\"\n\ttab"
// "café ☕" "caf\u00e9 \u2615"
// '☺' '\u263a'
// "a\tbé" <nil>
// unquote error: invalid syntax
// values: -7 true 0.33333
// 1234-56
// 1.235e+05 1.2e-05
