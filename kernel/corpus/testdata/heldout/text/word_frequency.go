// Word frequency count over text read with bufio.Scanner (lines and words), sorted by count then word.
package main

import (
	"bufio"
	"fmt"
	"sort"
	"strings"
	"unicode"
)

const text = `It was the best of times, it was the worst of times,
it was the age of wisdom, it was the age of foolishness,
it was the epoch of belief, it was the epoch of incredulity,

it was the season of Light, it was the season of Darkness.`

type wordCount struct {
	word  string
	count int
}

func main() {
	lines := bufio.NewScanner(strings.NewReader(text))
	lineNo, blank := 0, 0
	for lines.Scan() {
		lineNo++
		line := lines.Text()
		if strings.TrimSpace(line) == "" {
			blank++
			continue
		}
		fmt.Printf("line %d: %d words, %d bytes\n", lineNo, len(strings.Fields(line)), len(line))
	}
	if err := lines.Err(); err != nil {
		fmt.Println("error:", err)
	}
	fmt.Println("lines:", lineNo, "blank:", blank)

	words := bufio.NewScanner(strings.NewReader(text))
	words.Split(bufio.ScanWords)
	counts := make(map[string]int)
	total := 0
	for words.Scan() {
		w := strings.TrimFunc(strings.ToLower(words.Text()), func(r rune) bool {
			return !unicode.IsLetter(r)
		})
		if w == "" {
			continue
		}
		counts[w]++
		total++
	}

	list := make([]wordCount, 0, len(counts))
	for w, c := range counts {
		list = append(list, wordCount{w, c})
	}
	sort.Slice(list, func(i, j int) bool {
		if list[i].count != list[j].count {
			return list[i].count > list[j].count
		}
		return list[i].word < list[j].word
	})

	fmt.Println("total words:", total, "distinct:", len(list))
	for _, wc := range list[:8] {
		fmt.Printf("%-8s %2d %s\n", wc.word, wc.count, strings.Repeat("*", wc.count))
	}

	var singles []string
	for _, wc := range list {
		if wc.count == 1 {
			singles = append(singles, wc.word)
		}
	}
	fmt.Println("once:", strings.Join(singles, ", "))

	runes := bufio.NewScanner(strings.NewReader("héllo"))
	runes.Split(bufio.ScanRunes)
	var rs []string
	for runes.Scan() {
		rs = append(rs, runes.Text())
	}
	fmt.Printf("%q\n", rs)
}

// Output:
// line 1: 12 words, 52 bytes
// line 2: 12 words, 56 bytes
// line 3: 12 words, 60 bytes
// line 5: 12 words, 58 bytes
// lines: 5 blank: 1
// total words: 48 distinct: 16
// it        8 ********
// of        8 ********
// the       8 ********
// was       8 ********
// age       2 **
// epoch     2 **
// season    2 **
// times     2 **
// once: belief, best, darkness, foolishness, incredulity, light, wisdom, worst
// ["h" "é" "l" "l" "o"]
