package dsl

import (
	"crypto/sha256"
	"encoding/binary"
	"math"
	"strconv"
)

// sampleDists are the distributions of sample(…).
var sampleDists = []string{"uniform", "loguniform", "intuniform"}

// sampleUniform returns the i-th uniform number in [0, 1) of axis in a
// sweep with seed: the first 8 bytes (big-endian) of the SHA-256 of
// "rbm-kernel/sample/v1", the seed, the axis name and i, over 2⁶⁴. It
// depends on nothing else, so sample(30, …) begins with the 20 levels of
// sample(20, …), and an axis's levels do not change when others are added.
func sampleUniform(seed uint64, axis string, i int) float64 {
	h := sha256.New()
	h.Write([]byte("rbm-kernel/sample/v1\x00"))
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], seed)
	h.Write(b[:])
	h.Write([]byte(axis + "\x00"))
	binary.BigEndian.PutUint64(b[:], uint64(i))
	h.Write(b[:])
	sum := h.Sum(nil)
	return float64(binary.BigEndian.Uint64(sum[:8])>>11) / (1 << 53)
}

// sampleDist is a checked distribution of sample(…).
type sampleDist struct {
	name     string
	from, to float64
}

// draw maps u ∈ [0, 1) to a level: uniform a + u(b − a) and loguniform
// exp(ln a + u(ln b − ln a)) rounded to 6 significant digits (readable
// levels whose last bits cannot differ between platforms), intuniform
// a + ⌊u(b − a + 1)⌋, an int.
func (d sampleDist) draw(u float64) any {
	switch d.name {
	case "intuniform":
		lo, hi := int(d.from), int(d.to)
		return lo + min(int(u*float64(hi-lo+1)), hi-lo)
	case "loguniform":
		return round6(math.Exp(math.Log(d.from) + u*(math.Log(d.to)-math.Log(d.from))))
	}
	return round6(d.from + u*(d.to-d.from))
}

func round6(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 6, 64), 64)
	return v
}

// sample evaluates `sample(N, dist, …)` for the axes names (one, or a zip
// group with one distribution per axis): N draws of each axis's
// distribution from the sweep seed (sampleUniform), with draws whose
// levels (all axes together) repeat an earlier draw left out.
func (c *checker) sample(g *CallExpr, names []string) ([][]any, []Type, bool) {
	text := exprText(g)
	if len(g.Args) != len(names)+1 {
		c.errorf(g.At, "%s: want sample(N, %s) for axis %s", text, distList(len(names)), identNames(names))
		return nil, nil, false
	}
	nv, nt, ok := c.constant(g.Args[0])
	if !ok {
		return nil, nil, false
	}
	n, isInt := nv.(int)
	if nt != TypeInt || !isInt || n < 1 || n > maxAxisLen {
		c.errorf(g.Args[0].Pos(), "sample wants a number of draws from 1 to %d, found %s", maxAxisLen, exprText(g.Args[0]))
		return nil, nil, false
	}
	dists := make([]sampleDist, len(names))
	types := make([]Type, len(names))
	for k, a := range g.Args[1:] {
		call, isCall := a.(*CallExpr)
		if !isCall || !contains(sampleDists, call.Fun.Name) {
			c.errorf(a.Pos(), "sample wants a distribution uniform(a, b), loguniform(a, b) or intuniform(a, b), found %s%s", exprText(a), suggestCall(a))
			return nil, nil, false
		}
		d := sampleDist{name: call.Fun.Name}
		if len(call.Args) != 2 {
			c.errorf(call.At, "%s wants (a, b), found %s", d.name, exprText(call))
			return nil, nil, false
		}
		var nums [2]float64
		for j, x := range call.Args {
			v, t, ok := c.constant(x)
			if !ok {
				return nil, nil, false
			}
			f, num := toFloat(v)
			if !num || t != TypeInt && t != TypeFloat || d.name == "intuniform" && t != TypeInt {
				want := "numbers"
				if d.name == "intuniform" {
					want = "integers"
				}
				c.errorf(x.Pos(), "%s wants %s, found %s", d.name, want, exprText(x))
				return nil, nil, false
			}
			nums[j] = f
		}
		d.from, d.to = nums[0], nums[1]
		switch {
		case !(d.from < d.to) && d.name != "intuniform" || d.from > d.to:
			c.errorf(call.At, "bad %s: want a < b", exprText(call))
			return nil, nil, false
		case d.name == "loguniform" && d.from <= 0:
			c.errorf(call.At, "bad %s: a loguniform range must be positive", exprText(call))
			return nil, nil, false
		}
		dists[k] = d
		types[k] = TypeFloat
		if d.name == "intuniform" {
			types[k] = TypeInt
		}
	}
	cols := make([][]any, len(names))
	seen := map[string]bool{}
	for i := 0; i < n; i++ {
		row := make([]any, len(names))
		key := ""
		for k, d := range dists {
			row[k] = d.draw(sampleUniform(c.sampleSeed, names[k], i))
			key += formatValue(row[k]) + "\x00"
		}
		if seen[key] {
			continue
		}
		seen[key] = true
		for k := range row {
			cols[k] = append(cols[k], row[k])
		}
	}
	return cols, types, true
}

func distList(n int) string {
	s := "dist"
	for i := 1; i < n; i++ {
		s += ", dist"
	}
	return s
}

func identNames(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	s := "("
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s + ")"
}

// suggestCall returns a did-you-mean for a misspelt distribution.
func suggestCall(e Expr) string {
	if call, ok := e.(*CallExpr); ok {
		return didYouMean(call.Fun.Name, sampleDists)
	}
	return ""
}

// sampleSeedOf returns the value of the file's seed statement, or 0 when
// it has none or it is not an integer (an error the checker reports).
func sampleSeedOf(f *File) uint64 {
	for _, s := range f.Stmts {
		if st, ok := s.(*SettingStmt); ok && st.Key == "seed" {
			if lit, ok := st.Value.(*BasicLit); ok && lit.Type == TypeInt {
				if v, ok := lit.Value.(int); ok && v >= 0 {
					return uint64(v)
				}
			}
		}
	}
	return 0
}
