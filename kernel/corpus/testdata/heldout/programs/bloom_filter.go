// A Bloom filter using FNV-1a double hashing, measuring its false-positive rate on a fixed word set.
package main

import (
	"fmt"
	"hash/fnv"
	"math"
)

type Bloom struct {
	bits []uint64
	m    uint32
	k    uint32
	n    int
}

func NewBloom(expected int, fpRate float64) *Bloom {
	m := uint32(math.Ceil(-float64(expected) * math.Log(fpRate) / (math.Ln2 * math.Ln2)))
	k := uint32(math.Round(float64(m) / float64(expected) * math.Ln2))
	if k < 1 {
		k = 1
	}
	return &Bloom{bits: make([]uint64, (m+63)/64), m: m, k: k}
}

func hashes(s string) (uint32, uint32) {
	h1 := fnv.New32a()
	h1.Write([]byte(s))
	h2 := fnv.New32()
	h2.Write([]byte(s))
	return h1.Sum32(), h2.Sum32() | 1
}

func (b *Bloom) positions(s string) []uint32 {
	a, c := hashes(s)
	pos := make([]uint32, b.k)
	for i := uint32(0); i < b.k; i++ {
		pos[i] = (a + i*c) % b.m
	}
	return pos
}

func (b *Bloom) Add(s string) {
	for _, p := range b.positions(s) {
		b.bits[p/64] |= 1 << (p % 64)
	}
	b.n++
}

func (b *Bloom) MayContain(s string) bool {
	for _, p := range b.positions(s) {
		if b.bits[p/64]&(1<<(p%64)) == 0 {
			return false
		}
	}
	return true
}

func (b *Bloom) FillRatio() float64 {
	set := 0
	for _, w := range b.bits {
		for ; w != 0; w &= w - 1 {
			set++
		}
	}
	return float64(set) / float64(b.m)
}

func main() {
	h := fnv.New64a()
	h.Write([]byte("hello"))
	fmt.Printf("fnv64a(hello) = %016x\n", h.Sum64())
	a, c := hashes("hello")
	fmt.Printf("fnv32a(hello) = %08x, fnv32|1 = %08x\n", a, c)

	bf := NewBloom(200, 0.02)
	fmt.Printf("m=%d bits, k=%d hashes, %d words\n", bf.m, bf.k, len(bf.bits))

	for i := 0; i < 200; i++ {
		bf.Add(fmt.Sprintf("user-%03d", i))
	}
	missing := 0
	for i := 0; i < 200; i++ {
		if !bf.MayContain(fmt.Sprintf("user-%03d", i)) {
			missing++
		}
	}
	fmt.Println("false negatives:", missing)
	fmt.Printf("fill ratio: %.4f\n", bf.FillRatio())

	fp := 0
	const probes = 5000
	for i := 0; i < probes; i++ {
		if bf.MayContain(fmt.Sprintf("guest-%04d", i)) {
			fp++
		}
	}
	fmt.Printf("false positives: %d/%d (%.2f%%)\n", fp, probes, 100*float64(fp)/probes)
	expected := math.Pow(1-math.Exp(-float64(bf.k)*float64(bf.n)/float64(bf.m)), float64(bf.k))
	fmt.Printf("theoretical rate: %.2f%%\n", 100*expected)

	for _, w := range []string{"user-007", "user-199", "user-200", "admin", "guest-0001"} {
		fmt.Printf("%-10s -> %v %v\n", w, bf.MayContain(w), bf.positions(w)[:3])
	}
}

// Output:
// fnv64a(hello) = a430d84680aabd0b
// fnv32a(hello) = 4f9f2cab, fnv32|1 = b6fa7167
// m=1629 bits, k=6 hashes, 26 words
// false negatives: 0
// fill ratio: 0.5138
// false positives: 93/5000 (1.86%)
// theoretical rate: 2.01%
// user-007   -> true [1270 569 1497]
// user-199   -> true [20 532 697]
// user-200   -> false [792 720 648]
// admin      -> false [473 1551 1347]
// guest-0001 -> false [389 236 83]
