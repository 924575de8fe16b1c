// A bank ledger applying deposits, withdrawals and transfers, rejecting overdrafts with typed errors.
package main

import (
	"errors"
	"fmt"
	"sort"
)

type Cents int64

func (c Cents) String() string {
	sign := ""
	if c < 0 {
		sign = "-"
		c = -c
	}
	return fmt.Sprintf("%s$%d.%02d", sign, c/100, c%100)
}

type OverdraftError struct {
	Account string
	Balance Cents
	Amount  Cents
}

func (e *OverdraftError) Error() string {
	return fmt.Sprintf("overdraft on %s: balance %v, requested %v", e.Account, e.Balance, e.Amount)
}

var ErrNoAccount = errors.New("no such account")
var ErrBadAmount = errors.New("amount must be positive")

type Bank struct {
	balances map[string]Cents
	history  []string
}

func NewBank() *Bank { return &Bank{balances: map[string]Cents{}} }

func (b *Bank) Open(name string, initial Cents) {
	b.balances[name] = initial
	b.history = append(b.history, fmt.Sprintf("open %s %v", name, initial))
}

func (b *Bank) Deposit(name string, amt Cents) error {
	if amt <= 0 {
		return ErrBadAmount
	}
	if _, ok := b.balances[name]; !ok {
		return fmt.Errorf("deposit to %q: %w", name, ErrNoAccount)
	}
	b.balances[name] += amt
	b.history = append(b.history, fmt.Sprintf("deposit %s %v", name, amt))
	return nil
}

func (b *Bank) Withdraw(name string, amt Cents) error {
	if amt <= 0 {
		return ErrBadAmount
	}
	bal, ok := b.balances[name]
	if !ok {
		return fmt.Errorf("withdraw from %q: %w", name, ErrNoAccount)
	}
	if bal < amt {
		return &OverdraftError{Account: name, Balance: bal, Amount: amt}
	}
	b.balances[name] = bal - amt
	b.history = append(b.history, fmt.Sprintf("withdraw %s %v", name, amt))
	return nil
}

func (b *Bank) Transfer(from, to string, amt Cents) error {
	if _, ok := b.balances[to]; !ok {
		return fmt.Errorf("transfer to %q: %w", to, ErrNoAccount)
	}
	if err := b.Withdraw(from, amt); err != nil {
		return fmt.Errorf("transfer %s->%s: %w", from, to, err)
	}
	return b.Deposit(to, amt)
}

type tx struct {
	kind     string
	from, to string
	amt      Cents
}

func main() {
	bank := NewBank()
	bank.Open("alice", 10000)
	bank.Open("bob", 2550)
	bank.Open("carol", 0)

	txs := []tx{
		{"deposit", "", "carol", 1999}, {"withdraw", "bob", "", 3000},
		{"transfer", "alice", "bob", 4525}, {"withdraw", "bob", "", 3000},
		{"transfer", "carol", "alice", 2000}, {"deposit", "", "dave", 100},
		{"withdraw", "alice", "", -5}, {"transfer", "bob", "carol", 4075},
	}
	for i, t := range txs {
		var err error
		switch t.kind {
		case "deposit":
			err = bank.Deposit(t.to, t.amt)
		case "withdraw":
			err = bank.Withdraw(t.from, t.amt)
		case "transfer":
			err = bank.Transfer(t.from, t.to, t.amt)
		}
		var od *OverdraftError
		switch {
		case err == nil:
			fmt.Printf("tx %d ok\n", i+1)
		case errors.As(err, &od):
			fmt.Printf("tx %d rejected (short by %v): %v\n", i+1, od.Amount-od.Balance, err)
		case errors.Is(err, ErrNoAccount):
			fmt.Printf("tx %d unknown account: %v\n", i+1, err)
		default:
			fmt.Printf("tx %d invalid: %v\n", i+1, err)
		}
	}

	names := make([]string, 0, len(bank.balances))
	var total Cents
	for n, bal := range bank.balances {
		names = append(names, n)
		total += bal
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Printf("%-6s %10v\n", n, bank.balances[n])
	}
	fmt.Printf("total %v in %d history entries, last %q; refund %v\n", total, len(bank.history), bank.history[len(bank.history)-1], Cents(-1234))
}

// Output:
// tx 1 ok
// tx 2 rejected (short by $4.50): overdraft on bob: balance $25.50, requested $30.00
// tx 3 ok
// tx 4 ok
// tx 5 rejected (short by $0.01): transfer carol->alice: overdraft on carol: balance $19.99, requested $20.00
// tx 6 unknown account: deposit to "dave": no such account
// tx 7 invalid: amount must be positive
// tx 8 ok
// alice      $54.75
// bob         $0.00
// carol      $60.74
// total $115.49 in 9 history entries, last "deposit carol $40.75"; refund -$12.34
