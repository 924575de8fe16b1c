// Numeric, character and string verbs: %x %X %o %b %e %g %U %c %q with widths, flags and precision.
package main

import (
	"fmt"
	"math"
)

func main() {
	ints := []int{0, 7, 255, -42, 65535}
	for _, n := range ints {
		fmt.Printf("|%6d|%-6d|%06d|%+d|%x|%X|%#x|%o|%O|%b|\n", n, n, n, n, n, n, n, n, n, n)
	}

	floats := []float64{0, 3.14159265, -2.5, 1234567.891, 0.000012345, 1e21}
	for _, f := range floats {
		fmt.Printf("|%08.3f|%-10.2f|%e|%E|%g|%.3g|%G|\n", f, f, f, f, f, f, f)
	}
	fmt.Printf("%v %v %v %.2f\n", math.Inf(1), math.Inf(-1), math.NaN(), math.Pi)
	fmt.Printf("%5.1f%% done, %x %b\n", 99.5, 1.0, 2.0)
	fmt.Printf("%v %.1f %g\n", float32(0.1), float32(2.25), float32(1)/3)

	for _, r := range []rune{'A', 'é', '世', '😀', '\n'} {
		fmt.Printf("%c %U %#U %d %q %x\n", r, r, r, r, r, r)
	}

	strs := []string{"plain", "tab\there", `quote"d`, "héllo", ""}
	for _, s := range strs {
		fmt.Printf("[%-10s][%10s][%.3s][%q][%+q][%x][% x]\n", s, s, s, s, s, s, s)
	}
	fmt.Printf("%#q %#q\n", "back`tick", "no tick")
	fmt.Printf("[%*d] [%-*d] [%.*f]\n", 5, 42, 5, 42, 2, math.E)
	fmt.Printf("%t %v %5t|\n", true, false, true)
	fmt.Printf("%d %x %o\n", uint64(math.MaxUint64), int64(math.MinInt64), uint8(200))
	fmt.Printf("%v %.2f %g\n", complex(1, -2), complex(0.5, 1.25), 3+4i)
	fmt.Printf("%2[1]d %[2]s %[1]x %[3]*[2]s|\n", 12, "abc", 6)
}

// Output:
// |     0|0     |000000|+0|0|0|0x0|0|0o0|0|
// |     7|7     |000007|+7|7|7|0x7|7|0o7|111|
// |   255|255   |000255|+255|ff|FF|0xff|377|0o377|11111111|
// |   -42|-42   |-00042|-42|-2a|-2A|-0x2a|-52|-0o52|-101010|
// | 65535|65535 |065535|+65535|ffff|FFFF|0xffff|177777|0o177777|1111111111111111|
// |0000.000|0.00      |0.000000e+00|0.000000E+00|0|0|0|
// |0003.142|3.14      |3.141593e+00|3.141593E+00|3.14159265|3.14|3.14159265|
// |-002.500|-2.50     |-2.500000e+00|-2.500000E+00|-2.5|-2.5|-2.5|
// |1234567.891|1234567.89|1.234568e+06|1.234568E+06|1.234567891e+06|1.23e+06|1.234567891E+06|
// |0000.000|0.00      |1.234500e-05|1.234500E-05|1.2345e-05|1.23e-05|1.2345E-05|
// |1000000000000000000000.000|1000000000000000000000.00|1.000000e+21|1.000000E+21|1e+21|1e+21|1E+21|
// +Inf -Inf NaN 3.14
//  99.5% done, 0x1p+00 4503599627370496p-51
// 0.1 2.2 0.33333334
// A U+0041 U+0041 'A' 65 'A' 41
// é U+00E9 U+00E9 'é' 233 'é' e9
// 世 U+4E16 U+4E16 '世' 19990 '世' 4e16
// 😀 U+1F600 U+1F600 '😀' 128512 '😀' 1f600
//
//  U+000A U+000A 10 '\n' a
// [plain     ][     plain][pla]["plain"]["plain"][706c61696e][70 6c 61 69 6e]
// [tab	here  ][  tab	here][tab]["tab\there"]["tab\there"][7461620968657265][74 61 62 09 68 65 72 65]
// [quote"d   ][   quote"d][quo]["quote\"d"]["quote\"d"][71756f74652264][71 75 6f 74 65 22 64]
// [héllo     ][     héllo][hél]["héllo"]["h\u00e9llo"][68c3a96c6c6f][68 c3 a9 6c 6c 6f]
// [          ][          ][][""][""][][]
// "back`tick" `no tick`
// [   42] [42   ] [2.72]
// true false  true|
// 18446744073709551615 -8000000000000000 310
// (1-2i) (0.50+1.25i) (3+4i)
// 12 abc c    abc|
