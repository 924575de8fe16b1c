// errors.As finds a *NotFoundError inside a multi-level fmt.Errorf %w chain.
package main

import (
	"errors"
	"fmt"
)

type NotFoundError struct {
	Kind string
	ID   int
}

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("%s %d not found", e.Kind, e.ID)
}

type PermissionError struct {
	User string
}

func (e PermissionError) Error() string {
	return "permission denied for " + e.User
}

var users = map[int]string{1: "alice", 2: "bob"}

func lookupUser(id int) (string, error) {
	name, ok := users[id]
	if !ok {
		return "", &NotFoundError{Kind: "user", ID: id}
	}
	if name == "bob" {
		return "", PermissionError{User: name}
	}
	return name, nil
}

func loadProfile(id int) (string, error) {
	name, err := lookupUser(id)
	if err != nil {
		return "", fmt.Errorf("load profile: %w", err)
	}
	return "profile of " + name, nil
}

func handleRequest(id int) error {
	p, err := loadProfile(id)
	if err != nil {
		return fmt.Errorf("request %d: %w", id, err)
	}
	fmt.Println("ok:", p)
	return nil
}

func main() {
	for _, id := range []int{1, 2, 7} {
		err := handleRequest(id)
		if err == nil {
			continue
		}
		fmt.Println("error:", err)

		var nf *NotFoundError
		if errors.As(err, &nf) {
			fmt.Printf("  not found: kind=%s id=%d\n", nf.Kind, nf.ID)
		}
		var pe PermissionError
		if errors.As(err, &pe) {
			fmt.Printf("  permission: user=%q\n", pe.User)
		}
		var pp *PermissionError
		fmt.Println("  as *PermissionError:", errors.As(err, &pp))

		depth := 0
		for e := err; e != nil; e = errors.Unwrap(e) {
			fmt.Printf("  [%d] %T\n", depth, e)
			depth++
		}
	}
}

// Output:
// ok: profile of alice
// error: request 2: load profile: permission denied for bob
//   permission: user="bob"
//   as *PermissionError: false
//   [0] *fmt.wrapError
//   [1] *fmt.wrapError
//   [2] main.PermissionError
// error: request 7: load profile: user 7 not found
//   not found: kind=user id=7
//   as *PermissionError: false
//   [0] *fmt.wrapError
//   [1] *fmt.wrapError
//   [2] *main.NotFoundError
