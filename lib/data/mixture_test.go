package data

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestMixtureSample draws 30000 points from each mixture and checks each
// component's share, sample mean and sample covariance. A share p̂ of n
// draws has standard error √(p(1−p)/n) ≤ 0.0029; a component mean has
// standard error √(Σ_ii/n_k) ≤ √(1/6000) ≈ 0.013 and a covariance entry
// √((Σ_ii Σ_jj + Σ_ij²)/n_k) ≤ √(2/6000) ≈ 0.018 (Gaussian fourth
// moments). Tolerances are 5 standard errors: 0.015, 0.065 and 0.09.
func TestMixtureSample(t *testing.T) {
	for _, mx := range []*Mixture{IsotropicMixture(), AnisotropicMixture()} {
		const n = 30000
		s, err := mx.Sample("gmm", n, 1)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(); err != nil {
			t.Fatal(err)
		}
		var tot float64
		for _, w := range mx.Weights {
			tot += w
		}
		for k := range mx.Weights {
			var rows []int
			for i, l := range s.Labels {
				if l == k {
					rows = append(rows, i)
				}
			}
			nk := float64(len(rows))
			if share := nk / n; math.Abs(share-mx.Weights[k]/tot) > 0.015 {
				t.Errorf("component %d share %.4f, want %.4f", k, share, mx.Weights[k]/tot)
			}
			var m [2]float64
			for _, i := range rows {
				m[0] += s.X.At(i, 0) / nk
				m[1] += s.X.At(i, 1) / nk
			}
			var c [2][2]float64
			for _, i := range rows {
				for a := 0; a < 2; a++ {
					for b := 0; b < 2; b++ {
						c[a][b] += (s.X.At(i, a) - m[a]) * (s.X.At(i, b) - m[b]) / nk
					}
				}
			}
			for a := 0; a < 2; a++ {
				if math.Abs(m[a]-mx.Means[k][a]) > 0.065 {
					t.Errorf("component %d mean[%d] = %.4f, want %.4f", k, a, m[a], mx.Means[k][a])
				}
				for b := 0; b < 2; b++ {
					if math.Abs(c[a][b]-mx.Covs[k].At(a, b)) > 0.09 {
						t.Errorf("component %d cov[%d][%d] = %.4f, want %.4f", k, a, b, c[a][b], mx.Covs[k].At(a, b))
					}
				}
			}
		}
		again, _ := mx.Sample("gmm", n, 1)
		if !mat.Equal(s.X, again.X) {
			t.Error("same seed gave different samples")
		}
	}
}

// TestMixtureLogDensity integrates exp(LogDensity) over [−8, 8]² with the
// trapezoid rule (spacing 0.02, ten times below the smallest standard
// deviation 0.2, so the error is far below 1e-6; the tails beyond 8 hold
// < 1e-9 of the mass).
func TestMixtureLogDensity(t *testing.T) {
	for _, mx := range []*Mixture{IsotropicMixture(), AnisotropicMixture()} {
		const L, d = 8.0, 0.02
		k := int(2 * L / d)
		pts := mat.NewDense((k+1)*(k+1), 2, nil)
		for i := 0; i <= k; i++ {
			for j := 0; j <= k; j++ {
				pts.Set(i*(k+1)+j, 0, -L+float64(i)*d)
				pts.Set(i*(k+1)+j, 1, -L+float64(j)*d)
			}
		}
		ld, err := mx.LogDensities(nil, pts)
		if err != nil {
			t.Fatal(err)
		}
		var sum float64
		for i := 0; i <= k; i++ {
			for j := 0; j <= k; j++ {
				w := d * d
				if i == 0 || i == k {
					w /= 2
				}
				if j == 0 || j == k {
					w /= 2
				}
				sum += w * math.Exp(ld[i*(k+1)+j])
			}
		}
		mid := (k/2)*(k+1) + k/3
		if p0 := mx.LogDensity(pts.RawRowView(mid)); math.Abs(p0-ld[mid]) > 1e-12 {
			t.Errorf("LogDensity = %v, LogDensities = %v at the same point", p0, ld[mid])
		}
		if math.Abs(sum-1) > 1e-6 {
			t.Errorf("density integrates to %v", sum)
		}
	}
	if !math.IsNaN(IsotropicMixture().LogDensity([]float64{1})) {
		t.Error("wrong dimension did not give NaN")
	}
}

func TestMixtureBad(t *testing.T) {
	bad := IsotropicMixture()
	bad.Covs[1] = mat.NewSymDense(2, []float64{1, 2, 2, 1})
	if _, err := bad.Sample("x", 10, 1); err == nil {
		t.Error("indefinite covariance gave no error")
	}
	bad = IsotropicMixture()
	bad.Weights[0] = -1
	if err := bad.Validate(); err == nil {
		t.Error("negative weight gave no error")
	}
	if _, err := IsotropicMixture().Sample("x", 0, 1); err == nil {
		t.Error("0 samples gave no error")
	}
	// 2-d samples: one more than MaxSetValues/2 is refused before
	// allocating (1<<40 samples used to die of a fatal out-of-memory).
	for _, n := range []int{MaxSetValues/2 + 1, 1 << 40} {
		if _, err := IsotropicMixture().Sample("x", n, 1); err == nil || !strings.Contains(err.Error(), "MaxSetValues") {
			t.Errorf("%d samples: %v", n, err)
		}
	}
	if err := (&Mixture{}).Validate(); err == nil {
		t.Error("empty mixture gave no error")
	}
}

func TestStandardize(t *testing.T) {
	s := &Set{Name: "s", X: mat.NewDense(4, 3, []float64{
		1, 5, 2,
		3, 5, 4,
		5, 5, 9,
		7, 5, 1,
	})}
	out, mean, std, err := Standardize(s)
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j < 3; j++ {
		var m, v float64
		for i := 0; i < 4; i++ {
			m += out.X.At(i, j) / 4
		}
		for i := 0; i < 4; i++ {
			v += (out.X.At(i, j) - m) * (out.X.At(i, j) - m) / 4
		}
		wantV := 1.0
		if j == 1 { // constant column: only centred
			wantV = 0
		}
		if math.Abs(m) > 1e-12 || math.Abs(v-wantV) > 1e-12 {
			t.Errorf("column %d: mean %v, variance %v after Standardize", j, m, v)
		}
	}
	if std[1] != 1 || mean[1] != 5 || mean[0] != 4 {
		t.Errorf("mean %v, std %v", mean, std)
	}
	back := mat.DenseCopyOf(out.X)
	if err := Unstandardize(back, mean, std); err != nil {
		t.Fatal(err)
	}
	if !mat.EqualApprox(back, s.X, 1e-12) {
		t.Error("Unstandardize did not invert Standardize")
	}
	if err := Unstandardize(back, mean[:2], std); err == nil {
		t.Error("short mean gave no error")
	}
	if _, _, _, err := Standardize(&Set{}); err == nil {
		t.Error("empty set gave no error")
	}
}

func ExampleMixture_Sample() {
	set, err := AnisotropicMixture().Sample("gmm", 1000, 1)
	if err != nil {
		panic(err)
	}
	std, mean, sd, err := Standardize(set)
	if err != nil {
		panic(err)
	}
	fmt.Println(set.Len(), set.Dim(), len(set.Labels), std.Name, len(mean), len(sd))
	// Output:
	// 1000 2 1000 gmm-std 2 2
}
