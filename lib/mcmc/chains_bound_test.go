package mcmc_test

import (
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/rbm-kernel/rbm-kernel/lib/learn"
	. "github.com/rbm-kernel/rbm-kernel/lib/mcmc"
	"github.com/rbm-kernel/rbm-kernel/lib/rbm"
	"gonum.org/v1/gonum/mat"
)

// A number of chains that would need more than MaxChainValues states is an
// error naming it, before anything is allocated: NewChains(m, 1e9) of a
// 784×500 model asked for 10 TB and ended the process. So is a learner's
// first update with such a number of persistent chains.
func TestNewChainsBound(t *testing.T) {
	m, err := rbm.NewBinary(784, 500, nil)
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = NewChains(m, 1_000_000_000, rand.New(rand.NewPCG(1, 2)))
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "number of chains 1000000000 is too large") {
		t.Fatalf("NewChains(1e9): %v, want the bound's error", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Errorf("NewChains(1e9) allocated %d bytes before refusing", grew)
	}
	// The largest allowed is made: 2^27/(784+500) = 104,530 chains.
	n := MaxChainValues / (784 + 500)
	if _, err := NewChains(m, n+1, nil); err == nil {
		t.Errorf("NewChains(%d) accepted, one past the bound", n+1)
	}
	small, _ := rbm.NewBinary(4, 3, nil)
	if _, err := NewChains(small, MaxChainValues/7, nil); err != nil {
		t.Errorf("NewChains at the bound: %v", err)
	}
	for name, l := range map[string]learn.Learner{
		"PCD":  learn.NewPCD(1, 1_000_000_000, NewGibbs(1)),
		"FPCD": learn.NewFPCD(1, 1_000_000_000, 0.05, NewGibbs(1)),
	} {
		err = l.Update(m, mat.NewDense(2, 784, nil), &learn.SGD{Rate: 0.1})
		if err == nil || !strings.Contains(err.Error(), "number of chains 1000000000 is too large") {
			t.Errorf("%s with 1e9 chains: %v, want the bound's error", name, err)
		}
	}
}
