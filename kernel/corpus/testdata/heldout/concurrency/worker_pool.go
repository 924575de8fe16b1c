// Worker pool computing squares and digit sums; results are collected and sorted.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type job struct {
	id    int
	value int
}

type result struct {
	id       int
	square   int
	digitSum int
}

func digitSum(n int) int {
	s := 0
	for n > 0 {
		s += n % 10
		n /= 10
	}
	return s
}

func worker(jobs <-chan job, results chan<- result, wg *sync.WaitGroup) {
	defer wg.Done()
	for j := range jobs {
		sq := j.value * j.value
		results <- result{id: j.id, square: sq, digitSum: digitSum(sq)}
	}
}

func main() {
	const numWorkers = 4
	values := []int{17, 3, 42, 8, 99, 23, 5, 61, 12, 77}

	jobs := make(chan job)
	results := make(chan result, len(values))

	var wg sync.WaitGroup
	for i := 0; i < numWorkers; i++ {
		wg.Add(1)
		go worker(jobs, results, &wg)
	}

	go func() {
		for i, v := range values {
			jobs <- job{id: i, value: v}
		}
		close(jobs)
	}()

	wg.Wait()
	close(results)

	var all []result
	for r := range results {
		all = append(all, r)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].id < all[j].id })

	total := 0
	for _, r := range all {
		fmt.Printf("job %2d: %3d^2 = %5d (digit sum %d)\n", r.id, values[r.id], r.square, r.digitSum)
		total += r.square
	}
	fmt.Println("jobs processed:", len(all))
	fmt.Println("sum of squares:", total)
}

// Output:
// job  0:  17^2 =   289 (digit sum 19)
// job  1:   3^2 =     9 (digit sum 9)
// job  2:  42^2 =  1764 (digit sum 18)
// job  3:   8^2 =    64 (digit sum 10)
// job  4:  99^2 =  9801 (digit sum 18)
// job  5:  23^2 =   529 (digit sum 16)
// job  6:   5^2 =    25 (digit sum 7)
// job  7:  61^2 =  3721 (digit sum 13)
// job  8:  12^2 =   144 (digit sum 9)
// job  9:  77^2 =  5929 (digit sum 25)
// jobs processed: 10
// sum of squares: 22275
