// Buffered channel used as a semaphore to bound concurrency; peak concurrency is checked.
package main

import (
	"fmt"
	"sort"
	"sync"
	"time"
)

type Semaphore chan struct{}

func (s Semaphore) Acquire() { s <- struct{}{} }
func (s Semaphore) Release() { <-s }

func main() {
	const limit = 3
	sem := make(Semaphore, limit)

	var (
		mu      sync.Mutex
		active  int
		peak    int
		results = make(map[int]string)
		wg      sync.WaitGroup
	)

	tasks := []string{"parse", "index", "compress", "upload", "verify", "notify", "cleanup", "archive", "report"}
	for i, name := range tasks {
		wg.Add(1)
		go func(id int, name string) {
			defer wg.Done()
			sem.Acquire()
			defer sem.Release()

			mu.Lock()
			active++
			if active > peak {
				peak = active
			}
			mu.Unlock()

			time.Sleep(2 * time.Millisecond)
			out := fmt.Sprintf("%s done (%d chars)", name, len(name))

			mu.Lock()
			active--
			results[id] = out
			mu.Unlock()
		}(i, name)
	}
	wg.Wait()

	ids := make([]int, 0, len(results))
	for id := range results {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		fmt.Printf("task %d: %s\n", id, results[id])
	}
	fmt.Println("peak within limit:", peak >= 1 && peak <= limit)
	fmt.Println("active at end:", active)
	fmt.Println("semaphore len:", len(sem), "cap:", cap(sem))

	tokens := make(chan int, 2)
	tokens <- 1
	tokens <- 2
	select {
	case tokens <- 3:
		fmt.Println("acquired third token")
	default:
		fmt.Println("semaphore full, try later")
	}
}

// Output:
// task 0: parse done (5 chars)
// task 1: index done (5 chars)
// task 2: compress done (8 chars)
// task 3: upload done (6 chars)
// task 4: verify done (6 chars)
// task 5: notify done (6 chars)
// task 6: cleanup done (7 chars)
// task 7: archive done (7 chars)
// task 8: report done (6 chars)
// peak within limit: true
// active at end: 0
// semaphore len: 0 cap: 3
// semaphore full, try later
