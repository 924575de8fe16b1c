// Bit manipulation with math/bits, fixed-width integer wraparound, and binary search.
package main

import (
	"fmt"
	"math"
	"math/bits"
	"sort"
)

func binarySearch(xs []int, target int) (int, bool) {
	lo, hi := 0, len(xs)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if xs[mid] < target {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo, lo < len(xs) && xs[lo] == target
}

func main() {
	for _, x := range []uint32{0, 1, 7, 255, 1 << 31, 0xDEADBEEF} {
		fmt.Printf("0x%08x popcount=%2d lead0=%2d trail0=%2d len=%2d\n",
			x, bits.OnesCount32(x), bits.LeadingZeros32(x), bits.TrailingZeros32(x), bits.Len32(x))
	}
	fmt.Printf("reverse8(0b00010110) = %08b\n", bits.Reverse8(0b00010110))
	fmt.Printf("rotate left 0x12345678 by 8 = %#x\n", bits.RotateLeft32(0x12345678, 8))
	fmt.Printf("rotate right by 4 = %#x\n", bits.RotateLeft32(0x12345678, -4))

	hi, lo := bits.Mul64(math.MaxUint64, 3)
	fmt.Println("MaxUint64*3 = hi", hi, "lo", lo)
	sum, carry := bits.Add64(math.MaxUint64, 1, 0)
	fmt.Println("MaxUint64+1 = sum", sum, "carry", carry)

	var i8 int8 = 127
	i8++
	fmt.Println("int8 127+1 =", i8)
	var u8 uint8 = 0
	u8--
	fmt.Println("uint8 0-1 =", u8)
	var i32 int32 = math.MaxInt32
	i32 += 10
	fmt.Println("int32 max+10 =", i32)
	var u16 uint16 = 300
	u16 *= 300
	fmt.Println("uint16 300*300 =", u16, "want", 300*300%65536)
	i64 := int64(math.MinInt64)
	fmt.Println("-MinInt64 =", -i64, "equal to itself negated:", i64 == -i64)
	big, neg := 200, -1
	fmt.Println("int8(200) =", int8(big), "uint8(-1) =", uint8(neg), "uint32(-1) =", uint32(neg))
	h := uint32(2166136261)
	for _, c := range []byte("hello") {
		h ^= uint32(c)
		h *= 16777619
	}
	fmt.Println("fnv-1a(hello) =", h)
	fmt.Println("shift:", 1<<10, uint8(1)<<7, -17>>2, -17/4, -17%4, uint32(1)<<31>>31)

	// Set operations with a bitmask.
	var set uint16
	for _, v := range []int{1, 3, 5, 7, 11} {
		set |= 1 << v
	}
	other := uint16(1<<3 | 1<<4 | 1<<11)
	fmt.Printf("set=%016b\n", set)
	fmt.Printf("and=%016b or=%016b xor=%016b andnot=%016b\n", set&other, set|other, set^other, set&^other)
	var members []int
	for m := set; m != 0; m &= m - 1 {
		members = append(members, bits.TrailingZeros16(m))
	}
	fmt.Println("members:", members, "size:", bits.OnesCount16(set))
	fmt.Println("power of two 64? 96?", 64&(64-1) == 0, 96&(96-1) == 0)

	xs := []int{2, 3, 5, 7, 11, 13, 17, 19, 23, 29}
	for _, t := range []int{2, 13, 14, 29, 30, 0} {
		idx, found := binarySearch(xs, t)
		std := sort.SearchInts(xs, t)
		fmt.Printf("search %2d -> index %2d found=%-5v agrees=%v\n", t, idx, found, idx == std)
	}
}

// Output:
// 0x00000000 popcount= 0 lead0=32 trail0=32 len= 0
// 0x00000001 popcount= 1 lead0=31 trail0= 0 len= 1
// 0x00000007 popcount= 3 lead0=29 trail0= 0 len= 3
// 0x000000ff popcount= 8 lead0=24 trail0= 0 len= 8
// 0x80000000 popcount= 1 lead0= 0 trail0=31 len=32
// 0xdeadbeef popcount=24 lead0= 0 trail0= 0 len=32
// reverse8(0b00010110) = 01101000
// rotate left 0x12345678 by 8 = 0x34567812
// rotate right by 4 = 0x81234567
// MaxUint64*3 = hi 2 lo 18446744073709551613
// MaxUint64+1 = sum 0 carry 1
// int8 127+1 = -128
// uint8 0-1 = 255
// int32 max+10 = -2147483639
// uint16 300*300 = 24464 want 24464
// -MinInt64 = -9223372036854775808 equal to itself negated: true
// int8(200) = -56 uint8(-1) = 255 uint32(-1) = 4294967295
// fnv-1a(hello) = 1335831723
// shift: 1024 128 -5 -4 -1 1
// set=0000100010101010
// and=0000100000001000 or=0000100010111010 xor=0000000010110010 andnot=0000000010100010
// members: [1 3 5 7 11] size: 5
// power of two 64? 96? true false
// search  2 -> index  0 found=true  agrees=true
// search 13 -> index  5 found=true  agrees=true
// search 14 -> index  6 found=false agrees=true
// search 29 -> index  9 found=true  agrees=true
// search 30 -> index 10 found=false agrees=true
// search  0 -> index  0 found=false agrees=true
