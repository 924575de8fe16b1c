// Parallel sum and min/max of a slice split into chunks, each chunk summed by its own goroutine.
package main

import (
	"fmt"
	"math/rand/v2"
	"time"
)

type partial struct {
	index    int
	sum      int64
	min, max int
}

func summarize(index int, data []int, out chan<- partial) {
	p := partial{index: index, min: data[0], max: data[0]}
	for _, v := range data {
		p.sum += int64(v)
		p.min = min(p.min, v)
		p.max = max(p.max, v)
	}
	out <- p
}

func main() {
	r := rand.New(rand.NewPCG(42, 1024))
	data := make([]int, 1000)
	for i := range data {
		data[i] = r.IntN(10000)
	}

	var want int64
	for _, v := range data {
		want += int64(v)
	}

	const chunks = 6
	size := (len(data) + chunks - 1) / chunks
	out := make(chan partial, chunks)
	n := 0
	for start := 0; start < len(data); start += size {
		end := min(start+size, len(data))
		go summarize(n, data[start:end], out)
		n++
	}

	parts := make([]partial, n)
	timeout := time.After(5 * time.Second)
	for i := 0; i < n; i++ {
		select {
		case p := <-out:
			parts[p.index] = p
		case <-timeout:
			fmt.Println("timed out")
			return
		}
	}

	var total int64
	lo, hi := parts[0].min, parts[0].max
	for _, p := range parts {
		fmt.Printf("chunk %d: sum=%7d min=%4d max=%4d\n", p.index, p.sum, p.min, p.max)
		total += p.sum
		lo = min(lo, p.min)
		hi = max(hi, p.max)
	}
	fmt.Println("chunks:", n, "chunk size:", size)
	fmt.Println("parallel total:", total)
	fmt.Println("matches sequential:", total == want)
	fmt.Println("overall min/max:", lo, hi)
	fmt.Printf("mean: %.3f\n", float64(total)/float64(len(data)))
}

// Output:
// chunk 0: sum= 840892 min=  16 max=9917
// chunk 1: sum= 852481 min=  22 max=9987
// chunk 2: sum= 872979 min=  36 max=9989
// chunk 3: sum= 813147 min=   6 max=9968
// chunk 4: sum= 796280 min=   8 max=9951
// chunk 5: sum= 817151 min=   4 max=9934
// chunks: 6 chunk size: 167
// parallel total: 4992930
// matches sequential: true
// overall min/max: 4 9989
// mean: 4992.930
