package goexec

import "testing"

// Goroutines started in a loop see their own iteration's arguments and
// closures. Before, yaegi ran `go func(a int) {…}(i)` on the live frame
// of the loop, and a closure returning on another goroutine wrote back the
// slot where the loop was evaluating its literal again, so that some
// goroutines ran with another iteration's value: over 500 rounds of 100
// goroutines, 1 to 16 rounds went wrong in each form below. Since the
// goroutine's function is now made in a frame of its own (rewrite.go,
// front's closures.go), no interleaving can mix the iterations: the test
// asserts none in 300 rounds (each round of the old code failed with
// probability about 0.003 to 0.03, so the test failed with probability
// above 0.6 before the change).
func TestGoroutinesSeeTheirIteration(t *testing.T) {
	e := newExec(t)
	run(t, e, `import (
	"sync"
	"time"
)

// collect receives 100 values from ch and returns the number of distinct
// ones; -1 if one does not come within a minute (a goroutine lost).
func collect(ch chan int) int {
	seen := map[int]bool{}
	for k := 0; k < 100; k++ {
		select {
		case v := <-ch:
			seen[v] = true
		case <-time.After(time.Minute):
			return -1
		}
	}
	return len(seen)
}

// distinct runs start(i, ch) for i in 1..100 and counts the distinct
// values sent on ch.
func distinct(start func(i int, ch chan int)) int {
	ch := make(chan int, 100)
	for i := 1; i <= 100; i++ {
		start(i, ch)
	}
	return collect(ch)
}

func argument(n int) int {
	return distinct(func(i int, ch chan int) {
		go func(v int) { ch <- v }(i)
	})
}

func loop() int {
	ch := make(chan int, 100)
	var wg sync.WaitGroup
	for i := 1; i <= 100; i++ {
		wg.Add(1)
		go func(v int) {
			defer wg.Done()
			ch <- v
		}(i)
	}
	wg.Wait()
	return collect(ch)
}

func closure() int {
	ch := make(chan int, 100)
	for i := 1; i <= 100; i++ {
		f := func() { ch <- i }
		go f()
	}
	return collect(ch)
}

func captured() int {
	ch := make(chan int, 100)
	for i := 1; i <= 100; i++ {
		x := i
		go func() { ch <- x }()
	}
	return collect(ch)
}`)
	got, _ := run(t, e, `bad := map[string]int{}
for r := 0; r < 300; r++ {
	if argument(r) != 100 {
		bad["argument"]++
	}
	if loop() != 100 {
		bad["loop"]++
	}
	if closure() != 100 {
		bad["closure"]++
	}
	if captured() != 100 {
		bad["captured"]++
	}
}
len(bad)`)
	if got != "0" {
		out, _ := run(t, e, "bad")
		t.Errorf("rounds in which goroutines saw another iteration's value: %s", out)
	}
}
