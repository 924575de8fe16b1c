// sync.Once guarding lazy initialization of a shared configuration used by many goroutines.
package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

type Config struct {
	Name    string
	Retries int
	Tags    []string
}

var (
	configOnce sync.Once
	config     *Config
	initCalls  atomic.Int32
)

func loadConfig() {
	initCalls.Add(1)
	config = &Config{
		Name:    "inventory-service",
		Retries: 3,
		Tags:    []string{"prod", "eu-west", "v2"},
	}
}

func getConfig() *Config {
	configOnce.Do(loadConfig)
	return config
}

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	seen := make(map[string]int)

	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cfg := getConfig()
			mu.Lock()
			seen[cfg.Name]++
			mu.Unlock()
		}()
	}
	wg.Wait()

	fmt.Println("init calls:", initCalls.Load())
	names := make([]string, 0, len(seen))
	for k := range seen {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Printf("%s seen by %d goroutines\n", n, seen[n])
	}
	cfg := getConfig()
	fmt.Printf("retries=%d tags=%s\n", cfg.Retries, strings.Join(cfg.Tags, ","))

	var once sync.Once
	for i := 0; i < 3; i++ {
		once.Do(func() { fmt.Println("only printed once, i =", i) })
	}

	var panicOnce sync.Once
	func() {
		defer func() {
			if r := recover(); r != nil {
				fmt.Println("recovered:", r)
			}
		}()
		panicOnce.Do(func() { panic("init failed") })
	}()
	ran := false
	panicOnce.Do(func() { ran = true })
	fmt.Println("second Do ran after panic:", ran)

	getTotal := sync.OnceValue(func() int {
		fmt.Println("computing total")
		sum := 0
		for i := 1; i <= 10; i++ {
			sum += i
		}
		return sum
	})
	fmt.Println(getTotal(), getTotal())
}

// Output:
// init calls: 1
// inventory-service seen by 20 goroutines
// retries=3 tags=prod,eu-west,v2
// only printed once, i = 0
// recovered: init failed
// second Do ran after panic: false
// computing total
// 55 55
