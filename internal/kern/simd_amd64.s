//go:build amd64 && !purego

#include "textflag.h"
#include "expneg64_amd64.h"

// SPLAT8 defines the 32-byte read-only symbol sym<> holding the 4-byte
// value v in each of its 8 lanes.
#define SPLAT8(sym, v) \
	DATA sym<>+0(SB)/4, v \
	DATA sym<>+4(SB)/4, v \
	DATA sym<>+8(SB)/4, v \
	DATA sym<>+12(SB)/4, v \
	DATA sym<>+16(SB)/4, v \
	DATA sym<>+20(SB)/4, v \
	DATA sym<>+24(SB)/4, v \
	DATA sym<>+28(SB)/4, v \
	GLOBL sym<>(SB), RODATA|NOPTR, $32

// Constants of the float32 sigmoid, each repeated in 8 lanes (32 bytes).
// 0x7fffffff: |x| mask
SPLAT8(abs, $0x7fffffff)

// 1
SPLAT8(one, $0x3f800000)

// 87.33654 ≈ ln 2¹²⁶: below e^{−87.33654} ≈ 2⁻¹²⁶ a float32 is not normal
SPLAT8(zmax, $0x42aeac50)

// log₂ e
SPLAT8(log2e, $0x3fb8aa3b)

// ln 2 in two parts: 0.693359375 (9 significant bits, kf·ln2hi exact)
SPLAT8(ln2hi, $0x3f318000)

// and ln 2 − 0.693359375
SPLAT8(ln2lo, $0xb95e8083)

// 1/7!
SPLAT8(c7, $0x39500d01)

// 1/6!
SPLAT8(c6, $0x3ab60b61)

// 1/5!
SPLAT8(c5, $0x3c088889)

// 1/4!
SPLAT8(c4, $0x3d2aaaab)

// 1/3!
SPLAT8(c3, $0x3e2aaaab)

// 1/2!
SPLAT8(c2, $0x3f000000)

// 127, the float32 exponent bias (int32)
SPLAT8(bias127, $0x0000007f)


// SIGMOID computes, for the 8 float32 lanes of Y0 (x = input + bias), Y6 =
// σ(x) = n/(1+e) with e = e^{−|x|} (0 where |x| > 87.33654, e^{−|x|} < 2⁻¹²⁶) and n = e where x < 0,
// 1 otherwise; Y15 holds 1 in every lane and Y14 zero. e^z, z = −min(|x|, 87.33654), is
// 2^k·e^r with k = round(z·log₂e), r = z − k·ln2 (ln 2 in two parts, so
// that r is exact to float32 rounding) in [−ln2/2, ln2/2], and e^r by its
// Taylor polynomial of degree 7 (remainder below 5.2·10⁻⁹ relative), by
// Horner's rule with fused multiply-adds; 2^k is built in the exponent
// bits. Clobbers Y1-Y7.
#define SIGMOID \
	VANDPS       abs<>(SB), Y0, Y1 \
	VCMPPS       $0x1e, zmax<>(SB), Y1, Y7 \
	VMINPS       zmax<>(SB), Y1, Y1 \
	VSUBPS       Y1, Y14, Y1 \
	VMULPS       log2e<>(SB), Y1, Y2 \
	VROUNDPS     $0, Y2, Y2 \
	VMOVAPS      Y1, Y3 \
	VFNMADD231PS ln2hi<>(SB), Y2, Y3 \
	VFNMADD231PS ln2lo<>(SB), Y2, Y3 \
	VMOVUPS      c7<>(SB), Y4 \
	VFMADD213PS  c6<>(SB), Y3, Y4 \
	VFMADD213PS  c5<>(SB), Y3, Y4 \
	VFMADD213PS  c4<>(SB), Y3, Y4 \
	VFMADD213PS  c3<>(SB), Y3, Y4 \
	VFMADD213PS  c2<>(SB), Y3, Y4 \
	VFMADD213PS  Y15, Y3, Y4 \
	VFMADD213PS  Y15, Y3, Y4 \
	VCVTTPS2DQ   Y2, Y5 \
	VPADDD       bias127<>(SB), Y5, Y5 \
	VPSLLD       $23, Y5, Y5 \
	VMULPS       Y5, Y4, Y4 \
	VANDNPS      Y4, Y7, Y4 \
	VBLENDVPS    Y0, Y4, Y15, Y6 \
	VADDPS       Y15, Y4, Y4 \
	VDIVPS       Y4, Y6, Y6

// SIGMOID_STEP sets the 8 float32 lanes at (DI) to σ of themselves plus
// the 8 lanes at (DX) (SIGMOID), leaving the result in Y6 too.
#define SIGMOID_STEP \
	VMOVUPS (DI), Y0 \
	VADDPS  (DX), Y0, Y0 \
	SIGMOID \
	VMOVUPS Y6, (DI)

// func sigmoidAVX2(p, bias *float32, n int)
TEXT ·sigmoidAVX2(SB), NOSPLIT, $0-24
	MOVQ    p+0(FP), DI
	MOVQ    bias+8(FP), DX
	MOVQ    n+16(FP), CX
	VMOVUPS one<>(SB), Y15
	VXORPS  Y14, Y14, Y14

sigLoop:
	CMPQ    CX, $8
	JL      sigDone
	SIGMOID_STEP
	ADDQ    $32, DI
	ADDQ    $32, DX
	SUBQ    $8, CX
	JMP     sigLoop

sigDone:
	VZEROUPPER
	RET

// func sigmoidBernoulliAVX2(p, bias, u, s *float32, n int)
TEXT ·sigmoidBernoulliAVX2(SB), NOSPLIT, $0-40
	MOVQ    p+0(FP), DI
	MOVQ    bias+8(FP), DX
	MOVQ    u+16(FP), R8
	MOVQ    s+24(FP), R9
	MOVQ    n+32(FP), CX
	VMOVUPS one<>(SB), Y15
	VXORPS  Y14, Y14, Y14

sbLoop:
	CMPQ    CX, $8
	JL      sbDone
	SIGMOID_STEP
	VCMPPS  $0x1e, (R8), Y6, Y8
	VANDPS  Y15, Y8, Y8
	VMOVUPS Y8, (R9)
	ADDQ    $32, DI
	ADDQ    $32, DX
	ADDQ    $32, R8
	ADDQ    $32, R9
	SUBQ    $8, CX
	JMP     sbLoop

sbDone:
	VZEROUPPER
	RET

// func cpuid(eaxArg, ecxArg uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL eaxArg+0(FP), AX
	MOVL ecxArg+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-4
	MOVL   $0, CX
	XGETBV
	MOVL   AX, eax+0(FP)
	RET

// SIGMOID64 computes, for the 4 float64 lanes of Y0 (v = input + bias),
// Y6 = σ(v) = n/(1+e) with e = ExpNeg(max(−|v|, −708)) and n = e where
// v < 0, 1 otherwise: the operations of ExpNeg and Sigmoid[float64] in
// kern.go (exp.go) in the same order, each rounded once (no fused
// multiply-add), so every lane is bit for bit the scalar result; e is
// EXPNEG64 (expneg64_amd64.h). Y15 holds 1 in every lane; R10 holds the
// address of exp2Table. Clobbers Y1-Y5, Y7, Y8.
#define SIGMOID64 \
	VANDPD    abs64<>(SB), Y0, Y1 \
	VMINPD    lim64<>(SB), Y1, Y1 \
	VXORPD    Y2, Y2, Y2 \
	VSUBPD    Y1, Y2, Y1 \
	EXPNEG64 \
	VBLENDVPD Y0, Y4, Y15, Y6 \
	VADDPD    Y15, Y4, Y4 \
	VDIVPD    Y4, Y6, Y6

// SIGMOID64_SETUP keeps n (CX) in BX and loads the registers that
// SIGMOID64 and SIGMOID64_STEP read: R10, Y15 and Y14 (708 in every lane).
#define SIGMOID64_SETUP \
	MOVQ    CX, BX \
	LEAQ    ·exp2Table(SB), R10 \
	VMOVUPD one64<>(SB), Y15 \
	VMOVUPD lim64<>(SB), Y14

// SIGMOID64_STEP sets the 4 float64 lanes at (DI) to σ of themselves
// plus the 4 lanes at (DX) (SIGMOID64), leaving the result in Y6 too;
// first it jumps to done, changing nothing, if any lane's |v| exceeds
// 708 (Y14), where the scalar code takes over.
#define SIGMOID64_STEP(done) \
	VMOVUPD   (DI), Y0 \
	VADDPD    (DX), Y0, Y0 \
	VANDPD    abs64<>(SB), Y0, Y1 \
	VCMPPD    $0x1e, Y14, Y1, Y1 \
	VMOVMSKPD Y1, AX \
	TESTQ     AX, AX \
	JNZ       done \
	SIGMOID64 \
	VMOVUPD   Y6, (DI)

// func sigmoid64AVX2(p, bias *float64, n int) int
TEXT ·sigmoid64AVX2(SB), NOSPLIT, $0-32
	MOVQ    p+0(FP), DI
	MOVQ    bias+8(FP), DX
	MOVQ    n+16(FP), CX
	SIGMOID64_SETUP

s64Loop:
	CMPQ      CX, $4
	JL        s64Done
	SIGMOID64_STEP(s64Done)
	ADDQ      $32, DI
	ADDQ      $32, DX
	SUBQ      $4, CX
	JMP       s64Loop

s64Done:
	SUBQ    CX, BX
	MOVQ    BX, ret+24(FP)
	VZEROUPPER
	RET

// func sigmoidBernoulli64AVX2(p, bias, u, s *float64, n int) int
TEXT ·sigmoidBernoulli64AVX2(SB), NOSPLIT, $0-48
	MOVQ    p+0(FP), DI
	MOVQ    bias+8(FP), DX
	MOVQ    u+16(FP), R8
	MOVQ    s+24(FP), R9
	MOVQ    n+32(FP), CX
	SIGMOID64_SETUP

sb64Loop:
	CMPQ      CX, $4
	JL        sb64Done
	SIGMOID64_STEP(sb64Done)
	VCMPPD    $0x1e, (R8), Y6, Y8
	VANDPD    Y15, Y8, Y8
	VMOVUPD   Y8, (R9)
	ADDQ      $32, DI
	ADDQ      $32, DX
	ADDQ      $32, R8
	ADDQ      $32, R9
	SUBQ      $4, CX
	JMP       sb64Loop

sb64Done:
	SUBQ    CX, BX
	MOVQ    BX, ret+40(FP)
	VZEROUPPER
	RET
