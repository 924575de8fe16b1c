package mcmc

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
)

// TestChainsShow: the summary counts the chains and gives each matrix's
// shape and mean, with no unexported field; the picture holds the
// visible states of the first 30 chains.
func TestChainsShow(t *testing.T) {
	m, err := rbm.NewBinary(16, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	c, err := NewChains(m, 40, nil)
	if err != nil {
		t.Fatal(err)
	}
	c.V.Set(0, 0, 1) // one unit on: mean 1/640
	text := c.String()
	want := "40 chains of 16 visible and 3 hidden units\n" +
		"matrix              shape      mean\n" +
		"V (visible states)  40×16  0.001563\n" +
		"H (hidden states)    40×3         0\n" +
		"PV                  40×16         0\n" +
		"PH                   40×3         0"
	if text != want {
		t.Errorf("String =\n%s\nwant\n%s", text, want)
	}
	if strings.Contains(text, "fresh") || strings.Contains(text, "wg") {
		t.Errorf("String shows unexported fields:\n%s", text)
	}
	img := c.Image()
	if img == nil {
		t.Fatal("no picture of 4×4 visible states")
	}
	if b := img.Bounds(); b.Dx() != 251 || b.Dy() != 76 {
		t.Errorf("bounds %v, want 30 tiles of 24×24: 251×76", b)
	}
}

// TestChainsShowSmall: one chain, and a visible layer that is no square.
func TestChainsShowSmall(t *testing.T) {
	m, _ := rbm.NewBinary(5, 2, nil)
	c, _ := NewChains(m, 1, rand.New(rand.NewPCG(1, 2)))
	if !strings.HasPrefix(c.String(), "1 chain of 5 visible and 2 hidden units\n") {
		t.Errorf("String =\n%s", c.String())
	}
	if c.Image() != nil {
		t.Error("5 visible units drawn as an image")
	}
	var none *Chains
	if none.String() != "mcmc chains <nil>" || none.Image() != nil {
		t.Errorf("nil chains: %q", none.String())
	}
}
