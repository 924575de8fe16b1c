// An LRU cache built from container/list and a map, with hit/miss statistics and eviction callbacks.
package main

import (
	"container/list"
	"fmt"
	"strings"
)

type entry struct {
	key   string
	value int
}

type LRU struct {
	capacity   int
	ll         *list.List
	items      map[string]*list.Element
	hits, miss int
	onEvict    func(key string, value int)
}

func NewLRU(capacity int, onEvict func(string, int)) *LRU {
	return &LRU{capacity: capacity, ll: list.New(), items: map[string]*list.Element{}, onEvict: onEvict}
}

func (c *LRU) Get(key string) (int, bool) {
	if el, ok := c.items[key]; ok {
		c.ll.MoveToFront(el)
		c.hits++
		return el.Value.(*entry).value, true
	}
	c.miss++
	return 0, false
}

func (c *LRU) Put(key string, value int) {
	if el, ok := c.items[key]; ok {
		el.Value.(*entry).value = value
		c.ll.MoveToFront(el)
		return
	}
	c.items[key] = c.ll.PushFront(&entry{key, value})
	if c.ll.Len() > c.capacity {
		oldest := c.ll.Back()
		e := c.ll.Remove(oldest).(*entry)
		delete(c.items, e.key)
		if c.onEvict != nil {
			c.onEvict(e.key, e.value)
		}
	}
}

func (c *LRU) String() string {
	var parts []string
	for el := c.ll.Front(); el != nil; el = el.Next() {
		e := el.Value.(*entry)
		parts = append(parts, fmt.Sprintf("%s=%d", e.key, e.value))
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func main() {
	var evicted []string
	cache := NewLRU(3, func(k string, v int) {
		evicted = append(evicted, fmt.Sprintf("%s(%d)", k, v))
	})

	cache.Put("a", 1)
	cache.Put("b", 2)
	cache.Put("c", 3)
	fmt.Println("start:", cache)

	v, ok := cache.Get("a")
	fmt.Println("get a:", v, ok, cache)
	cache.Put("d", 4)
	fmt.Println("put d:", cache, "evicted:", evicted)

	_, ok = cache.Get("b")
	fmt.Println("get b:", ok)
	cache.Put("c", 30)
	fmt.Println("update c:", cache)
	cache.Put("e", 5)
	cache.Put("f", 6)
	fmt.Println("after e,f:", cache, "evicted:", evicted)

	// Memoize an expensive function through the cache.
	calls := 0
	square := func(n int) int {
		key := fmt.Sprint("sq", n)
		if v, ok := cache.Get(key); ok {
			return v
		}
		calls++
		cache.Put(key, n*n)
		return n * n
	}
	total := 0
	for _, n := range []int{2, 3, 2, 4, 2, 5, 3, 3} {
		total += square(n)
	}
	fmt.Println("sum:", total, "computed:", calls)
	fmt.Println("final:", cache)
	fmt.Printf("hits=%d misses=%d hit rate=%.1f%%\n", cache.hits, cache.miss, 100*float64(cache.hits)/float64(cache.hits+cache.miss))
	fmt.Println("evictions:", len(evicted), evicted[len(evicted)-3:])
}

// Output:
// start: [c=3 b=2 a=1]
// get a: 1 true [a=1 c=3 b=2]
// put d: [d=4 a=1 c=3] evicted: [b(2)]
// get b: false
// update c: [c=30 d=4 a=1]
// after e,f: [f=6 e=5 c=30] evicted: [b(2) a(1) d(4)]
// sum: 80 computed: 5
// final: [sq3=9 sq5=25 sq2=4]
// hits=4 misses=6 hit rate=40.0%
// evictions: 8 [f(6) sq3(9) sq4(16)]
