// Producer/consumer: producers close a shared channel after finishing, consumers range over it.
package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

type Order struct {
	ID       int
	Customer string
	Amount   int
}

func produce(customer string, start, n int, out chan<- Order, wg *sync.WaitGroup) {
	defer wg.Done()
	for i := 0; i < n; i++ {
		out <- Order{ID: start + i, Customer: customer, Amount: (start+i)*7%50 + 10}
	}
}

func consume(in <-chan Order, totals map[string]int, mu *sync.Mutex, count *int, wg *sync.WaitGroup) {
	defer wg.Done()
	for o := range in {
		mu.Lock()
		totals[o.Customer] += o.Amount
		*count++
		mu.Unlock()
	}
}

func main() {
	orders := make(chan Order, 4)

	var producers sync.WaitGroup
	customers := []string{"acme", "globex", "initech"}
	for i, c := range customers {
		producers.Add(1)
		go produce(c, i*100, 5+i, orders, &producers)
	}

	go func() {
		producers.Wait()
		close(orders)
	}()

	var (
		consumers sync.WaitGroup
		mu        sync.Mutex
		totals    = make(map[string]int)
		count     int
	)
	for i := 0; i < 2; i++ {
		consumers.Add(1)
		go consume(orders, totals, &mu, &count, &consumers)
	}
	consumers.Wait()

	names := make([]string, 0, len(totals))
	for name := range totals {
		names = append(names, name)
	}
	sort.Strings(names)
	grand := 0
	for _, name := range names {
		fmt.Printf("%-8s %4d\n", name, totals[name])
		grand += totals[name]
	}
	fmt.Println(strings.Repeat("-", 13))
	fmt.Printf("%-8s %4d\n", "total", grand)
	fmt.Println("orders consumed:", count)

	lines := make(chan string)
	go func() {
		defer close(lines)
		for _, w := range strings.Fields("the quick brown fox jumps over the lazy dog") {
			lines <- w
		}
	}()
	var longest string
	for w := range lines {
		if len(w) > len(longest) {
			longest = w
		}
	}
	fmt.Println("longest word:", longest)
	_, ok := <-lines
	fmt.Println("channel open after range:", ok)
}

// Output:
// acme      120
// globex    165
// initech   217
// -------------
// total     502
// orders consumed: 18
// longest word: quick
// channel open after range: false
