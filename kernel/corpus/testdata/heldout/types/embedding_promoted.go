// Struct embedding: promoted fields and methods, shadowing, and interface satisfaction through embedding.
package main

import (
	"fmt"
	"strings"
)

type Logger struct {
	prefix string
	lines  []string
}

func (l *Logger) Logf(format string, args ...any) {
	l.lines = append(l.lines, l.prefix+fmt.Sprintf(format, args...))
}

func (l *Logger) Dump() string { return strings.Join(l.lines, "\n") }

type Base struct {
	ID   int
	Name string
}

func (b Base) Describe() string { return fmt.Sprintf("#%d %s", b.ID, b.Name) }
func (b Base) Kind() string     { return "base" }

type Account struct {
	Base
	*Logger
	Balance int
}

// Kind shadows Base.Kind.
func (a Account) Kind() string { return "account/" + a.Base.Kind() }

func (a *Account) Deposit(n int) {
	a.Balance += n
	a.Logf("deposit %d -> %d", n, a.Balance)
}

func (a *Account) Withdraw(n int) error {
	if n > a.Balance {
		a.Logf("withdraw %d refused", n)
		return fmt.Errorf("insufficient funds: have %d, need %d", a.Balance, n)
	}
	a.Balance -= n
	a.Logf("withdraw %d -> %d", n, a.Balance)
	return nil
}

type Describer interface{ Describe() string }

type Kinded interface {
	Describer
	Kind() string
}

type Savings struct {
	Account
	Rate float64
}

func (s *Savings) AddInterest() {
	s.Deposit(int(float64(s.Balance) * s.Rate))
}

func main() {
	acct := &Account{Base: Base{ID: 7, Name: "alice"}, Logger: &Logger{prefix: "[acct] "}}
	acct.Deposit(100)
	if err := acct.Withdraw(250); err != nil {
		fmt.Println("error:", err)
	}
	_ = acct.Withdraw(30)
	fmt.Println(acct.Describe(), acct.Kind(), acct.Base.Kind())
	fmt.Printf("promoted fields: %s %d %q\n", acct.Name, acct.ID, acct.prefix)
	fmt.Println(acct.Dump())

	s := Savings{Account: Account{Base: Base{2, "bob"}, Logger: &Logger{prefix: "[save] "}, Balance: 1000}, Rate: 0.05}
	s.AddInterest()
	s.AddInterest()
	s.Name = "bob jr"
	fmt.Println(s.Describe(), s.Balance, s.Kind())
	fmt.Println(s.Dump())

	items := []Kinded{Base{1, "plain"}, *acct, s}
	for _, it := range items {
		fmt.Printf("%-12s %s\n", it.Kind(), it.Describe())
	}

	b := Base{3, "carol"}
	var d Describer = b
	b.Name = "changed"
	fmt.Println(d.Describe(), "|", b.Describe())
	fmt.Printf("%+v\n", b)
	fmt.Printf("%v\n", Account{Base: b, Balance: 5})
}

// Output:
// error: insufficient funds: have 100, need 250
// #7 alice account/base base
// promoted fields: alice 7 "[acct] "
// [acct] deposit 100 -> 100
// [acct] withdraw 250 refused
// [acct] withdraw 30 -> 70
// #2 bob jr 1102 account/base
// [save] deposit 50 -> 1050
// [save] deposit 52 -> 1102
// base         #1 plain
// account/base #7 alice
// account/base #2 bob jr
// #3 carol | #3 changed
// {ID:3 Name:changed}
// {{3 changed} <nil> 5}
