// sync/atomic counters, compare-and-swap maximum tracking, and atomic.Value snapshots.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Stats struct {
	requests atomic.Int64
	errors   atomic.Int64
	maxSize  atomic.Int64
}

func (s *Stats) Observe(size int64, failed bool) {
	s.requests.Add(1)
	if failed {
		s.errors.Add(1)
	}
	for {
		cur := s.maxSize.Load()
		if size <= cur {
			return
		}
		if s.maxSize.CompareAndSwap(cur, size) {
			return
		}
	}
}

type snapshot struct {
	version int
	label   string
}

func main() {
	var stats Stats
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 125; i++ {
				size := int64((g*131 + i*17) % 1000)
				stats.Observe(size, i%25 == 0)
			}
		}(g)
	}
	wg.Wait()
	fmt.Println("requests:", stats.requests.Load())
	fmt.Println("errors:", stats.errors.Load())
	fmt.Println("max size:", stats.maxSize.Load())

	var legacy int32
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			atomic.AddInt32(&legacy, 3)
		}()
	}
	wg.Wait()
	fmt.Println("legacy counter:", atomic.LoadInt32(&legacy))
	fmt.Println("swap returned:", atomic.SwapInt32(&legacy, 7), "now:", atomic.LoadInt32(&legacy))
	fmt.Println("CAS 7->9:", atomic.CompareAndSwapInt32(&legacy, 7, 9))
	fmt.Println("CAS 7->11:", atomic.CompareAndSwapInt32(&legacy, 7, 11))
	fmt.Println("value:", legacy)

	var ready atomic.Bool
	fmt.Println("ready before:", ready.Load())
	ready.Store(true)
	fmt.Println("ready after:", ready.Load())

	var current atomic.Value
	current.Store(snapshot{version: 1, label: "initial"})
	for v := 2; v <= 4; v++ {
		current.Store(snapshot{version: v, label: fmt.Sprintf("update-%d", v)})
	}
	s := current.Load().(snapshot)
	fmt.Printf("snapshot: version=%d label=%s\n", s.version, s.label)

	var p atomic.Pointer[string]
	fmt.Println("pointer nil:", p.Load() == nil)
	msg := "hello"
	p.Store(&msg)
	fmt.Println("pointer value:", *p.Load())
}

// Output:
// requests: 1000
// errors: 40
// max size: 998
// legacy counter: 30
// swap returned: 30 now: 7
// CAS 7->9: true
// CAS 7->11: false
// value: 9
// ready before: false
// ready after: true
// snapshot: version=4 label=update-4
// pointer nil: true
// pointer value: hello
