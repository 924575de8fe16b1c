// An enum with String held by an any: in a list, a map, converted and
// returned, stored in a sync.Map; and plain numbers beside it, which must
// not print as the enum.
package main

import (
	"fmt"
	"sync"
)

type Level int

const (
	Debug Level = iota
	Info
	Warn
)

func (l Level) String() string { return [...]string{"DEBUG", "INFO", "WARN"}[l] }

func parse(s string) any {
	if s == "warn" {
		return Warn
	}
	return len(s)
}

func main() {
	fields := map[string]any{"level": Info, "counts": []int{1, 2}, "levels": []Level{Debug, Warn}}
	fmt.Println(fields)
	fmt.Println(parse("warn"), parse("other"), any(Debug))
	var last sync.Map
	last.Store("svc", Warn)
	v, _ := last.Load("svc")
	fmt.Printf("%v %T\n", v, v)
	for _, x := range []any{Info, 1} {
		if s, ok := x.(fmt.Stringer); ok {
			fmt.Println("stringer", s)
		} else {
			fmt.Println("plain", x)
		}
	}
}

// Output:
// map[counts:[1 2] level:INFO levels:[DEBUG WARN]]
// WARN 5 DEBUG
// WARN main.Level
// stringer INFO
// plain 1
