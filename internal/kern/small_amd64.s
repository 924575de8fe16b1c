//go:build amd64 && !purego

#include "textflag.h"

// The small products of small.go in AVX2, gonum's operations in gonum's
// order (see there): a multiplication and an addition, each rounded (no
// fused multiply-add), in the order of the inner index.

// func nn16AVX2(a, b, c *float64, m, k, lda, ldb, ldc int)
//
// c_ij = Σ_l [a_il ≠ 0]·fl(a_il·b_lj) for j < 16, added in order of l to
// 0: a term with a_il = 0 (or −0) is masked to +0, which leaves the sum
// as it is (it starts at +0 and is never −0), as gonum skips it. A NaN
// a_il is not 0 (unordered compare), as in gonum.
TEXT ·nn16AVX2(SB), NOSPLIT, $0-64
	MOVQ   a+0(FP), SI
	MOVQ   b+8(FP), DX
	MOVQ   c+16(FP), DI
	MOVQ   m+24(FP), CX
	MOVQ   k+32(FP), R8
	MOVQ   lda+40(FP), R9
	SHLQ   $3, R9
	MOVQ   ldb+48(FP), R10
	SHLQ   $3, R10
	MOVQ   ldc+56(FP), R11
	SHLQ   $3, R11
	VXORPD Y15, Y15, Y15

nn16Row:
	TESTQ  CX, CX
	JZ     nn16Done
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	MOVQ   SI, R12
	MOVQ   DX, R13
	MOVQ   R8, BX

nn16Inner:
	TESTQ        BX, BX
	JZ           nn16Store
	VBROADCASTSD (R12), Y4
	VCMPPD       $4, Y15, Y4, Y5 // a_il ≠ 0 (NEQ_UQ)
	VMULPD       (R13), Y4, Y6
	VANDPD       Y5, Y6, Y6
	VADDPD       Y6, Y0, Y0
	VMULPD       32(R13), Y4, Y7
	VANDPD       Y5, Y7, Y7
	VADDPD       Y7, Y1, Y1
	VMULPD       64(R13), Y4, Y8
	VANDPD       Y5, Y8, Y8
	VADDPD       Y8, Y2, Y2
	VMULPD       96(R13), Y4, Y9
	VANDPD       Y5, Y9, Y9
	VADDPD       Y9, Y3, Y3
	ADDQ         $8, R12
	ADDQ         R10, R13
	DECQ         BX
	JMP          nn16Inner

nn16Store:
	VMOVUPD Y0, (DI)
	VMOVUPD Y1, 32(DI)
	VMOVUPD Y2, 64(DI)
	VMOVUPD Y3, 96(DI)
	ADDQ    R9, SI
	ADDQ    R11, DI
	DECQ    CX
	JMP     nn16Row

nn16Done:
	VZEROUPPER
	RET

// func nn4AVX2(a, b, c *float64, m, k, lda, ldb, ldc int)
//
// nn16AVX2 for 4 columns.
TEXT ·nn4AVX2(SB), NOSPLIT, $0-64
	MOVQ   a+0(FP), SI
	MOVQ   b+8(FP), DX
	MOVQ   c+16(FP), DI
	MOVQ   m+24(FP), CX
	MOVQ   k+32(FP), R8
	MOVQ   lda+40(FP), R9
	SHLQ   $3, R9
	MOVQ   ldb+48(FP), R10
	SHLQ   $3, R10
	MOVQ   ldc+56(FP), R11
	SHLQ   $3, R11
	VXORPD Y15, Y15, Y15

nn4Row:
	TESTQ  CX, CX
	JZ     nn4Done
	VXORPD Y0, Y0, Y0
	MOVQ   SI, R12
	MOVQ   DX, R13
	MOVQ   R8, BX

nn4Inner:
	TESTQ        BX, BX
	JZ           nn4Store
	VBROADCASTSD (R12), Y4
	VCMPPD       $4, Y15, Y4, Y5
	VMULPD       (R13), Y4, Y6
	VANDPD       Y5, Y6, Y6
	VADDPD       Y6, Y0, Y0
	ADDQ         $8, R12
	ADDQ         R10, R13
	DECQ         BX
	JMP          nn4Inner

nn4Store:
	VMOVUPD Y0, (DI)
	ADDQ    R9, SI
	ADDQ    R11, DI
	DECQ    CX
	JMP     nn4Row

nn4Done:
	VZEROUPPER
	RET

// func nn16s32AVX2(a, b, c *float32, m, k, lda, ldb, ldc int)
//
// nn16AVX2 in float32 (gonum's sgemm: f32.AxpyUnitary's MULPS and ADDPS),
// 16 columns in two registers of 8.
TEXT ·nn16s32AVX2(SB), NOSPLIT, $0-64
	MOVQ   a+0(FP), SI
	MOVQ   b+8(FP), DX
	MOVQ   c+16(FP), DI
	MOVQ   m+24(FP), CX
	MOVQ   k+32(FP), R8
	MOVQ   lda+40(FP), R9
	SHLQ   $2, R9
	MOVQ   ldb+48(FP), R10
	SHLQ   $2, R10
	MOVQ   ldc+56(FP), R11
	SHLQ   $2, R11
	VXORPS Y15, Y15, Y15

nn16sRow:
	TESTQ  CX, CX
	JZ     nn16sDone
	VXORPS Y0, Y0, Y0
	VXORPS Y1, Y1, Y1
	MOVQ   SI, R12
	MOVQ   DX, R13
	MOVQ   R8, BX

nn16sInner:
	TESTQ        BX, BX
	JZ           nn16sStore
	VBROADCASTSS (R12), Y4
	VCMPPS       $4, Y15, Y4, Y5 // a_il ≠ 0 (NEQ_UQ)
	VMULPS       (R13), Y4, Y6
	VANDPS       Y5, Y6, Y6
	VADDPS       Y6, Y0, Y0
	VMULPS       32(R13), Y4, Y7
	VANDPS       Y5, Y7, Y7
	VADDPS       Y7, Y1, Y1
	ADDQ         $4, R12
	ADDQ         R10, R13
	DECQ         BX
	JMP          nn16sInner

nn16sStore:
	VMOVUPS Y0, (DI)
	VMOVUPS Y1, 32(DI)
	ADDQ    R9, SI
	ADDQ    R11, DI
	DECQ    CX
	JMP     nn16sRow

nn16sDone:
	VZEROUPPER
	RET

// func nn8s32AVX2(a, b, c *float32, m, k, lda, ldb, ldc int)
//
// nn16s32AVX2 for 8 columns.
TEXT ·nn8s32AVX2(SB), NOSPLIT, $0-64
	MOVQ   a+0(FP), SI
	MOVQ   b+8(FP), DX
	MOVQ   c+16(FP), DI
	MOVQ   m+24(FP), CX
	MOVQ   k+32(FP), R8
	MOVQ   lda+40(FP), R9
	SHLQ   $2, R9
	MOVQ   ldb+48(FP), R10
	SHLQ   $2, R10
	MOVQ   ldc+56(FP), R11
	SHLQ   $2, R11
	VXORPS Y15, Y15, Y15

nn8sRow:
	TESTQ  CX, CX
	JZ     nn8sDone
	VXORPS Y0, Y0, Y0
	MOVQ   SI, R12
	MOVQ   DX, R13
	MOVQ   R8, BX

nn8sInner:
	TESTQ        BX, BX
	JZ           nn8sStore
	VBROADCASTSS (R12), Y4
	VCMPPS       $4, Y15, Y4, Y5
	VMULPS       (R13), Y4, Y6
	VANDPS       Y5, Y6, Y6
	VADDPS       Y6, Y0, Y0
	ADDQ         $4, R12
	ADDQ         R10, R13
	DECQ         BX
	JMP          nn8sInner

nn8sStore:
	VMOVUPS Y0, (DI)
	ADDQ    R9, SI
	ADDQ    R11, DI
	DECQ    CX
	JMP     nn8sRow

nn8sDone:
	VZEROUPPER
	RET

// func ntAVX2(a, b, c *float64, m, n, k, lda, ldb, ldc int)
//
// c_ij = 0 + dot(a_i, b_j), the dot product of gonum's DotUnitary: the
// four lanes of one register hold the partial sums s_r of the indices
// l ≡ r (mod 4) below k rounded down to a multiple of 4 (DotUnitary's two
// registers of two), the rest is added to s_0 in order, and the result is
// (s_0 + s_2) + (s_1 + s_3). Two columns j at a time share the loads of
// a_i. BX points at the end of a_i's multiple of 4, R8 and DX at the same
// place in b_j and b_{j+1}, and R12 runs from −4⌊k/4⌋·8 up to 0, then on
// over the last k mod 4 elements (tail-8(SP) bytes).
TEXT ·ntAVX2(SB), NOSPLIT, $8-72
	MOVQ   a+0(FP), SI
	MOVQ   c+16(FP), DI
	MOVQ   m+24(FP), CX
	MOVQ   lda+48(FP), R9
	SHLQ   $3, R9
	MOVQ   ldb+56(FP), R10
	SHLQ   $3, R10
	MOVQ   ldc+64(FP), R11
	SHLQ   $3, R11
	MOVQ   k+40(FP), AX
	ANDQ   $3, AX
	SHLQ   $3, AX
	MOVQ   AX, tail-8(SP)
	VXORPD Y15, Y15, Y15

ntRow:
	TESTQ CX, CX
	JZ    ntDone
	MOVQ  k+40(FP), BX
	ANDQ  $-4, BX
	SHLQ  $3, BX
	LEAQ  (SI)(BX*1), BX // the end of a_i's quads
	MOVQ  b+8(FP), R13   // b_j
	XORQ  AX, AX         // j

ntPair:
	LEAQ   2(AX), R12
	CMPQ   R12, n+32(FP)
	JG     ntSingle
	MOVQ   BX, R12
	SUBQ   SI, R12       // 8·4⌊k/4⌋
	LEAQ   (R13)(R12*1), R8
	LEAQ   (R8)(R10*1), DX
	NEGQ   R12
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	TESTQ  R12, R12
	JZ     ntPairTail

ntPairQuad:
	VMOVUPD (BX)(R12*1), Y4
	VMULPD  (R8)(R12*1), Y4, Y5
	VADDPD  Y5, Y0, Y0
	VMULPD  (DX)(R12*1), Y4, Y6
	VADDPD  Y6, Y1, Y1
	ADDQ    $32, R12
	JNZ     ntPairQuad

ntPairTail:
	VEXTRACTF128 $1, Y0, X2 // (s_2, s_3) of column j
	VEXTRACTF128 $1, Y1, X3 // and of column j+1

ntPairOne:
	CMPQ   R12, tail-8(SP)
	JGE    ntPairSum
	VMOVSD (BX)(R12*1), X4
	VMULSD (R8)(R12*1), X4, X5
	VADDSD X5, X0, X0       // s_0 += a_il·b_jl (s_1 kept)
	VMULSD (DX)(R12*1), X4, X6
	VADDSD X6, X1, X1
	ADDQ   $8, R12
	JMP    ntPairOne

ntPairSum:
	VADDPD    X2, X0, X0    // (s_0 + s_2, s_1 + s_3)
	VUNPCKHPD X0, X0, X2
	VADDSD    X2, X0, X0    // (s_0 + s_2) + (s_1 + s_3)
	VADDSD    X0, X15, X0   // 0 + dot, as gonum adds it to c = 0
	VADDPD    X3, X1, X1
	VUNPCKHPD X1, X1, X3
	VADDSD    X3, X1, X1
	VADDSD    X1, X15, X1
	VMOVSD    X0, (DI)(AX*8)
	VMOVSD    X1, 8(DI)(AX*8)
	LEAQ      (R13)(R10*2), R13
	ADDQ      $2, AX
	JMP       ntPair

ntSingle:
	CMPQ   AX, n+32(FP)
	JGE    ntNextRow
	MOVQ   BX, R12
	SUBQ   SI, R12
	LEAQ   (R13)(R12*1), R8
	NEGQ   R12
	VXORPD Y0, Y0, Y0
	TESTQ  R12, R12
	JZ     ntSingleTail

ntSingleQuad:
	VMOVUPD (BX)(R12*1), Y4
	VMULPD  (R8)(R12*1), Y4, Y5
	VADDPD  Y5, Y0, Y0
	ADDQ    $32, R12
	JNZ     ntSingleQuad

ntSingleTail:
	VEXTRACTF128 $1, Y0, X2

ntSingleOne:
	CMPQ   R12, tail-8(SP)
	JGE    ntSingleSum
	VMOVSD (BX)(R12*1), X4
	VMULSD (R8)(R12*1), X4, X5
	VADDSD X5, X0, X0
	ADDQ   $8, R12
	JMP    ntSingleOne

ntSingleSum:
	VADDPD    X2, X0, X0
	VUNPCKHPD X0, X0, X2
	VADDSD    X2, X0, X0
	VADDSD    X0, X15, X0
	VMOVSD    X0, (DI)(AX*8)
	ADDQ      R10, R13
	INCQ      AX
	JMP       ntSingle

ntNextRow:
	ADDQ R9, SI
	ADDQ R11, DI
	DECQ CX
	JMP  ntRow

ntDone:
	VZEROUPPER
	RET
