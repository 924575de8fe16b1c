// The float64 exponential of the AVX2 kernels (simd_amd64.s,
// softplus_amd64.s): ExpNeg (exp.go) four lanes at a time, bit for bit.

// SPLAT4 defines the 32-byte read-only symbol sym<> holding the 8-byte
// value v in each of its 4 lanes.
#define SPLAT4(sym, v) \
	DATA sym<>+0(SB)/8, v \
	DATA sym<>+8(SB)/8, v \
	DATA sym<>+16(SB)/8, v \
	DATA sym<>+24(SB)/8, v \
	GLOBL sym<>(SB), RODATA|NOPTR, $32

// Constants of the float64 exponential, each repeated in 4 lanes (32 bytes).
// |x| mask
SPLAT4(abs64, $0x7fffffffffffffff)

// 1
SPLAT4(one64, $0x3ff0000000000000)

// 708: z = max(−|x|, −708) = −min(|x|, 708)
SPLAT4(lim64, $0x4086200000000000)

// 64/ln 2
SPLAT4(c64x, $0x40571547652b82fe)

// 1.5·2⁵², whose addition rounds to an integer
SPLAT4(shift64, $0x4338000000000000)

// ln2/64 in two parts
SPLAT4(ln2a, $0x3f862e42fec00000)

SPLAT4(ln2b, $0x3d9d1cf79abc9e3b)

// 1/120
SPLAT4(d120, $0x3f81111111111111)

// 1/24
SPLAT4(d24, $0x3fa5555555555555)

// 1/6
SPLAT4(d6, $0x3fc5555555555555)

// 1/2
SPLAT4(half64, $0x3fe0000000000000)

// 63, the table index mask
SPLAT4(m63, $0x000000000000003f)


// EXPNEG64 sets the 4 lanes of Y4 to ExpNeg(z) for the 4 lanes z of Y1
// (−708 ≤ z ≤ 0): the operations of ExpNeg in exp.go in the same order,
// each rounded once (no fused multiply-add), so every lane is bit for bit
// the scalar result. k = round(64z/ln2) is read from the bits of
// z·64/ln2 + 1.5·2⁵² (their difference from 1.5·2⁵²'s bits), 2^{i/64}
// gathered from exp2Table, and 2^m, m = k>>6, added to the exponent bits
// as (k &^ 63) << 46. Y15 holds 1 in every lane and R10 the address of
// exp2Table. Clobbers Y2, Y3, Y5, Y7, Y8.
#define EXPNEG64 \
	VMULPD    c64x<>(SB), Y1, Y2 \
	VADDPD    shift64<>(SB), Y2, Y2 \
	VPSUBQ    shift64<>(SB), Y2, Y7 \
	VSUBPD    shift64<>(SB), Y2, Y2 \
	VMULPD    ln2a<>(SB), Y2, Y3 \
	VSUBPD    Y3, Y1, Y3 \
	VMULPD    ln2b<>(SB), Y2, Y4 \
	VSUBPD    Y4, Y3, Y3 \
	VMULPD    d120<>(SB), Y3, Y4 \
	VADDPD    d24<>(SB), Y4, Y4 \
	VMULPD    Y4, Y3, Y4 \
	VADDPD    d6<>(SB), Y4, Y4 \
	VMULPD    Y4, Y3, Y4 \
	VADDPD    half64<>(SB), Y4, Y4 \
	VMULPD    Y4, Y3, Y4 \
	VADDPD    Y15, Y4, Y4 \
	VMULPD    Y4, Y3, Y4 \
	VADDPD    Y15, Y4, Y4 \
	VPAND     m63<>(SB), Y7, Y8 \
	VPCMPEQQ  Y5, Y5, Y5 \
	VXORPD    Y2, Y2, Y2 \
	VGATHERQPD Y5, (R10)(Y8*8), Y2 \
	VMULPD    Y2, Y4, Y4 \
	VPANDN    Y7, Y8, Y7 \
	VPSLLQ    $46, Y7, Y7 \
	VPADDQ    Y7, Y4, Y4
