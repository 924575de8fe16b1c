//go:build amd64 && !purego

#include "textflag.h"

// SPLATSD loads the float64 at src into the low lane of x and broadcasts
// it to the four lanes of y.
#define SPLATSD(src, x, y) \
	MOVSD        src, x \
	VBROADCASTSD x, y

// The conversions between the precisions and the SGD step with momentum
// in AVX2 (step_amd64.go), each bit for bit its portable loop: the
// conversions round as Go's conversions do (to nearest, ties to even),
// and the step makes the portable loop's multiplications and additions,
// unfused, in its order.

// func convert64to32AVX2(dst *float32, src *float64, n int)
TEXT ·convert64to32AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX

c6432Loop16:
	CMPQ       CX, $16
	JL         c6432Loop4
	VCVTPD2PSY (SI), X0
	VCVTPD2PSY 32(SI), X1
	VCVTPD2PSY 64(SI), X2
	VCVTPD2PSY 96(SI), X3
	VMOVUPS    X0, (DI)
	VMOVUPS    X1, 16(DI)
	VMOVUPS    X2, 32(DI)
	VMOVUPS    X3, 48(DI)
	ADDQ       $128, SI
	ADDQ       $64, DI
	SUBQ       $16, CX
	JMP        c6432Loop16

c6432Loop4:
	CMPQ       CX, $4
	JL         c6432Done
	VCVTPD2PSY (SI), X0
	VMOVUPS    X0, (DI)
	ADDQ       $32, SI
	ADDQ       $16, DI
	SUBQ       $4, CX
	JMP        c6432Loop4

c6432Done:
	VZEROUPPER
	RET

// func convert32to64AVX2(dst *float64, src *float32, n int)
TEXT ·convert32to64AVX2(SB), NOSPLIT, $0-24
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ n+16(FP), CX

c3264Loop16:
	CMPQ      CX, $16
	JL        c3264Loop4
	VCVTPS2PD (SI), Y0
	VCVTPS2PD 16(SI), Y1
	VCVTPS2PD 32(SI), Y2
	VCVTPS2PD 48(SI), Y3
	VMOVUPD   Y0, (DI)
	VMOVUPD   Y1, 32(DI)
	VMOVUPD   Y2, 64(DI)
	VMOVUPD   Y3, 96(DI)
	ADDQ      $64, SI
	ADDQ      $128, DI
	SUBQ      $16, CX
	JMP       c3264Loop16

c3264Loop4:
	CMPQ      CX, $4
	JL        c3264Done
	VCVTPS2PD (SI), Y0
	VMOVUPD   Y0, (DI)
	ADDQ      $16, SI
	ADDQ      $32, DI
	SUBQ      $4, CX
	JMP       c3264Loop4

c3264Done:
	VZEROUPPER
	RET

// MOMENTUM makes the step of 4 elements with the velocity in Y0, θ in
// Y1 and the gradient in Y2 (float64), Y13 = wd, Y14 = rate, Y15 = mom:
// d = mom·v + rate·(g − wd·θ) into Y0, θ + d into Y1.
#define MOMENTUM \
	VMULPD Y15, Y0, Y0 \
	VMULPD Y13, Y1, Y3 \
	VSUBPD Y3, Y2, Y2 \
	VMULPD Y14, Y2, Y2 \
	VADDPD Y2, Y0, Y0 \
	VADDPD Y0, Y1, Y1

// MOMENTUM_STEP loads four velocities (SI) and parameters (DI), makes
// the MOMENTUM step with the gradient already in Y2, and stores both.
#define MOMENTUM_STEP \
	VMOVUPD (SI), Y0 \
	VMOVUPD (DI), Y1 \
	MOMENTUM \
	VMOVUPD Y0, (SI) \
	VMOVUPD Y1, (DI)

// func momentum32AVX2(th, v *float64, grad, t32 *float32, n int, rate, mom, wd float64)
TEXT ·momentum32AVX2(SB), NOSPLIT, $0-64
	MOVQ         th+0(FP), DI
	MOVQ         v+8(FP), SI
	MOVQ         grad+16(FP), DX
	MOVQ         t32+24(FP), R8
	MOVQ         n+32(FP), CX
	SPLATSD(rate+40(FP), X14, Y14)
	SPLATSD(mom+48(FP), X15, Y15)
	SPLATSD(wd+56(FP), X13, Y13)

m32Loop:
	CMPQ       CX, $4
	JL         m32Done
	VCVTPS2PD  (DX), Y2
	MOMENTUM_STEP
	VCVTPD2PSY Y1, X4
	VMOVUPS    X4, (R8)
	ADDQ       $32, DI
	ADDQ       $32, SI
	ADDQ       $16, DX
	ADDQ       $16, R8
	SUBQ       $4, CX
	JMP        m32Loop

m32Done:
	VZEROUPPER
	RET

// func momentum64AVX2(th, v, grad *float64, n int, rate, mom, wd float64)
TEXT ·momentum64AVX2(SB), NOSPLIT, $0-56
	MOVQ         th+0(FP), DI
	MOVQ         v+8(FP), SI
	MOVQ         grad+16(FP), DX
	MOVQ         n+24(FP), CX
	SPLATSD(rate+32(FP), X14, Y14)
	SPLATSD(mom+40(FP), X15, Y15)
	SPLATSD(wd+48(FP), X13, Y13)

m64Loop:
	CMPQ    CX, $4
	JL      m64Done
	VMOVUPD (DX), Y2
	MOMENTUM_STEP
	ADDQ    $32, DI
	ADDQ    $32, SI
	ADDQ    $32, DX
	SUBQ    $4, CX
	JMP     m64Loop

m64Done:
	VZEROUPPER
	RET

// func addScaled32AVX2(dst *float64, f float64, x *float32, n int)
TEXT ·addScaled32AVX2(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	SPLATSD(f+8(FP), X15, Y15)
	MOVQ         x+16(FP), SI
	MOVQ         n+24(FP), CX

as32Loop:
	CMPQ      CX, $8
	JL        as32Loop4
	VCVTPS2PD (SI), Y0
	VCVTPS2PD 16(SI), Y1
	VMULPD    Y15, Y0, Y0
	VMULPD    Y15, Y1, Y1
	VADDPD    (DI), Y0, Y0
	VADDPD    32(DI), Y1, Y1
	VMOVUPD   Y0, (DI)
	VMOVUPD   Y1, 32(DI)
	ADDQ      $32, SI
	ADDQ      $64, DI
	SUBQ      $8, CX
	JMP       as32Loop

as32Loop4:
	CMPQ      CX, $4
	JL        as32Done
	VCVTPS2PD (SI), Y0
	VMULPD    Y15, Y0, Y0
	VADDPD    (DI), Y0, Y0
	VMOVUPD   Y0, (DI)

as32Done:
	VZEROUPPER
	RET

// func addScaled64AVX2(dst *float64, f float64, x *float64, n int)
TEXT ·addScaled64AVX2(SB), NOSPLIT, $0-32
	MOVQ         dst+0(FP), DI
	SPLATSD(f+8(FP), X15, Y15)
	MOVQ         x+16(FP), SI
	MOVQ         n+24(FP), CX

as64Loop:
	CMPQ    CX, $4
	JL      as64Done
	VMULPD  (SI), Y15, Y0
	VADDPD  (DI), Y0, Y0
	VMOVUPD Y0, (DI)
	ADDQ    $32, SI
	ADDQ    $32, DI
	SUBQ    $4, CX
	JMP     as64Loop

as64Done:
	VZEROUPPER
	RET
