//go:build amd64 && !purego

#include "textflag.h"
#include "expneg64_amd64.h"

// SoftplusLanes's loop in AVX2, one term in each of 4 lanes at a time.
// Every operation is the portable code's (softplus.go, ExpNeg in exp.go)
// in the same order, each rounded once (no fused multiply-add), so that
// every lane is bit for bit the loop's; the exponential is EXPNEG64
// (expneg64_amd64.h), as in the float64 sigmoid.

// SOFTPLUS4 adds 0.5·(v + |v|) to the lanes of Y12 and multiplies those of
// Y13 by 1 + ExpNeg(−min(|v|, 708)), for the 4 lanes v of Y0; Y14 holds ½
// and Y15 1 in every lane, R10 the address of exp2Table. Clobbers Y1-Y5,
// Y7, Y8.
#define SOFTPLUS4 \
	VANDPD     abs64<>(SB), Y0, Y1 \
	VADDPD     Y1, Y0, Y2 \
	VMULPD     Y14, Y2, Y2 \
	VADDPD     Y2, Y12, Y12 \
	VMINPD     lim64<>(SB), Y1, Y1 \
	VXORPD     Y2, Y2, Y2 \
	VSUBPD     Y1, Y2, Y1 \
	EXPNEG64 \
	VADDPD     Y15, Y4, Y4 \
	VMULPD     Y4, Y13, Y13

// SOFTPLUS_SETUP loads the lanes of lin (R8) and prod (R9) into Y12 and
// Y13, and the registers SOFTPLUS4 reads; it keeps n (CX) in BX.
#define SOFTPLUS_SETUP \
	LEAQ    ·exp2Table(SB), R10 \
	VMOVUPD (R8), Y12 \
	VMOVUPD (R9), Y13 \
	VMOVUPD one64<>(SB), Y15 \
	VMOVUPD half64<>(SB), Y14 \
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
