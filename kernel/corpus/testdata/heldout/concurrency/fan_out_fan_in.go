// Fan-out of URL-like tasks to several workers and fan-in of their results with sync.WaitGroup.
package main

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

type report struct {
	name   string
	vowels int
	length int
}

func analyze(name string) report {
	v := 0
	for _, r := range strings.ToLower(name) {
		if strings.ContainsRune("aeiou", r) {
			v++
		}
	}
	return report{name: name, vowels: v, length: len(name)}
}

func fanOut(inputs []string, n int) []<-chan report {
	src := make(chan string)
	go func() {
		defer close(src)
		for _, s := range inputs {
			src <- s
		}
	}()
	outs := make([]<-chan report, n)
	for i := 0; i < n; i++ {
		ch := make(chan report)
		outs[i] = ch
		go func() {
			defer close(ch)
			for s := range src {
				ch <- analyze(s)
			}
		}()
	}
	return outs
}

func fanIn(chans []<-chan report) <-chan report {
	merged := make(chan report)
	var wg sync.WaitGroup
	wg.Add(len(chans))
	for _, c := range chans {
		go func(c <-chan report) {
			defer wg.Done()
			for r := range c {
				merged <- r
			}
		}(c)
	}
	go func() {
		wg.Wait()
		close(merged)
	}()
	return merged
}

func main() {
	words := []string{
		"Amsterdam", "Bogota", "Cairo", "Dublin", "Edinburgh",
		"Florence", "Geneva", "Helsinki", "Istanbul", "Jakarta",
		"Kyoto", "Lisbon",
	}
	var reports []report
	for r := range fanIn(fanOut(words, 3)) {
		reports = append(reports, r)
	}
	sort.Slice(reports, func(i, j int) bool {
		if reports[i].vowels != reports[j].vowels {
			return reports[i].vowels > reports[j].vowels
		}
		return reports[i].name < reports[j].name
	})
	totalVowels := 0
	for _, r := range reports {
		fmt.Printf("%-10s vowels=%d len=%d\n", r.name, r.vowels, r.length)
		totalVowels += r.vowels
	}
	fmt.Printf("%d reports, %d vowels total\n", len(reports), totalVowels)
}

// Output:
// Amsterdam  vowels=3 len=9
// Bogota     vowels=3 len=6
// Cairo      vowels=3 len=5
// Edinburgh  vowels=3 len=9
// Florence   vowels=3 len=8
// Geneva     vowels=3 len=6
// Helsinki   vowels=3 len=8
// Istanbul   vowels=3 len=8
// Jakarta    vowels=3 len=7
// Dublin     vowels=2 len=6
// Kyoto      vowels=2 len=5
// Lisbon     vowels=2 len=6
// 12 reports, 33 vowels total
