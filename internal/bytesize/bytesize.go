// Package bytesize reads and writes amounts of memory or disk as people
// write them: "512MiB", "12GiB", "8G", "2e9".
package bytesize

import (
	"fmt"
	"strconv"
	"strings"
)

// units are the multipliers of the suffixes Parse takes, in lower case:
// decimal (KB = 10³) and binary (KiB = 2¹⁰), with the B optional.
var units = map[string]float64{
	"": 1, "b": 1,
	"k": 1e3, "kb": 1e3, "m": 1e6, "mb": 1e6, "g": 1e9, "gb": 1e9, "t": 1e12, "tb": 1e12,
	"ki": 1 << 10, "kib": 1 << 10, "mi": 1 << 20, "mib": 1 << 20, "gi": 1 << 30, "gib": 1 << 30, "ti": 1 << 40, "tib": 1 << 40,
}

// Parse reads a positive number of bytes with an optional unit (B, KiB,
// MiB, GiB, TiB, or KB, MB, GB, TB; case and spaces do not matter). Its
// errors say what is wrong, without the name of the setting, which the
// caller adds.
func Parse(s string) (uint64, error) {
	s = strings.TrimSpace(s)
	i := strings.IndexFunc(s, func(r rune) bool { return strings.ContainsRune(" BbKkMmGgTtIi", r) })
	if i < 0 {
		i = len(s)
	}
	num, unit := s[:i], strings.ToLower(strings.TrimSpace(s[i:]))
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f <= 0 {
		return 0, fmt.Errorf("want a positive number of bytes with an optional unit (512MiB, 12GiB, 8G)")
	}
	mult, ok := units[unit]
	if !ok {
		return 0, fmt.Errorf("unknown unit %q (B, KiB, MiB, GiB, TiB, or KB, MB, GB, TB)", unit)
	}
	return uint64(f * mult), nil
}

// Format writes n in binary units with three significant digits: "512 B",
// "1.5 KiB", "12 GiB".
func Format(n uint64) string {
	names := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	f, i := float64(n), 0
	for f >= 1024 && i < len(names)-1 {
		f /= 1024
		i++
	}
	if i == 0 {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%.3g %s", f, names[i])
}
