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
