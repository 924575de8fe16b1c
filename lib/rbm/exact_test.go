package rbm

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// randomModel returns an m×n model with weights and biases drawn from
// N(0, std²), seeded.
func randomModel(t *testing.T, m, n int, std float64, seed uint64) *Binary {
	t.Helper()
	r, err := NewBinary(m, n, &Init{WeightStd: std, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	for i := range r.B {
		r.B[i] = std * rng.NormFloat64()
	}
	for j := range r.C {
		r.C[j] = std * rng.NormFloat64()
	}
	return r
}

// bruteLogZ sums e^{-E(v,h)} over every joint state, in log-sum-exp form.
func bruteLogZ(r *Binary) float64 {
	nv, nh := r.Visible(), r.Hidden()
	v, h := make([]float64, nv), make([]float64, nh)
	var es []float64
	for vi := 0; vi < 1<<nv; vi++ {
		FillState(v, vi)
		for hi := 0; hi < 1<<nh; hi++ {
			FillState(h, hi)
			es = append(es, -r.Energy(v, h))
		}
	}
	return logSumExp(es)
}

// bruteLogPv returns log Σ_h e^{-E(v,h)} = -F(v) by enumerating h.
func bruteLogPv(r *Binary, v []float64) float64 {
	h := make([]float64, r.Hidden())
	var es []float64
	for hi := 0; hi < 1<<len(h); hi++ {
		FillState(h, hi)
		es = append(es, -r.Energy(v, h))
	}
	return logSumExp(es)
}

func logSumExp(x []float64) float64 {
	m := math.Inf(-1)
	for _, y := range x {
		m = max(m, y)
	}
	var s float64
	for _, y := range x {
		s += math.Exp(y - m)
	}
	return m + math.Log(s)
}

// sizes covers both layers being the smaller one, sizes around the block
// size (4096 states = 12 units), and single units.
var sizes = [][2]int{{1, 1}, {1, 5}, {5, 1}, {3, 4}, {4, 3}, {6, 6}, {2, 9}, {9, 2}, {7, 5}}

// The tolerance: the brute force and the enumeration sum the same terms in
// a different order and form; each term carries a relative error of a few
// ulps times the number of operations in it (≤ (m+1)(n+1) ≈ 100), so the
// log differs by ≲ 100·|E|max·2⁻⁵² in absolute terms. With |E| up to about
// 20·(m·n) ≈ 10³ for std 20 that is ≈ 2e-11; we allow 1e-9·max(1,|log Z|).
func closeRel(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*max(1, math.Abs(a), math.Abs(b))
}

func TestExactLogZBruteForce(t *testing.T) {
	for _, std := range []float64{0.1, 1, 20} {
		for s, sz := range sizes {
			r := randomModel(t, sz[0], sz[1], std, uint64(100*s+int(std)))
			want := bruteLogZ(r)
			if math.IsInf(want, 0) || math.IsNaN(want) {
				t.Fatalf("brute force broke down: %v", want)
			}
			got, err := r.ExactLogZ()
			if err != nil {
				t.Fatal(err)
			}
			if !closeRel(got, want) {
				t.Errorf("%dx%d std %v: ExactLogZ = %.15g, brute force %.15g", sz[0], sz[1], std, got, want)
			}
		}
	}
}

// TestExactLogZOverflow: with std 20 and 8+8 units the energies reach
// hundreds, so a naive Σ e^{-E} would overflow; the result must still
// match the brute force done in log space.
func TestExactLogZOverflow(t *testing.T) {
	r := randomModel(t, 8, 8, 60, 3)
	want := bruteLogZ(r)
	if want < 710 {
		t.Fatalf("test model too tame: log Z = %v, want > 710 (overflow of e^x)", want)
	}
	got, err := r.ExactLogZ()
	if err != nil {
		t.Fatal(err)
	}
	if !closeRel(got, want) {
		t.Errorf("ExactLogZ = %.15g, brute force %.15g", got, want)
	}
}

// TestExactLogZBlocks checks models bigger than one block (more than 12
// units in the smaller layer) against the visible distribution built the
// other way (enumerating h, summing over v), both paths (small weights use
// the product form, large ones the safe form) and both layers.
func TestExactLogZBlocks(t *testing.T) {
	for _, std := range []float64{0.05, 3} {
		for _, sz := range [][2]int{{14, 15}, {15, 14}} {
			r := randomModel(t, sz[0], sz[1], std, 11)
			a, err := newEnumerator(r, true).logZ(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			b, err := newEnumerator(r, false).logZ(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if !closeRel(a, b) {
				t.Errorf("%v std %v: log Z by v %.15g, by h %.15g", sz, std, a, b)
			}
		}
	}
}

// TestFastMatchesSafe: the direct product, the product form with one log
// per state and the safe softplus agree, for weights from tiny to large
// enough that some blocks (16×16, std 8: 9 of 16 blocks) or all (std 40)
// must take the safe form.
func TestFastMatchesSafe(t *testing.T) {
	for _, std := range []float64{0.1, 2, 8, 40} {
		r := randomModel(t, 16, 16, std, 5)
		ctx := context.Background()
		e := newEnumerator(r, true)
		a, _ := e.logZ(ctx, nil)
		e.noDirect = true
		b, _ := e.logZ(ctx, nil)
		e.safeOnly = true
		c, _ := e.logZ(ctx, nil)
		if !closeRel(a, c) || !closeRel(b, c) {
			t.Errorf("std %v: direct %.15g, product %.15g, safe %.15g", std, a, b, c)
		}
	}
}

func TestFreeEnergy(t *testing.T) {
	r := randomModel(t, 5, 4, 2, 9)
	V := mat.NewDense(32, 5, nil)
	for i := 0; i < 32; i++ {
		FillState(V.RawRowView(i), i)
	}
	f, err := r.FreeEnergies(nil, V)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 32; i++ {
		v := V.RawRowView(i)
		want := -bruteLogPv(r, v)
		if got := r.FreeEnergy(v); !closeRel(got, want) {
			t.Errorf("FreeEnergy(%v) = %v, brute force %v", v, got, want)
		}
		if !closeRel(f[i], want) {
			t.Errorf("FreeEnergies row %d = %v, brute force %v", i, f[i], want)
		}
	}
}

func TestLogLikelihoodBruteForce(t *testing.T) {
	for _, std := range []float64{0.5, 20} {
		for s, sz := range sizes {
			r := randomModel(t, sz[0], sz[1], std, uint64(s+1))
			rng := rand.New(rand.NewPCG(uint64(s), 1))
			data := mat.NewDense(7, sz[0], nil)
			for i := 0; i < 7; i++ {
				FillState(data.RawRowView(i), rng.IntN(1<<sz[0]))
			}
			lz := bruteLogZ(r)
			var want float64
			for i := 0; i < 7; i++ {
				want += (bruteLogPv(r, data.RawRowView(i)) - lz) / 7
			}
			got, err := r.LogLikelihood(data)
			if err != nil {
				t.Fatal(err)
			}
			if !closeRel(got, want) {
				t.Errorf("%v std %v: LogLikelihood %.15g, brute force %.15g", sz, std, got, want)
			}
		}
	}
}

func TestDistributions(t *testing.T) {
	for _, sz := range [][2]int{{3, 4}, {4, 2}} {
		r := randomModel(t, sz[0], sz[1], 1.5, 2)
		joint, err := r.ExactJointDist()
		if err != nil {
			t.Fatal(err)
		}
		pv, err := r.ExactVisibleDist()
		if err != nil {
			t.Fatal(err)
		}
		ph, err := r.ExactHiddenDist()
		if err != nil {
			t.Fatal(err)
		}
		nv, nh := sz[0], sz[1]
		mv, mh := make([]float64, 1<<nv), make([]float64, 1<<nh)
		var tot float64
		for idx, p := range joint {
			mv[idx&(1<<nv-1)] += p
			mh[idx>>nv] += p
			tot += p
		}
		if math.Abs(tot-1) > 1e-12 {
			t.Errorf("joint sums to %v", tot)
		}
		for i := range mv {
			if math.Abs(mv[i]-pv[i]) > 1e-12 {
				t.Errorf("p(v=%d): marginal of joint %v, ExactVisibleDist %v", i, mv[i], pv[i])
			}
		}
		for i := range mh {
			if math.Abs(mh[i]-ph[i]) > 1e-12 {
				t.Errorf("p(h=%d): marginal of joint %v, ExactHiddenDist %v", i, mh[i], ph[i])
			}
		}
	}
}

func TestStateIndex(t *testing.T) {
	s := make([]float64, 10)
	for _, idx := range []int{0, 1, 5, 512, 1023} {
		FillState(s, idx)
		got, err := StateIndex(s)
		if err != nil || got != idx {
			t.Errorf("StateIndex(FillState(%d)) = %d, %v", idx, got, err)
		}
	}
	if _, err := StateIndex([]float64{0, 0.5}); err == nil {
		t.Error("StateIndex accepted 0.5")
	}
	if _, err := StateIndex(make([]float64, 63)); err == nil {
		t.Error("StateIndex accepted 63 units")
	}
}

// TestExactGradient compares with central finite differences of
// LogLikelihood, step 1e-5: the truncation error is O(h²·ℓ⁽³⁾) ≈ 1e-10 and
// the rounding error ≈ ε·|ℓ|/h ≈ 1e-16·10/1e-5 = 1e-10, so 1e-6 is ample.
func TestExactGradient(t *testing.T) {
	for s, sz := range [][2]int{{3, 4}, {4, 3}, {5, 2}, {2, 6}} {
		r := randomModel(t, sz[0], sz[1], 1, uint64(s+40))
		rng := rand.New(rand.NewPCG(uint64(s), 2))
		data := mat.NewDense(6, sz[0], nil)
		for i := 0; i < 6; i++ {
			FillState(data.RawRowView(i), rng.IntN(1<<sz[0]))
		}
		g, err := r.ExactGradient(data)
		if err != nil {
			t.Fatal(err)
		}
		params := r.Params()
		if len(g) != len(params) {
			t.Fatalf("gradient has %d parts, Params %d", len(g), len(params))
		}
		const h = 1e-5
		for p := range params {
			if len(g[p]) != len(params[p]) {
				t.Fatalf("gradient part %d has length %d, want %d", p, len(g[p]), len(params[p]))
			}
			for i := range params[p] {
				old := params[p][i]
				params[p][i] = old + h
				up, err1 := r.LogLikelihood(data)
				params[p][i] = old - h
				down, err2 := r.LogLikelihood(data)
				params[p][i] = old
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				fd := (up - down) / (2 * h)
				if math.Abs(fd-g[p][i]) > 1e-6 {
					t.Errorf("%v part %d index %d: exact %v, finite differences %v", sz, p, i, g[p][i], fd)
				}
			}
		}
	}
}

// TestDeterministicParallel: the result does not depend on how many
// goroutines share the blocks.
func TestDeterministicParallel(t *testing.T) {
	r := randomModel(t, 16, 17, 2, 1)
	a, err := r.ExactLogZ()
	if err != nil {
		t.Fatal(err)
	}
	e := newEnumerator(r, true)
	b, err := e.logZ(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Errorf("two runs differ: %v and %v", a, b)
	}
	var calls, last int
	_, err = r.ExactLogZContext(context.Background(), func(done, total int) {
		calls++
		if done < last || done > total {
			t.Errorf("progress %d/%d after %d", done, total, last)
		}
		last = done
	})
	if err != nil || calls == 0 || last != 16 {
		t.Errorf("progress: %d calls, last %d, err %v", calls, last, err)
	}
}

func TestCancel(t *testing.T) {
	r := randomModel(t, 20, 20, 1, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.ExactLogZContext(ctx, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("ExactLogZContext after cancel: %v", err)
	}
	data := mat.NewDense(1, 20, nil)
	if _, err := r.ExactGradientContext(ctx, data); !errors.Is(err, context.Canceled) {
		t.Errorf("ExactGradientContext after cancel: %v", err)
	}
}

func TestBadInput(t *testing.T) {
	good := randomModel(t, 3, 2, 1, 1)
	data := mat.NewDense(2, 3, nil)
	nan := mat.NewDense(2, 3, nil)
	nan.Set(1, 2, math.NaN())
	wide := mat.NewDense(2, 4, nil)
	big, _ := NewBinary(31, 40, nil)
	mid, _ := NewBinary(25, 40, nil)
	cases := []struct {
		name string
		m    *Binary
		data mat.Matrix
		want string
	}{
		{"nil model", nil, data, "nil"},
		{"nil W", &Binary{}, data, "nil"},
		{"short B", &Binary{W: mat.NewDense(3, 2, nil), B: []float64{0}, C: []float64{0, 0}}, data, "visible bias"},
		{"short C", &Binary{W: mat.NewDense(3, 2, nil), B: []float64{0, 0, 0}, C: []float64{0}}, data, "hidden bias"},
		{"NaN weight", &Binary{W: mat.NewDense(3, 2, []float64{0, 0, math.NaN(), 0, 0, 0}), B: make([]float64, 3), C: make([]float64, 2)}, data, "W[1][0]"},
		{"nil data", good, nil, "nil"},
		{"NaN data", good, nan, "row 1, column 2"},
		{"wrong width", good, wide, "4 columns, want 3"},
		{"too big", big, mat.NewDense(1, 31, nil), "MaxExactUnits"},
	}
	for _, c := range cases {
		if _, err := c.m.LogLikelihood(c.data); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: LogLikelihood error %v, want one containing %q", c.name, err, c.want)
		}
		if _, err := c.m.ExactGradient(c.data); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: ExactGradient error %v, want one containing %q", c.name, err, c.want)
		}
	}
	if _, err := big.ExactLogZ(); err == nil {
		t.Error("ExactLogZ accepted 31 units")
	}
	if _, err := mid.ExactVisibleDist(); err == nil {
		t.Error("ExactVisibleDist accepted 25 units")
	}
	if _, err := good.FreeEnergies(nil, wide); err == nil {
		t.Error("FreeEnergies accepted a wrong width")
	}
	if x := good.Energy([]float64{1}, []float64{0, 1}); !math.IsNaN(x) {
		t.Errorf("Energy with a short v = %v, want NaN", x)
	}
	if x := good.FreeEnergy([]float64{1}); !math.IsNaN(x) {
		t.Errorf("FreeEnergy with a short v = %v, want NaN", x)
	}
	var nilModel *Binary
	if x := nilModel.FreeEnergy(nil); !math.IsNaN(x) {
		t.Errorf("FreeEnergy of a nil model = %v, want NaN", x)
	}
	if _, err := randomModel(t, 12, 11, 1, 1).ExactJointDist(); err == nil {
		t.Error("ExactJointDist accepted 23 units")
	}
}

// TestExactLogZWideLayer: a wide other layer (100 units, more than one
// chunk of 32 factors) in all three paths, against Σ_v e^{-F(v)} with
// FreeEnergy's per-term Softplus; the tolerance argument of closeRel holds
// with 100 terms per state.
func TestExactLogZWideLayer(t *testing.T) {
	for _, std := range []float64{0.002, 0.1, 5} {
		for _, tr := range []bool{false, true} {
			m, n := 3, 100
			if tr {
				m, n = 100, 3
			}
			r := randomModel(t, m, n, std, 8)
			var want float64
			if !tr {
				fs := make([]float64, 1<<m)
				v := make([]float64, m)
				for i := range fs {
					FillState(v, i)
					fs[i] = -r.FreeEnergy(v)
				}
				want = logSumExp(fs)
			} else {
				// F_h by symmetry: the transposed model has the same Z.
				rt := &Binary{W: mat.DenseCopyOf(r.W.T()), B: r.C, C: r.B}
				fs := make([]float64, 1<<n)
				h := make([]float64, n)
				for i := range fs {
					FillState(h, i)
					fs[i] = -rt.FreeEnergy(h)
				}
				want = logSumExp(fs)
			}
			got, err := r.ExactLogZ()
			if err != nil {
				t.Fatal(err)
			}
			if !closeRel(got, want) {
				t.Errorf("%dx%d std %v: ExactLogZ %.15g, want %.15g", m, n, std, got, want)
			}
		}
	}
}

// TestMomentsBothLayers: E_model[v_i h_j], E[v_i], E[h_j] computed by
// enumerating v (13 units, 2 blocks) and by enumerating h (14 units, 4
// blocks) agree. Each is a sum of 2^14 positive terms below 1 with relative
// rounding errors ≲ 1e-13, so 1e-10 is generous.
func TestMomentsBothLayers(t *testing.T) {
	for _, std := range []float64{0.05, 1} {
		r := randomModel(t, 13, 14, std, 21)
		ev, eh := newEnumerator(r, true), newEnumerator(r, false)
		lzv, _ := ev.logZ(context.Background(), nil)
		lzh, _ := eh.logZ(context.Background(), nil)
		Gv, vv, hv, err := ev.moments(context.Background(), lzv)
		if err != nil {
			t.Fatal(err)
		}
		Gh, hh, vh, err := eh.moments(context.Background(), lzh)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 13; i++ {
			if math.Abs(vv[i]-vh[i]) > 1e-10 {
				t.Errorf("std %v: E[v_%d] %v vs %v", std, i, vv[i], vh[i])
			}
			for j := 0; j < 14; j++ {
				if math.Abs(Gv[i*14+j]-Gh[j*13+i]) > 1e-10 {
					t.Errorf("std %v: E[v_%d h_%d] %v vs %v", std, i, j, Gv[i*14+j], Gh[j*13+i])
				}
			}
		}
		for j := 0; j < 14; j++ {
			if math.Abs(hv[j]-hh[j]) > 1e-10 {
				t.Errorf("std %v: E[h_%d] %v vs %v", std, j, hv[j], hh[j])
			}
		}
	}
}

// TestExactLogZAllocs: the enumeration allocates its buffers up front; the
// number of allocations does not grow with the number of blocks (1 block
// at 12 units, 16 blocks at 16).
func TestExactLogZAllocs(t *testing.T) {
	var counts []float64
	for _, k := range []int{12, 16} {
		for _, std := range []float64{0.01, 10} {
			r := randomModel(t, k, k, std, 1)
			counts = append(counts, testing.AllocsPerRun(3, func() {
				if _, err := r.ExactLogZ(); err != nil {
					t.Fatal(err)
				}
			}))
		}
	}
	t.Logf("allocations per call: %v", counts)
	for _, c := range counts {
		if c > 40 {
			t.Errorf("ExactLogZ allocates %v times per call (12 and 16 units, both forms: %v), want ≤ 40 whatever the size", c, counts)
		}
	}
}

// TestSoftplusSumTerms compares SoftplusSum of one term (kern.SoftplusLanes,
// with its in-line exponential) with Softplus (math.Log1p and math.Exp,
// each within 1 ulp) term by term over
// |y| up to 800: a sum of one term has relative error ≲ 4 ulps ≈ 9e-16,
// and we allow 2e-15 relative (or absolute below 1, where the log of the
// factor is what matters).
func TestSoftplusSumTerms(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	for i := 0; i < 200000; i++ {
		var y float64
		switch i % 4 {
		case 0:
			y = 800 * (2*rng.Float64() - 1)
		case 1:
			y = 40 * (2*rng.Float64() - 1)
		case 2:
			y = 2 * (2*rng.Float64() - 1)
		default:
			y = 1e-3 * rng.NormFloat64()
		}
		got, want := SoftplusSum([]float64{y}), Softplus(y)
		if math.Abs(got-want) > 2e-15*max(1, want) {
			t.Fatalf("softplus(%v): in line %v, Softplus %v", y, got, want)
		}
	}
	x := softplusInputs()
	var want float64
	for _, y := range x {
		want += Softplus(y)
	}
	if got := SoftplusSum(x); math.Abs(got-want) > 1e-12*want {
		t.Errorf("SoftplusSum of 1024 terms %v, Softplus sum %v", got, want)
	}
}

// TestSigmoidInPlace compares with Sigmoid over the whole range, the
// extremes and the signed zeros included: 4 ulps as for expNeg plus the
// division.
func TestSigmoidInPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	x := []float64{0, math.Copysign(0, -1), 708, -708, 708.5, -708.5, 720, -720, 800, -800, 1e300, -1e300, math.Inf(1), math.Inf(-1)}
	for i := 0; i < 100000; i++ {
		x = append(x, 40*rng.NormFloat64(), 3*rng.NormFloat64())
	}
	want := make([]float64, len(x))
	for i, v := range x {
		want[i] = Sigmoid(v)
	}
	got := append([]float64(nil), x...)
	SigmoidInPlace(got)
	for i := range x {
		if math.Abs(got[i]-want[i]) > 1.2e-15*want[i] {
			t.Fatalf("σ(%v): SigmoidInPlace %v, Sigmoid %v", x[i], got[i], want[i])
		}
	}
	nan := []float64{math.NaN()}
	if SigmoidInPlace(nan); !math.IsNaN(nan[0]) {
		t.Errorf("σ(NaN) = %v", nan[0])
	}
}

// TestEnergyLarge checks Energy against the definition −vᵀWh − bᵀv − cᵀh,
// summed term by term, on a 50×70 model with non-binary v and h (Energy's
// inner products take SIMD partial sums, so only to rounding).
func TestEnergyLarge(t *testing.T) {
	r := randomModel(t, 50, 70, 1, 7)
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 5; trial++ {
		v, h := make([]float64, 50), make([]float64, 70)
		for i := range v {
			if trial > 0 && rng.IntN(2) == 0 {
				continue // zeros, which Energy skips
			}
			v[i] = rng.Float64()
		}
		for j := range h {
			h[j] = rng.Float64()
		}
		want := 0.0
		for i := range v {
			want -= r.B[i] * v[i]
			for j := range h {
				want -= v[i] * r.W.At(i, j) * h[j]
			}
		}
		for j := range h {
			want -= r.C[j] * h[j]
		}
		if got := r.Energy(v, h); !closeRel(got, want) {
			t.Errorf("trial %d: Energy = %v, term by term %v", trial, got, want)
		}
	}
}

// TestSoftplusSumRows compares SoftplusSum and SoftplusSumProb (given the
// sigmoids of SigmoidInPlace) with the sum of Softplus (math.Log1p and
// math.Exp, each within 1 ulp) over rows of 1 to 1,000 terms
// as the samplers' acceptance ratios take them: inputs of scale 10⁻³ to
// 800 (where e^{−|x|} underflows ExpNeg's range and is clamped), rows all
// very negative (sums far below 1), all very positive, and mixed. Each
// run of ≤ 128 terms (kern.SoftplusLanes) takes one logarithm of a
// product of factors in (1, 2], each within 4 ulps, so the product is
// within about 128·5 ulps ≈ 7·10⁻¹⁴ relative and its logarithm within
// 7·10⁻¹⁴ absolute, and the linear parts add rounding of 128 ulps of the
// sum: 10⁻¹² of max(1, sum) is the bound SoftplusSum's comment states,
// with a margin of about 14.
// SoftplusSumProb's factors max(p, 1 − p) ∈ [½, 1] are within about
// 4·10⁻¹⁶ relative (p within a few ulps, 1 − p rounded once), so the log
// of 256 of them is within 256·4·10⁻¹⁶ ≈ 10⁻¹³: four chunks of a
// 1,000-term row stay below the same bound.
func TestSoftplusSumRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	scales := []float64{1e-3, 1, 5, 40, 800}
	names := []string{"SoftplusSum", "SoftplusSumProb"}
	var worst [2]float64
	for i := 0; i < 20000; i++ {
		n := 1 + rng.IntN(1000)
		sc := scales[i%len(scales)]
		shift := 0.0
		switch i % 3 {
		case 1:
			shift = -40 - 700*rng.Float64() // every term far below 1
		case 2:
			shift = 40 + 700*rng.Float64()
		}
		x := make([]float64, n)
		var want float64
		for j := range x {
			x[j] = shift + sc*rng.NormFloat64()
			want += Softplus(x[j])
		}
		p := append([]float64(nil), x...)
		SigmoidInPlace(p)
		for k, got := range []float64{SoftplusSum(x), SoftplusSumProb(x, p)} {
			e := math.Abs(got-want) / max(1, want)
			worst[k] = max(worst[k], e)
			if e > 1e-12 {
				t.Fatalf("row %d (%d terms, scale %v, shift %v): %s %v, Softplus sum %v (error %.3g of max(1, sum))", i, n, sc, shift, names[k], got, want, e)
			}
		}
	}
	t.Logf("largest error of max(1, sum): SoftplusSum %.3g, SoftplusSumProb %.3g", worst[0], worst[1])
}
