// regexp: FindAllString, ReplaceAllString with groups, submatches and named groups over log lines.
package main

import (
	"fmt"
	"regexp"
	"strings"
)

const logs = `2024-03-01 12:00:05 INFO  user=alice action=login ip=10.0.0.5
2024-03-01 12:03:17 WARN  user=bob action=upload size=2048 ip=10.0.0.7
2024-03-01 12:07:44 ERROR user=alice action=delete code=403 ip=192.168.1.20
2024-03-02 08:15:00 INFO  user=carol action=logout ip=10.0.0.9`

func main() {
	ipRe := regexp.MustCompile(`\b\d{1,3}(?:\.\d{1,3}){3}\b`)
	fmt.Println("ips:", ipRe.FindAllString(logs, -1))
	fmt.Println("first two:", ipRe.FindAllString(logs, 2))

	lineRe := regexp.MustCompile(`(?m)^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}):\d{2} (\w+)\s+user=(\w+) action=(\w+)`)
	for _, m := range lineRe.FindAllStringSubmatch(logs, -1) {
		fmt.Printf("%s %s %-5s %-5s %s\n", m[1], m[2], m[3], m[4], m[5])
	}

	kvRe := regexp.MustCompile(`(?P<key>[a-z]+)=(?P<value>\S+)`)
	line := strings.Split(logs, "\n")[1]
	keyIdx, valIdx := kvRe.SubexpIndex("key"), kvRe.SubexpIndex("value")
	for _, m := range kvRe.FindAllStringSubmatch(line, -1) {
		fmt.Printf("  %s -> %s\n", m[keyIdx], m[valIdx])
	}
	fmt.Println("names:", kvRe.SubexpNames())

	dateRe := regexp.MustCompile(`(\d{4})-(\d{2})-(\d{2})`)
	fmt.Println(dateRe.ReplaceAllString("due 2024-03-01, paid 2024-04-15", "$3/$2/$1"))
	fmt.Println(dateRe.ReplaceAllString("2024-12-25", "${1}_year"))

	masked := regexp.MustCompile(`user=\w+`).ReplaceAllStringFunc(strings.Split(logs, "\n")[0], func(s string) string {
		return "user=" + strings.Repeat("*", len(s)-5)
	})
	fmt.Println(masked)

	fmt.Println(regexp.MustCompile(`a+b*`).FindAllStringIndex("aaabbb ab b aa", -1))
	fmt.Println(regexp.MustCompile(`\s+`).Split("split   on\tany  whitespace", -1))
	fmt.Println(regexp.MustCompile(`^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$`).MatchString("dev@golang.org"))
	fmt.Println(regexp.MustCompile(`(?i)error|warn`).FindAllString(logs, -1))
	fmt.Println(regexp.QuoteMeta("1+1=2? [yes]"))

	_, err := regexp.Compile(`a(b`)
	fmt.Println("error:", err)

	literal := regexp.MustCompile(`\$(\w+)`)
	fmt.Println(literal.ReplaceAllLiteralString("cost $price", "$1"))
	fmt.Println(literal.FindStringSubmatch("cost $price total"))
	fmt.Println(literal.FindString("nothing here") == "", literal.NumSubexp())
}

// Output:
// ips: [10.0.0.5 10.0.0.7 192.168.1.20 10.0.0.9]
// first two: [10.0.0.5 10.0.0.7]
// 2024-03-01 12:00 INFO  alice login
// 2024-03-01 12:03 WARN  bob   upload
// 2024-03-01 12:07 ERROR alice delete
// 2024-03-02 08:15 INFO  carol logout
//   user -> bob
//   action -> upload
//   size -> 2048
//   ip -> 10.0.0.7
// names: [ key value]
// due 01/03/2024, paid 15/04/2024
// 2024_year
// 2024-03-01 12:00:05 INFO  user=***** action=login ip=10.0.0.5
// [[0 6] [7 9] [12 14]]
// [split on any whitespace]
// true
// [WARN ERROR]
// 1\+1=2\? \[yes\]
// error: error parsing regexp: missing closing ): `a(b`
// cost $1
// [$price price]
// true 1
