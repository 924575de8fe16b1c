// Bit manipulation: popcount, power-of-two tests, bit reversal, gray codes, and subset enumeration.
package main

import (
	"fmt"
	"math/bits"
	"strings"
)

func popcount(x uint64) int {
	n := 0
	for x != 0 {
		x &= x - 1
		n++
	}
	return n
}

func isPow2(x uint) bool { return x != 0 && x&(x-1) == 0 }

func nextPow2(x uint32) uint32 {
	if x == 0 {
		return 1
	}
	x--
	x |= x >> 1
	x |= x >> 2
	x |= x >> 4
	x |= x >> 8
	x |= x >> 16
	return x + 1
}

func reverse8(b uint8) uint8 {
	var r uint8
	for i := 0; i < 8; i++ {
		r = r<<1 | b&1
		b >>= 1
	}
	return r
}

func gray(n uint) uint { return n ^ n>>1 }

func fromGray(g uint) uint {
	n := g
	for s := g >> 1; s != 0; s >>= 1 {
		n ^= s
	}
	return n
}

func main() {
	for _, x := range []uint64{0, 1, 7, 255, 1 << 40, 0xdeadbeef, ^uint64(0)} {
		fmt.Printf("popcount(%#x)=%d bits.OnesCount=%d\n", x, popcount(x), bits.OnesCount64(x))
	}

	var pows []string
	for x := uint(0); x <= 20; x++ {
		if isPow2(x) {
			pows = append(pows, fmt.Sprint(x))
		}
	}
	fmt.Println("powers of two <= 20:", strings.Join(pows, ","))
	fmt.Println("nextPow2:", nextPow2(0), nextPow2(1), nextPow2(5), nextPow2(64), nextPow2(1000))

	for _, b := range []uint8{0b00000001, 0b10110000, 0xF0} {
		fmt.Printf("reverse %08b -> %08b (bits.Reverse8 %08b)\n", b, reverse8(b), bits.Reverse8(b))
	}

	var codes []string
	for n := uint(0); n < 8; n++ {
		g := gray(n)
		if fromGray(g) != n {
			panic("gray roundtrip failed")
		}
		codes = append(codes, fmt.Sprintf("%03b", g))
	}
	fmt.Println("gray:", strings.Join(codes, " "))

	items := []string{"a", "b", "c", "d"}
	var subsets []string
	for mask := 0; mask < 1<<len(items); mask++ {
		if bits.OnesCount(uint(mask)) != 2 {
			continue
		}
		var s []string
		for i := range items {
			if mask&(1<<i) != 0 {
				s = append(s, items[i])
			}
		}
		subsets = append(subsets, "{"+strings.Join(s, "")+"}")
	}
	fmt.Println("2-subsets:", strings.Join(subsets, " "))

	x := uint16(0b1011_0110_0000_1000)
	fmt.Printf("x=%016b lowest set bit=%016b trailing zeros=%d leading zeros=%d\n",
		x, x&-x, bits.TrailingZeros16(x), bits.LeadingZeros16(x))
	fmt.Printf("rotate left 4: %016b\n", bits.RotateLeft16(x, 4))

	var s int8 = -100
	fmt.Println("int8 shifts:", s>>1, s>>3, s<<1, uint8(s), uint8(s)>>1)
	a, b := 0b1100, 0b1010
	fmt.Printf("and=%04b or=%04b xor=%04b andnot=%04b\n", a&b, a|b, a^b, a&^b)

	hi, lo := bits.Mul64(0xFFFFFFFFFFFFFFFF, 3)
	fmt.Printf("mul64: hi=%d lo=%#x\n", hi, lo)
	sum, carry := bits.Add64(1<<63, 1<<63, 1)
	fmt.Println("add64:", sum, carry)
}

// Output:
// popcount(0x0)=0 bits.OnesCount=0
// popcount(0x1)=1 bits.OnesCount=1
// popcount(0x7)=3 bits.OnesCount=3
// popcount(0xff)=8 bits.OnesCount=8
// popcount(0x10000000000)=1 bits.OnesCount=1
// popcount(0xdeadbeef)=24 bits.OnesCount=24
// popcount(0xffffffffffffffff)=64 bits.OnesCount=64
// powers of two <= 20: 1,2,4,8,16
// nextPow2: 1 1 8 64 1024
// reverse 00000001 -> 10000000 (bits.Reverse8 10000000)
// reverse 10110000 -> 00001101 (bits.Reverse8 00001101)
// reverse 11110000 -> 00001111 (bits.Reverse8 00001111)
// gray: 000 001 011 010 110 111 101 100
// 2-subsets: {ab} {ac} {bc} {ad} {bd} {cd}
// x=1011011000001000 lowest set bit=0000000000001000 trailing zeros=3 leading zeros=0
// rotate left 4: 0110000010001011
// int8 shifts: -50 -13 56 156 78
// and=1000 or=1110 xor=0110 andnot=0100
// mul64: hi=2 lo=0xfffffffffffffffd
// add64: 1 1
