//go:build amd64 && !purego

#include "textflag.h"

// SoftplusLanes's loop in AVX2, one term in each of 4 lanes at a time.
// Every operation is the portable code's (softplus.go, ExpNeg in exp.go)
// in the same order, each rounded once (no fused multiply-add), so that
// every lane is bit for bit the loop's; the steps of ExpNeg are those of
// SIGMOID64 in simd_amd64.s: k = round(64z/ln2) read from the bits of
// z·64/ln2 + 1.5·2⁵², 2^{i/64} gathered from exp2Table, and 2^m, m = k>>6,
// added to the exponent bits as (k &^ 63) << 46.

// SPLAT4 defines the 32-byte read-only symbol sym<> holding the 8-byte
// value v in each of its 4 lanes.
#define SPLAT4(sym, v) \
	DATA sym<>+0(SB)/8, v \
	DATA sym<>+8(SB)/8, v \
	DATA sym<>+16(SB)/8, v \
	DATA sym<>+24(SB)/8, v \
	GLOBL sym<>(SB), RODATA|NOPTR, $32

SPLAT4(spAbs, $0x7fffffffffffffff)   // |x| mask
SPLAT4(spOne, $0x3ff0000000000000)   // 1
SPLAT4(spHalf, $0x3fe0000000000000)  // 1/2
SPLAT4(spLim, $0x4086200000000000)   // 708
SPLAT4(spC64x, $0x40571547652b82fe)  // 64/ln 2
SPLAT4(spShift, $0x4338000000000000) // 1.5·2⁵²
SPLAT4(spLn2a, $0x3f862e42fec00000)  // ln2/64, first part
SPLAT4(spLn2b, $0x3d9d1cf79abc9e3b)  // ln2/64, second part
SPLAT4(spD120, $0x3f81111111111111)  // 1/120
SPLAT4(spD24, $0x3fa5555555555555)   // 1/24
SPLAT4(spD6, $0x3fc5555555555555)    // 1/6
SPLAT4(spM63, $0x000000000000003f)   // 63, the table index mask

// SOFTPLUS4 adds 0.5·(v + |v|) to the lanes of Y12 and multiplies those of
// Y13 by 1 + ExpNeg(−min(|v|, 708)), for the 4 lanes v of Y0; Y14 holds ½
// and Y15 1 in every lane, R10 the address of exp2Table. Clobbers Y1-Y5,
// Y7, Y8.
#define SOFTPLUS4 \
	VANDPD     spAbs<>(SB), Y0, Y1 \
	VADDPD     Y1, Y0, Y2 \
	VMULPD     Y14, Y2, Y2 \
	VADDPD     Y2, Y12, Y12 \
	VMINPD     spLim<>(SB), Y1, Y1 \
	VXORPD     Y2, Y2, Y2 \
	VSUBPD     Y1, Y2, Y1 \
	VMULPD     spC64x<>(SB), Y1, Y2 \
	VADDPD     spShift<>(SB), Y2, Y2 \
	VPSUBQ     spShift<>(SB), Y2, Y7 \
	VSUBPD     spShift<>(SB), Y2, Y2 \
	VMULPD     spLn2a<>(SB), Y2, Y3 \
	VSUBPD     Y3, Y1, Y3 \
	VMULPD     spLn2b<>(SB), Y2, Y4 \
	VSUBPD     Y4, Y3, Y3 \
	VMULPD     spD120<>(SB), Y3, Y4 \
	VADDPD     spD24<>(SB), Y4, Y4 \
	VMULPD     Y4, Y3, Y4 \
	VADDPD     spD6<>(SB), Y4, Y4 \
	VMULPD     Y4, Y3, Y4 \
	VADDPD     Y14, Y4, Y4 \
	VMULPD     Y4, Y3, Y4 \
	VADDPD     Y15, Y4, Y4 \
	VMULPD     Y4, Y3, Y4 \
	VADDPD     Y15, Y4, Y4 \
	VPAND      spM63<>(SB), Y7, Y8 \
	VPCMPEQQ   Y5, Y5, Y5 \
	VXORPD     Y2, Y2, Y2 \
	VGATHERQPD Y5, (R10)(Y8*8), Y2 \
	VMULPD     Y2, Y4, Y4 \
	VPANDN     Y7, Y8, Y7 \
	VPSLLQ     $46, Y7, Y7 \
	VPADDQ     Y7, Y4, Y4 \
	VADDPD     Y15, Y4, Y4 \
	VMULPD     Y4, Y13, Y13

// SOFTPLUS_SETUP loads the lanes of lin (R8) and prod (R9) into Y12 and
// Y13, and the registers SOFTPLUS4 reads; it keeps n (CX) in BX.
#define SOFTPLUS_SETUP \
	LEAQ    ·exp2Table(SB), R10 \
	VMOVUPD (R8), Y12 \
	VMOVUPD (R9), Y13 \
	VMOVUPD spOne<>(SB), Y15 \
	VMOVUPD spHalf<>(SB), Y14 \
	MOVQ    CX, BX

// func softplus64AVX2(y *float64, n int, lin, prod *[4]float64) int
TEXT ·softplus64AVX2(SB), NOSPLIT, $0-40
	MOVQ y+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ lin+16(FP), R8
	MOVQ prod+24(FP), R9
	SOFTPLUS_SETUP

spLoop:
	CMPQ    CX, $4
	JL      spDone
	VMOVUPD (SI), Y0
	SOFTPLUS4
	ADDQ    $32, SI
	SUBQ    $4, CX
	JMP     spLoop

spDone:
	VMOVUPD Y12, (R8)
	VMOVUPD Y13, (R9)
	SUBQ    CX, BX
	MOVQ    BX, ret+32(FP)
	VZEROUPPER
	RET

// func softplusShift64AVX2(a, y *float64, n int, lin, prod *[4]float64) int
TEXT ·softplusShift64AVX2(SB), NOSPLIT, $0-48
	MOVQ a+0(FP), DI
	MOVQ y+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ lin+24(FP), R8
	MOVQ prod+32(FP), R9
	SOFTPLUS_SETUP

sqLoop:
	CMPQ    CX, $4
	JL      sqDone
	VMOVUPD (DI), Y0
	VADDPD  (SI), Y0, Y0
	SOFTPLUS4
	ADDQ    $32, DI
	ADDQ    $32, SI
	SUBQ    $4, CX
	JMP     sqLoop

sqDone:
	VMOVUPD Y12, (R8)
	VMOVUPD Y13, (R9)
	SUBQ    CX, BX
	MOVQ    BX, ret+40(FP)
	VZEROUPPER
	RET
