// Const blocks with iota: typed bit flags with a String method, and skipped/expression iota values.
package main

import (
	"fmt"
	"strings"
)

type Perm uint8

const (
	Read Perm = 1 << iota
	Write
	Exec
	Share
	Admin
)

var permNames = []struct {
	flag Perm
	name string
}{{Read, "read"}, {Write, "write"}, {Exec, "exec"}, {Share, "share"}, {Admin, "admin"}}

func (p Perm) String() string {
	if p == 0 {
		return "none"
	}
	var parts []string
	rest := p
	for _, pn := range permNames {
		if p&pn.flag != 0 {
			parts = append(parts, pn.name)
			rest &^= pn.flag
		}
	}
	if rest != 0 {
		parts = append(parts, fmt.Sprintf("0x%x", uint8(rest)))
	}
	return strings.Join(parts, "|")
}

func (p Perm) Has(q Perm) bool { return p&q == q }

type ByteSize float64

const (
	_           = iota
	KB ByteSize = 1 << (10 * iota)
	MB
	GB
)

func (b ByteSize) String() string {
	switch {
	case b >= GB:
		return fmt.Sprintf("%.2fGB", b/GB)
	case b >= MB:
		return fmt.Sprintf("%.2fMB", b/MB)
	case b >= KB:
		return fmt.Sprintf("%.2fKB", b/KB)
	}
	return fmt.Sprintf("%.0fB", float64(b))
}

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
	Thursday
	Friday
	Saturday
)

func (d Weekday) String() string {
	return [...]string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}[d]
}

func (d Weekday) Weekend() bool { return d == Saturday || d == Sunday }

const (
	a, b = iota, iota * 10
	c, d
	e, f
)

const big = 1 << 62
const huge = big * 4 / 8 // untyped constant arithmetic beyond int64 is fine

func main() {
	fmt.Println(Read, Write, Exec, Share, Admin)
	fmt.Printf("values: %d %d %d %d %d\n", Read, Write, Exec, Share, Admin)

	var p Perm = Read | Write
	fmt.Println("p =", p)
	p |= Exec
	fmt.Println("p |= Exec ->", p)
	p &^= Write
	fmt.Println("p &^= Write ->", p)
	fmt.Println("has read+exec:", p.Has(Read|Exec), "has write:", p.Has(Write))
	fmt.Println("toggle admin:", p^Admin)
	fmt.Println("zero:", Perm(0), "all:", Perm(0x1f), "extra:", Perm(0xe1))
	fmt.Printf("%%v=%v %%d=%d %%08b=%08b\n", p, p, p)

	for _, sz := range []ByteSize{512, 1536, 3 * MB / 2, 5 * GB, KB} {
		fmt.Print(sz, " ")
	}
	fmt.Println("end")

	for day := Sunday; day <= Saturday; day++ {
		if day.Weekend() {
			fmt.Printf("%v(weekend) ", day)
		} else {
			fmt.Printf("%v ", day)
		}
	}
	fmt.Println("end")
	fmt.Println((Friday + 3) % 7)

	fmt.Println(a, b, c, d, e, f)
	fmt.Println(huge, big/huge)
}

// Output:
// read write exec share admin
// values: 1 2 4 8 16
// p = read|write
// p |= Exec -> read|write|exec
// p &^= Write -> read|exec
// has read+exec: true has write: false
// toggle admin: read|exec|admin
// zero: none all: read|write|exec|share|admin extra: read|0xe0
// %v=read|exec %d=5 %08b=00000101
// 512B 1.50KB 1.50MB 5.00GB 1.00KB end
// Sun(weekend) Mon Tue Wed Thu Fri Sat(weekend) end
// Mon
// 0 0 1 10 2 20
// 2305843009213693952 2
