//go:build amd64 && !purego

#include "textflag.h"

// Constants of the float32 sigmoid, each repeated in 8 lanes (32 bytes).
// 0x7fffffff: |x| mask
DATA abs<>+0(SB)/4, $0x7fffffff
DATA abs<>+4(SB)/4, $0x7fffffff
DATA abs<>+8(SB)/4, $0x7fffffff
DATA abs<>+12(SB)/4, $0x7fffffff
DATA abs<>+16(SB)/4, $0x7fffffff
DATA abs<>+20(SB)/4, $0x7fffffff
DATA abs<>+24(SB)/4, $0x7fffffff
DATA abs<>+28(SB)/4, $0x7fffffff
GLOBL abs<>(SB), RODATA|NOPTR, $32

// 1
DATA one<>+0(SB)/4, $0x3f800000
DATA one<>+4(SB)/4, $0x3f800000
DATA one<>+8(SB)/4, $0x3f800000
DATA one<>+12(SB)/4, $0x3f800000
DATA one<>+16(SB)/4, $0x3f800000
DATA one<>+20(SB)/4, $0x3f800000
DATA one<>+24(SB)/4, $0x3f800000
DATA one<>+28(SB)/4, $0x3f800000
GLOBL one<>(SB), RODATA|NOPTR, $32

// 87.33654 ≈ ln 2¹²⁶: below e^{−87.33654} ≈ 2⁻¹²⁶ a float32 is not normal
DATA zmax<>+0(SB)/4, $0x42aeac50
DATA zmax<>+4(SB)/4, $0x42aeac50
DATA zmax<>+8(SB)/4, $0x42aeac50
DATA zmax<>+12(SB)/4, $0x42aeac50
DATA zmax<>+16(SB)/4, $0x42aeac50
DATA zmax<>+20(SB)/4, $0x42aeac50
DATA zmax<>+24(SB)/4, $0x42aeac50
DATA zmax<>+28(SB)/4, $0x42aeac50
GLOBL zmax<>(SB), RODATA|NOPTR, $32

// log₂ e
DATA log2e<>+0(SB)/4, $0x3fb8aa3b
DATA log2e<>+4(SB)/4, $0x3fb8aa3b
DATA log2e<>+8(SB)/4, $0x3fb8aa3b
DATA log2e<>+12(SB)/4, $0x3fb8aa3b
DATA log2e<>+16(SB)/4, $0x3fb8aa3b
DATA log2e<>+20(SB)/4, $0x3fb8aa3b
DATA log2e<>+24(SB)/4, $0x3fb8aa3b
DATA log2e<>+28(SB)/4, $0x3fb8aa3b
GLOBL log2e<>(SB), RODATA|NOPTR, $32

// ln 2 in two parts: 0.693359375 (9 significant bits, kf·ln2hi exact)
DATA ln2hi<>+0(SB)/4, $0x3f318000
DATA ln2hi<>+4(SB)/4, $0x3f318000
DATA ln2hi<>+8(SB)/4, $0x3f318000
DATA ln2hi<>+12(SB)/4, $0x3f318000
DATA ln2hi<>+16(SB)/4, $0x3f318000
DATA ln2hi<>+20(SB)/4, $0x3f318000
DATA ln2hi<>+24(SB)/4, $0x3f318000
DATA ln2hi<>+28(SB)/4, $0x3f318000
GLOBL ln2hi<>(SB), RODATA|NOPTR, $32

// and ln 2 − 0.693359375
DATA ln2lo<>+0(SB)/4, $0xb95e8083
DATA ln2lo<>+4(SB)/4, $0xb95e8083
DATA ln2lo<>+8(SB)/4, $0xb95e8083
DATA ln2lo<>+12(SB)/4, $0xb95e8083
DATA ln2lo<>+16(SB)/4, $0xb95e8083
DATA ln2lo<>+20(SB)/4, $0xb95e8083
DATA ln2lo<>+24(SB)/4, $0xb95e8083
DATA ln2lo<>+28(SB)/4, $0xb95e8083
GLOBL ln2lo<>(SB), RODATA|NOPTR, $32

// 1/7!
DATA c7<>+0(SB)/4, $0x39500d01
DATA c7<>+4(SB)/4, $0x39500d01
DATA c7<>+8(SB)/4, $0x39500d01
DATA c7<>+12(SB)/4, $0x39500d01
DATA c7<>+16(SB)/4, $0x39500d01
DATA c7<>+20(SB)/4, $0x39500d01
DATA c7<>+24(SB)/4, $0x39500d01
DATA c7<>+28(SB)/4, $0x39500d01
GLOBL c7<>(SB), RODATA|NOPTR, $32

// 1/6!
DATA c6<>+0(SB)/4, $0x3ab60b61
DATA c6<>+4(SB)/4, $0x3ab60b61
DATA c6<>+8(SB)/4, $0x3ab60b61
DATA c6<>+12(SB)/4, $0x3ab60b61
DATA c6<>+16(SB)/4, $0x3ab60b61
DATA c6<>+20(SB)/4, $0x3ab60b61
DATA c6<>+24(SB)/4, $0x3ab60b61
DATA c6<>+28(SB)/4, $0x3ab60b61
GLOBL c6<>(SB), RODATA|NOPTR, $32

// 1/5!
DATA c5<>+0(SB)/4, $0x3c088889
DATA c5<>+4(SB)/4, $0x3c088889
DATA c5<>+8(SB)/4, $0x3c088889
DATA c5<>+12(SB)/4, $0x3c088889
DATA c5<>+16(SB)/4, $0x3c088889
DATA c5<>+20(SB)/4, $0x3c088889
DATA c5<>+24(SB)/4, $0x3c088889
DATA c5<>+28(SB)/4, $0x3c088889
GLOBL c5<>(SB), RODATA|NOPTR, $32

// 1/4!
DATA c4<>+0(SB)/4, $0x3d2aaaab
DATA c4<>+4(SB)/4, $0x3d2aaaab
DATA c4<>+8(SB)/4, $0x3d2aaaab
DATA c4<>+12(SB)/4, $0x3d2aaaab
DATA c4<>+16(SB)/4, $0x3d2aaaab
DATA c4<>+20(SB)/4, $0x3d2aaaab
DATA c4<>+24(SB)/4, $0x3d2aaaab
DATA c4<>+28(SB)/4, $0x3d2aaaab
GLOBL c4<>(SB), RODATA|NOPTR, $32

// 1/3!
DATA c3<>+0(SB)/4, $0x3e2aaaab
DATA c3<>+4(SB)/4, $0x3e2aaaab
DATA c3<>+8(SB)/4, $0x3e2aaaab
DATA c3<>+12(SB)/4, $0x3e2aaaab
DATA c3<>+16(SB)/4, $0x3e2aaaab
DATA c3<>+20(SB)/4, $0x3e2aaaab
DATA c3<>+24(SB)/4, $0x3e2aaaab
DATA c3<>+28(SB)/4, $0x3e2aaaab
GLOBL c3<>(SB), RODATA|NOPTR, $32

// 1/2!
DATA c2<>+0(SB)/4, $0x3f000000
DATA c2<>+4(SB)/4, $0x3f000000
DATA c2<>+8(SB)/4, $0x3f000000
DATA c2<>+12(SB)/4, $0x3f000000
DATA c2<>+16(SB)/4, $0x3f000000
DATA c2<>+20(SB)/4, $0x3f000000
DATA c2<>+24(SB)/4, $0x3f000000
DATA c2<>+28(SB)/4, $0x3f000000
GLOBL c2<>(SB), RODATA|NOPTR, $32

// 127, the float32 exponent bias (int32)
DATA bias127<>+0(SB)/4, $0x0000007f
DATA bias127<>+4(SB)/4, $0x0000007f
DATA bias127<>+8(SB)/4, $0x0000007f
DATA bias127<>+12(SB)/4, $0x0000007f
DATA bias127<>+16(SB)/4, $0x0000007f
DATA bias127<>+20(SB)/4, $0x0000007f
DATA bias127<>+24(SB)/4, $0x0000007f
DATA bias127<>+28(SB)/4, $0x0000007f
GLOBL bias127<>(SB), RODATA|NOPTR, $32


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
	VMOVUPS (DI), Y0
	VADDPS  (DX), Y0, Y0
	SIGMOID
	VMOVUPS Y6, (DI)
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
	VMOVUPS (DI), Y0
	VADDPS  (DX), Y0, Y0
	SIGMOID
	VMOVUPS Y6, (DI)
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

// Constants of the float64 sigmoid, each repeated in 4 lanes (32 bytes).
// |x| mask
DATA abs64<>+0(SB)/8, $0x7fffffffffffffff
DATA abs64<>+8(SB)/8, $0x7fffffffffffffff
DATA abs64<>+16(SB)/8, $0x7fffffffffffffff
DATA abs64<>+24(SB)/8, $0x7fffffffffffffff
GLOBL abs64<>(SB), RODATA|NOPTR, $32

// 1
DATA one64<>+0(SB)/8, $0x3ff0000000000000
DATA one64<>+8(SB)/8, $0x3ff0000000000000
DATA one64<>+16(SB)/8, $0x3ff0000000000000
DATA one64<>+24(SB)/8, $0x3ff0000000000000
GLOBL one64<>(SB), RODATA|NOPTR, $32

// 708: z = max(−|x|, −708) = −min(|x|, 708)
DATA lim64<>+0(SB)/8, $0x4086200000000000
DATA lim64<>+8(SB)/8, $0x4086200000000000
DATA lim64<>+16(SB)/8, $0x4086200000000000
DATA lim64<>+24(SB)/8, $0x4086200000000000
GLOBL lim64<>(SB), RODATA|NOPTR, $32

// 64/ln 2
DATA c64x<>+0(SB)/8, $0x40571547652b82fe
DATA c64x<>+8(SB)/8, $0x40571547652b82fe
DATA c64x<>+16(SB)/8, $0x40571547652b82fe
DATA c64x<>+24(SB)/8, $0x40571547652b82fe
GLOBL c64x<>(SB), RODATA|NOPTR, $32

// 1.5·2⁵², whose addition rounds to an integer
DATA shift64<>+0(SB)/8, $0x4338000000000000
DATA shift64<>+8(SB)/8, $0x4338000000000000
DATA shift64<>+16(SB)/8, $0x4338000000000000
DATA shift64<>+24(SB)/8, $0x4338000000000000
GLOBL shift64<>(SB), RODATA|NOPTR, $32

// ln2/64 in two parts
DATA ln2a<>+0(SB)/8, $0x3f862e42fec00000
DATA ln2a<>+8(SB)/8, $0x3f862e42fec00000
DATA ln2a<>+16(SB)/8, $0x3f862e42fec00000
DATA ln2a<>+24(SB)/8, $0x3f862e42fec00000
GLOBL ln2a<>(SB), RODATA|NOPTR, $32

DATA ln2b<>+0(SB)/8, $0x3d9d1cf79abc9e3b
DATA ln2b<>+8(SB)/8, $0x3d9d1cf79abc9e3b
DATA ln2b<>+16(SB)/8, $0x3d9d1cf79abc9e3b
DATA ln2b<>+24(SB)/8, $0x3d9d1cf79abc9e3b
GLOBL ln2b<>(SB), RODATA|NOPTR, $32

// 1/120
DATA d120<>+0(SB)/8, $0x3f81111111111111
DATA d120<>+8(SB)/8, $0x3f81111111111111
DATA d120<>+16(SB)/8, $0x3f81111111111111
DATA d120<>+24(SB)/8, $0x3f81111111111111
GLOBL d120<>(SB), RODATA|NOPTR, $32

// 1/24
DATA d24<>+0(SB)/8, $0x3fa5555555555555
DATA d24<>+8(SB)/8, $0x3fa5555555555555
DATA d24<>+16(SB)/8, $0x3fa5555555555555
DATA d24<>+24(SB)/8, $0x3fa5555555555555
GLOBL d24<>(SB), RODATA|NOPTR, $32

// 1/6
DATA d6<>+0(SB)/8, $0x3fc5555555555555
DATA d6<>+8(SB)/8, $0x3fc5555555555555
DATA d6<>+16(SB)/8, $0x3fc5555555555555
DATA d6<>+24(SB)/8, $0x3fc5555555555555
GLOBL d6<>(SB), RODATA|NOPTR, $32

// 1/2
DATA half64<>+0(SB)/8, $0x3fe0000000000000
DATA half64<>+8(SB)/8, $0x3fe0000000000000
DATA half64<>+16(SB)/8, $0x3fe0000000000000
DATA half64<>+24(SB)/8, $0x3fe0000000000000
GLOBL half64<>(SB), RODATA|NOPTR, $32

// 63, the table index mask
DATA m63<>+0(SB)/8, $0x000000000000003f
DATA m63<>+8(SB)/8, $0x000000000000003f
DATA m63<>+16(SB)/8, $0x000000000000003f
DATA m63<>+24(SB)/8, $0x000000000000003f
GLOBL m63<>(SB), RODATA|NOPTR, $32


// SIGMOID64 computes, for the 4 float64 lanes of Y0 (v = input + bias),
// Y6 = σ(v) = n/(1+e) with e = ExpNeg(max(−|v|, −708)) and n = e where
// v < 0, 1 otherwise: the operations of ExpNeg and Sigmoid[float64] in
// kern.go (exp.go) in the same order, each rounded once (no fused
// multiply-add), so every lane is bit for bit the scalar result. k =
// round(64z/ln2) is read from the bits of z·64/ln2 + 1.5·2⁵² (their
// difference from 1.5·2⁵²'s bits), 2^{i/64} gathered from exp2Table, and
// 2^m, m = k>>6, added to the exponent bits as (k &^ 63) << 46. Y15 holds
// 1 in every lane; R10 holds the address of exp2Table. Clobbers Y1-Y5,
// Y7, Y8.
#define SIGMOID64 \
	VANDPD    abs64<>(SB), Y0, Y1 \
	VMINPD    lim64<>(SB), Y1, Y1 \
	VXORPD    Y2, Y2, Y2 \
	VSUBPD    Y1, Y2, Y1 \
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
	VPADDQ    Y7, Y4, Y4 \
	VBLENDVPD Y0, Y4, Y15, Y6 \
	VADDPD    Y15, Y4, Y4 \
	VDIVPD    Y4, Y6, Y6

// func sigmoid64AVX2(p, bias *float64, n int) int
TEXT ·sigmoid64AVX2(SB), NOSPLIT, $0-32
	MOVQ    p+0(FP), DI
	MOVQ    bias+8(FP), DX
	MOVQ    n+16(FP), CX
	MOVQ    CX, BX
	LEAQ    ·exp2Table(SB), R10
	VMOVUPD one64<>(SB), Y15
	VMOVUPD lim64<>(SB), Y14

s64Loop:
	CMPQ      CX, $4
	JL        s64Done
	VMOVUPD   (DI), Y0
	VADDPD    (DX), Y0, Y0
	VANDPD    abs64<>(SB), Y0, Y1
	VCMPPD    $0x1e, Y14, Y1, Y1
	VMOVMSKPD Y1, AX
	TESTQ     AX, AX
	JNZ       s64Done
	SIGMOID64
	VMOVUPD   Y6, (DI)
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
	MOVQ    CX, BX
	LEAQ    ·exp2Table(SB), R10
	VMOVUPD one64<>(SB), Y15
	VMOVUPD lim64<>(SB), Y14

sb64Loop:
	CMPQ      CX, $4
	JL        sb64Done
	VMOVUPD   (DI), Y0
	VADDPD    (DX), Y0, Y0
	VANDPD    abs64<>(SB), Y0, Y1
	VCMPPD    $0x1e, Y14, Y1, Y1
	VMOVMSKPD Y1, AX
	TESTQ     AX, AX
	JNZ       sb64Done
	SIGMOID64
	VMOVUPD   Y6, (DI)
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
