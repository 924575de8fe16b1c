// select with a default case, with a closed channel, with nil channels, and draining two sources.
package main

import "fmt"

func tryReceive(ch <-chan int) (int, bool) {
	select {
	case v := <-ch:
		return v, true
	default:
		return 0, false
	}
}

func trySend(ch chan<- int, v int) bool {
	select {
	case ch <- v:
		return true
	default:
		return false
	}
}

func main() {
	buf := make(chan int, 2)
	fmt.Println("send 1:", trySend(buf, 1))
	fmt.Println("send 2:", trySend(buf, 2))
	fmt.Println("send 3:", trySend(buf, 3))

	for i := 0; i < 3; i++ {
		v, ok := tryReceive(buf)
		fmt.Printf("receive: %d %v\n", v, ok)
	}

	done := make(chan struct{})
	close(done)
	select {
	case <-done:
		fmt.Println("done channel is closed")
	default:
		fmt.Println("not closed")
	}

	closed := make(chan string, 1)
	closed <- "last"
	close(closed)
	for i := 0; i < 3; i++ {
		v, ok := <-closed
		fmt.Printf("from closed: %q ok=%v\n", v, ok)
	}

	letters := make(chan string)
	numbers := make(chan int)
	go func() {
		defer close(letters)
		for _, s := range []string{"a", "b", "c"} {
			letters <- s
		}
	}()
	go func() {
		defer close(numbers)
		for i := 1; i <= 4; i++ {
			numbers <- i
		}
	}()

	var gotLetters []string
	sum := 0
	lc, nc := letters, numbers
	for lc != nil || nc != nil {
		select {
		case s, ok := <-lc:
			if !ok {
				lc = nil
				continue
			}
			gotLetters = append(gotLetters, s)
		case n, ok := <-nc:
			if !ok {
				nc = nil
				continue
			}
			sum += n
		}
	}
	fmt.Println("letters:", gotLetters)
	fmt.Println("sum of numbers:", sum)

	var nilCh chan int
	select {
	case v := <-nilCh:
		fmt.Println("impossible", v)
	default:
		fmt.Println("nil channel never ready")
	}
}

// Output:
// send 1: true
// send 2: true
// send 3: false
// receive: 1 true
// receive: 2 true
// receive: 0 false
// done channel is closed
// from closed: "last" ok=true
// from closed: "" ok=false
// from closed: "" ok=false
// letters: [a b c]
// sum of numbers: 10
// nil channel never ready
