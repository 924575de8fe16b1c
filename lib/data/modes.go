package data

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// MaxArtificialModes is the largest number of examples ArtificialModes
// makes (16 columns each).
const MaxArtificialModes = 1 << 24

// ArtificialModesBasis returns the four basic modes of the Artificial Modes
// problem as the rows of a new 4×16 matrix: 4×4 binary images, pixel
// (r, c) in column 4r+c,
//
//	mode 0: all pixels 0
//	mode 1: all pixels 1
//	mode 2: rows 0–1 off, rows 2–3 on   (pixel i is 1 iff i ≥ 8)
//	mode 3: rows 0–1 on, rows 2–3 off   (pixel i is 1 iff i < 8)
//
// that is, pixel i of mode m is (m mod 2) XOR (⌊i·(⌊m/2⌋+1)/16⌋ mod 2).
// Modes 0 and 1, and modes 2 and 3, are complements at Hamming distance 16;
// every other pair is at distance 8. These are the prototypes of the
// DistantModes problem of the Shark library, with which Brügge, Fischer and
// Igel (2013, Sects. 4.2 and 4.4) ran their Artificial Modes experiments,
// whose text describes the problem (four equally likely basic modes of 4×4
// pixels, due to Desjardins et al. 2010) without listing the pixels. A
// sample's class is the mode nearest in Hamming distance (Sect. 4.4).
func ArtificialModesBasis() *mat.Dense {
	m := mat.NewDense(4, 16, nil)
	for mode := 0; mode < 4; mode++ {
		for i := 0; i < 16; i++ {
			m.Set(mode, i, float64((mode%2)^(i*(mode/2+1)/16)%2))
		}
	}
	return m
}

// ArtificialModes returns n examples of the Artificial Modes problem
// (Desjardins et al. 2010; Brügge et al. 2013, Sect. 4.2): example k is a
// copy of basic mode k mod 4 of ArtificialModesBasis (so the four modes are
// equally frequent, as in the Shark library's data set) in which each of the
// 16 pixels is flipped independently with probability pmut:
//
//	P(x_i ≠ m_i) = pmut,  P(x) = pmut^d (1−pmut)^(16−d),  d = Hamming(x, m).
//
// The papers use pmut ∈ {0.01, 0.1} and 10,000 examples; the smaller pmut,
// the farther apart the modes. Labels are the mode indices 0…3; the image
// shape is 4×4. The draws come from a source seeded with seed (the same
// seed gives the same set). It returns an error unless 0 ≤ pmut ≤ 1 and
// 1 ≤ n ≤ MaxArtificialModes.
//
// (The Shark code flips a pixel when a uniform draw exceeds p, that is with
// probability 1−p; because the modes come in complementary pairs, this
// gives the same distribution as flipping with probability p, with the
// labels of each pair exchanged.)
func ArtificialModes(pmut float64, n int, seed uint64) (*Set, error) {
	if math.IsNaN(pmut) || pmut < 0 || pmut > 1 {
		return nil, fmt.Errorf("data: ArtificialModes: flip probability %v outside [0, 1]", pmut)
	}
	if n < 1 || n > MaxArtificialModes {
		return nil, fmt.Errorf("data: ArtificialModes: %d examples out of range 1…%d", n, MaxArtificialModes)
	}
	basis := ArtificialModesBasis()
	rng := rand.New(rand.NewPCG(seed, 0x2545f4914f6cdd1d))
	x := mat.NewDense(n, 16, nil)
	labels := make([]int, n)
	for k := 0; k < n; k++ {
		m := k % 4
		labels[k] = m
		row, proto := x.RawRowView(k), basis.RawRowView(m)
		for i, b := range proto {
			if rng.Float64() < pmut {
				b = 1 - b
			}
			row[i] = b
		}
	}
	return &Set{Name: fmt.Sprintf("artificial-modes-%g", pmut), X: x, Labels: labels, Rows: 4, Cols: 4}, nil
}
