//go:build amd64 && !purego

#include "textflag.h"

// FlipBernoulli's float64 step in AVX2, 4 lanes at a time, bit for bit
// its loop (flip.go): the divisions are IEEE's in both; VMINPD and
// VMAXPD return the same values as Go's min and max for these operands
// (no NaN, no signed zeros to tell apart); the state and the tie are
// selected by masks, as the loop selects them by exact multiplications.

// func flip64AVX2(p, u, s *float64, n int)
TEXT ·flip64AVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ u+8(FP), DX
	MOVQ s+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ $0x3FF0000000000000, AX // 1.0
	MOVQ AX, X8
	VBROADCASTSD X8, Y8
	MOVQ $0x4000000000000000, AX // 2.0
	MOVQ AX, X9
	VBROADCASTSD X9, Y9
	MOVQ $0x3FE0000000000000, AX // 0.5
	MOVQ AX, X10
	VBROADCASTSD X10, Y10
	VXORPD Y11, Y11, Y11 // 0

flipLoop:
	CMPQ      CX, $4
	JL        flipDone
	VMOVUPD   (SI), Y0         // q
	VSUBPD    Y0, Y8, Y1       // 1 − q
	VDIVPD    Y1, Y0, Y2       // q/(1 − q)
	VMINPD    Y8, Y2, Y2       // min(q/(1 − q), 1): the rule for s = 0
	VDIVPD    Y0, Y8, Y3       // 1/q
	VSUBPD    Y3, Y9, Y3       // 2 − 1/q
	VMAXPD    Y11, Y3, Y3      // max(2 − 1/q, 0): the rule for s = 1
	VMOVUPD   (DI), Y4         // s
	VCMPPD    $4, Y11, Y4, Y5  // s ≠ 0 (NEQ_UQ, as Go's !=)
	VBLENDVPD Y5, Y3, Y2, Y2   // the rule of the state
	VCMPPD    $0, Y10, Y0, Y6  // q = ½ (EQ_OQ)
	VBLENDVPD Y6, Y10, Y2, Y2  // the tie
	VMOVUPD   (DX), Y7         // u
	VCMPPD    $1, Y2, Y7, Y7   // u < r (LT_OS)
	VANDPD    Y8, Y7, Y7       // 1.0 or +0
	VMOVUPD   Y7, (DI)
	ADDQ      $32, SI
	ADDQ      $32, DX
	ADDQ      $32, DI
	SUBQ      $4, CX
	JMP       flipLoop

flipDone:
	VZEROUPPER
	RET

// func flip32AVX2(p, u, s *float32, n int)
//
// flip64AVX2 for float32 probabilities and states, 4 at a time: q and s
// widened to float64 (exactly), the rule of the state and the tie as in
// flip64AVX2, the probability rounded to float32 (to nearest, as Go's
// conversion) and compared with the float32 uniform, as the loop compares
// u < T(FlipProb(s, q)).
TEXT ·flip32AVX2(SB), NOSPLIT, $0-32
	MOVQ p+0(FP), SI
	MOVQ u+8(FP), DX
	MOVQ s+16(FP), DI
	MOVQ n+24(FP), CX
	MOVQ $0x3FF0000000000000, AX // 1.0
	MOVQ AX, X8
	VBROADCASTSD X8, Y8
	MOVQ $0x4000000000000000, AX // 2.0
	MOVQ AX, X9
	VBROADCASTSD X9, Y9
	MOVQ $0x3FE0000000000000, AX // 0.5
	MOVQ AX, X10
	VBROADCASTSD X10, Y10
	VXORPD Y11, Y11, Y11 // 0
	MOVL $0x3F800000, AX // float32 1.0
	MOVL AX, X12
	VBROADCASTSS X12, X12

flip32Loop:
	CMPQ       CX, $4
	JL         flip32Done
	VCVTPS2PD  (SI), Y0         // q
	VSUBPD     Y0, Y8, Y1       // 1 − q
	VDIVPD     Y1, Y0, Y2       // q/(1 − q)
	VMINPD     Y8, Y2, Y2       // min(q/(1 − q), 1): the rule for s = 0
	VDIVPD     Y0, Y8, Y3       // 1/q
	VSUBPD     Y3, Y9, Y3       // 2 − 1/q
	VMAXPD     Y11, Y3, Y3      // max(2 − 1/q, 0): the rule for s = 1
	VCVTPS2PD  (DI), Y4         // s
	VCMPPD     $4, Y11, Y4, Y5  // s ≠ 0 (NEQ_UQ, as Go's !=)
	VBLENDVPD  Y5, Y3, Y2, Y2   // the rule of the state
	VCMPPD     $0, Y10, Y0, Y6  // q = ½ (EQ_OQ)
	VBLENDVPD  Y6, Y10, Y2, Y2  // the tie
	VCVTPD2PSY Y2, X2           // rounded to float32
	VMOVUPS    (DX), X7         // u
	VCMPPS     $1, X2, X7, X7   // u < r (LT_OS)
	VANDPS     X12, X7, X7      // 1.0 or +0
	VMOVUPS    X7, (DI)
	ADDQ       $16, SI
	ADDQ       $16, DX
	ADDQ       $16, DI
	SUBQ       $4, CX
	JMP        flip32Loop

flip32Done:
	VZEROUPPER
	RET
