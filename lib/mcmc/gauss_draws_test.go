package mcmc

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// TestSampleHiddenFrequencies checks the GRBM samplers' hidden draws
// (sampleHidden: the fused sigmoid and Bernoulli kernel with uniforms from
// one PCG source) against their probabilities: 64 units whose inputs span
// [−7, 7] (p from 9·10⁻⁴ to 1 − 9·10⁻⁴) plus a bias, 8 rows, drawn 20,000
// times, n = 160,000 draws per unit. The frequency of each unit is within
// 5 binomial standard deviations √(p(1−p)/n) of p (a false alarm per unit
// has probability 6·10⁻⁷ if the draws are right; the seed is fixed), and
// p is σ(x + bias) as the sigmoid kernel computes it, bit for bit.
func TestSampleHiddenFrequencies(t *testing.T) {
	const units, rows, reps = 64, 8, 20000
	x := mat.NewDense(rows, units, nil)
	bias := make([]float64, units)
	for j := range bias {
		bias[j] = 0.25 * float64(j%3-1)
		for k := 0; k < rows; k++ {
			x.Set(k, j, -7+14*float64(j)/(units-1)-bias[j])
		}
	}
	want := make([]float64, units)
	for j := range want {
		want[j] = x.At(0, j) + bias[j]
	}
	rbm.SigmoidInPlace(want)
	p, h := mat.NewDense(rows, units, nil), mat.NewDense(rows, units, nil)
	ones := make([]float64, units)
	u := kern.NewUniforms[float64](rand.NewPCG(15, 16))
	for r := 0; r < reps; r++ {
		p.Copy(x)
		sampleHidden(p, h, bias, &u)
		for k := 0; k < rows; k++ {
			for j := range ones {
				ones[j] += h.At(k, j)
				if r == 0 && p.At(k, j) != want[j] {
					t.Fatalf("row %d, unit %d: p = %v, want σ(x + c) = %v", k, j, p.At(k, j), want[j])
				}
			}
		}
	}
	n := float64(rows * reps)
	worst := 0.0
	for j, q := range want {
		sd := math.Sqrt(q * (1 - q) / n)
		z := (ones[j]/n - q) / sd
		worst = max(worst, math.Abs(z))
		if math.Abs(z) > 5 {
			t.Errorf("unit %d: frequency %.5f of %v draws, p = %.5f: %.1f standard deviations off", j, ones[j]/n, n, q, z)
		}
	}
	t.Logf("largest deviation %.2f standard deviations", worst)
}

// TestGaussSamplerDrawsMatchPH checks the hidden states that the
// unadjusted Langevin samplers leave against the probabilities PH they
// leave with them (Langevin draws H from PH = p(h|v) after its last step;
// unadjusted Gibbs-Langevin's last step draws h' from PH = p(h|ṽ)): over
// 4,000 chains of a 2×16 GRBM and 5 calls of one transition, the number of
// ones of each unit, a sum of independent Bernoullis given the PH, has
// mean Σ PH and variance Σ PH(1−PH); its deviation is within 5 standard
// deviations.
func TestGaussSamplerDrawsMatchPH(t *testing.T) {
	g, err := rbm.NewGaussian(2, 16, &rbm.Init{WeightStd: 1.5, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		name string
		s    GaussianSampler
	}{{"Langevin", NewLangevin(0.2, false, 5)}, {"GibbsLangevin", NewGibbsLangevin(0.2, 3, false, 5)}} {
		c, err := NewGaussianChains(g, 4000, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		dev, vr := make([]float64, 16), make([]float64, 16)
		for call := 0; call < 5; call++ {
			if err := s.s.SampleGaussian(g, c, 1); err != nil {
				t.Fatal(err)
			}
			for k := 0; k < 4000; k++ {
				for j := range dev {
					q := c.PH.At(k, j)
					dev[j] += c.H.At(k, j) - q
					vr[j] += q * (1 - q)
				}
			}
		}
		for j := range dev {
			if z := dev[j] / math.Sqrt(vr[j]); math.Abs(z) > 5 {
				t.Errorf("%s, unit %d: ones − Σ PH = %.1f, %.1f standard deviations", s.name, j, dev[j], z)
			}
		}
	}
}
