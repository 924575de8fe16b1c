// A mutex-protected counter map updated concurrently by many goroutines.
package main

import (
	"fmt"
	"sort"
	"sync"
)

type SafeCounter struct {
	mu     sync.Mutex
	counts map[string]int
}

func NewSafeCounter() *SafeCounter {
	return &SafeCounter{counts: make(map[string]int)}
}

func (c *SafeCounter) Inc(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.counts[key]++
}

func (c *SafeCounter) Value(key string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.counts[key]
}

func (c *SafeCounter) Keys() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	keys := make([]string, 0, len(c.counts))
	for k := range c.counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

type Account struct {
	sync.RWMutex
	balance int
}

func (a *Account) Deposit(n int) {
	a.Lock()
	a.balance += n
	a.Unlock()
}

func (a *Account) Balance() int {
	a.RLock()
	defer a.RUnlock()
	return a.balance
}

func main() {
	c := NewSafeCounter()
	colors := []string{"red", "green", "blue", "yellow"}

	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for j := 0; j <= i%4; j++ {
				c.Inc(colors[(i+j)%len(colors)])
			}
		}(i)
	}
	wg.Wait()

	total := 0
	for _, k := range c.Keys() {
		fmt.Printf("%-6s %d\n", k, c.Value(k))
		total += c.Value(k)
	}
	fmt.Println("total increments:", total)

	acct := &Account{}
	for i := 1; i <= 100; i++ {
		wg.Add(1)
		go func(amount int) {
			defer wg.Done()
			acct.Deposit(amount)
		}(i)
	}
	wg.Wait()
	fmt.Println("final balance:", acct.Balance())
}

// Output:
// blue   37
// green  25
// red    37
// yellow 24
// total increments: 123
// final balance: 5050
