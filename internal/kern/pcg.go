package kern

import (
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
)

// Fill draws a long chunk of uniforms from its *rand.PCG by stepping the
// generator itself, two outputs at a time. rand.PCG.Uint64 is one step of
// a 128-bit linear congruential generator, s ← a·s + c mod 2¹²⁸, whose
// multiplications make a chain in which every output waits for the one
// before. Two steps are one step of the generator with a² and (a + 1)·c,
// so the even and the odd states form two chains that run side by side:
// the same states, hence the same outputs in the same order
// (TestUniformsFill checks them against Uint64's), in about two thirds of
// the time. Fill reads the source's state once (AppendBinary), and writes
// back the last state it used (Seed, which sets it), so the source then
// goes on as if Uint64 had been called once per output.

// The generator of math/rand/v2's PCG: the multiplier a and increment c,
// a² and (a + 1)·c (two steps at once), in 64-bit halves, and the
// multiplier of the DXSM output permutation.
const (
	pcgMulHi  = 0x2360ed051fc65da4
	pcgMulLo  = 0x4385df649fccf645
	pcgIncHi  = 0x5851f42d4c957f2d
	pcgIncLo  = 0x14057b7ef767814f
	pcgMul2Hi = 0x17bce35bdf69743c
	pcgMul2Lo = 0x529ed9eb20e0ae99
	pcgInc2Hi = 0x4871bec9994273f8
	pcgInc2Lo = 0xac1f8a1c3883459a
	pcgDXSM   = 0xda942042e4dd58b5
)

// pcgState returns the 128-bit state of src, read from its binary form
// ("pcg:", then the high and the low 64 bits, big-endian); ok is false if
// the form is not that one.
func pcgState(src *rand.PCG) (hi, lo uint64, ok bool) {
	var buf [20]byte
	b, err := src.AppendBinary(buf[:0])
	if err != nil || len(b) != 20 || string(b[:4]) != "pcg:" {
		return 0, 0, false
	}
	return binary.BigEndian.Uint64(b[4:12]), binary.BigEndian.Uint64(b[12:20]), true
}

// pcgStep returns m·s + c mod 2¹²⁸ for s = (hi, lo).
func pcgStep(hi, lo, mHi, mLo, cHi, cLo uint64) (uint64, uint64) {
	h, l := bits.Mul64(lo, mLo)
	h += hi*mLo + lo*mHi
	l, carry := bits.Add64(l, cLo, 0)
	h, _ = bits.Add64(h, cHi, carry)
	return h, l
}

// pcgOut is the output of state (hi, lo): DXSM, the "double xorshift
// multiply" of the high half, times the low half made odd.
func pcgOut(hi, lo uint64) uint64 {
	hi ^= hi >> 32
	hi *= pcgDXSM
	hi ^= hi >> 48
	return hi * (lo | 1)
}

// fastFill is the shortest Fill that steps the generator itself (reading
// and writing the state costs about as much as ten outputs).
const fastFill = 32

// fillPCG is Fill for len(dst) ≥ fastFill; it reports false, drawing
// nothing, if the state cannot be read.
func (u *Uniforms[T]) fillPCG(dst []T) bool {
	lh, ll, ok := pcgState(u.src) // the last state used
	if !ok {
		return false
	}
	i := 0
	if Is32[T]() && u.has {
		dst[0] = T(float32(uint32(u.spare)>>8) * 0x1p-24)
		u.has = false
		i = 1
	}
	// a and b: the states of the next two outputs.
	ah, al := pcgStep(lh, ll, pcgMulHi, pcgMulLo, pcgIncHi, pcgIncLo)
	bh, bl := pcgStep(ah, al, pcgMulHi, pcgMulLo, pcgIncHi, pcgIncLo)
	if !Is32[T]() {
		for ; i+1 < len(dst); i += 2 {
			dst[i] = T(float64(pcgOut(ah, al)>>11) * 0x1p-53)
			dst[i+1] = T(float64(pcgOut(bh, bl)>>11) * 0x1p-53)
			lh, ll = bh, bl
			ah, al = pcgStep(ah, al, pcgMul2Hi, pcgMul2Lo, pcgInc2Hi, pcgInc2Lo)
			bh, bl = pcgStep(bh, bl, pcgMul2Hi, pcgMul2Lo, pcgInc2Hi, pcgInc2Lo)
		}
		if i < len(dst) {
			dst[i] = T(float64(pcgOut(ah, al)>>11) * 0x1p-53)
			lh, ll = ah, al
		}
		u.src.Seed(lh, ll)
		return true
	}
	for ; i+3 < len(dst); i += 4 {
		r, q := pcgOut(ah, al), pcgOut(bh, bl)
		dst[i] = T(float32(r>>40) * 0x1p-24)
		dst[i+1] = T(float32(uint32(r)>>8) * 0x1p-24)
		dst[i+2] = T(float32(q>>40) * 0x1p-24)
		dst[i+3] = T(float32(uint32(q)>>8) * 0x1p-24)
		lh, ll = bh, bl
		ah, al = pcgStep(ah, al, pcgMul2Hi, pcgMul2Lo, pcgInc2Hi, pcgInc2Lo)
		bh, bl = pcgStep(bh, bl, pcgMul2Hi, pcgMul2Lo, pcgInc2Hi, pcgInc2Lo)
	}
	// 0 to 3 left: one output of a gives two (or one and the spare), one
	// of b the rest.
	for _, s := range [2][2]uint64{{ah, al}, {bh, bl}} {
		if i >= len(dst) {
			break
		}
		r := pcgOut(s[0], s[1])
		lh, ll = s[0], s[1]
		dst[i] = T(float32(r>>40) * 0x1p-24)
		if i+1 < len(dst) {
			dst[i+1] = T(float32(uint32(r)>>8) * 0x1p-24)
		} else {
			u.spare, u.has = r, true
		}
		i += 2
	}
	u.src.Seed(lh, ll)
	return true
}
