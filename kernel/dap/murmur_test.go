package dap

import "testing"

// The expected values are what the Jupyter front end and ipykernel compute
// for the same text and seed.
func TestMurmur2(t *testing.T) {
	for _, c := range []struct {
		s    string
		seed uint32
		want uint32
	}{
		{"", 0, 0},
		{"x := 1", HashSeed, 2984684956},
		{"fmt.Println(\"hello\")\nx := 42\n", HashSeed, 29009631},
		{"abc", 1, 1621425345},
		{"abcd", 3735928559, 3776755315},
		{"abcde", 0, 1594468574},
	} {
		if got := Murmur2(c.s, c.seed); got != c.want {
			t.Errorf("Murmur2(%q, %#x) = %d, want %d", c.s, c.seed, got, c.want)
		}
	}
}

// A non-ASCII character counts as the low byte of its UTF-16 code unit,
// as in the front end: "é" hashes as the one byte 0xe9.
func TestMurmur2NonASCII(t *testing.T) {
	if got, want := Murmur2("é", HashSeed), murmur2([]byte{0xe9}, HashSeed); got != want {
		t.Errorf("Murmur2(é) = %d, want %d", got, want)
	}
}

func TestNamingPath(t *testing.T) {
	n := Naming{Prefix: "/tmp/rbm-kernel_7/", Suffix: ".go"}
	if got, want := n.Path("x := 1"), "/tmp/rbm-kernel_7/2984684956.go"; got != want {
		t.Errorf("Path = %q, want %q", got, want)
	}
}
