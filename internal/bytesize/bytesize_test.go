package bytesize

import (
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want uint64
	}{
		{"512MiB", 512 << 20}, {"12 GiB", 12 << 30}, {"8G", 8e9}, {"2e9", 2e9},
		{"1.5kib", 1536}, {"100", 100}, {"3 TB", 3e12}, {"4gi", 4 << 30},
	} {
		got, err := Parse(c.in)
		if err != nil || got != c.want {
			t.Errorf("Parse(%q) = %d, %v; want %d", c.in, got, err, c.want)
		}
	}
	for _, c := range []struct{ in, msg string }{
		{"", "positive number"}, {"-1G", "positive number"}, {"0", "positive number"},
		{"12 parsecs", "unknown unit"}, {"many", "positive number"}, {"3 Gb/s", "unknown unit"}, {"7 kibi", "unknown unit"},
	} {
		if _, err := Parse(c.in); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("Parse(%q) error %v, want one that says %q", c.in, err, c.msg)
		}
	}
}

func TestFormat(t *testing.T) {
	for n, want := range map[uint64]string{
		0: "0 B", 1023: "1023 B", 1024: "1 KiB", 1536: "1.5 KiB", 5 << 30: "5 GiB", 700 << 20: "700 MiB",
	} {
		if got := Format(n); got != want {
			t.Errorf("Format(%d) = %q, want %q", n, got, want)
		}
	}
}
