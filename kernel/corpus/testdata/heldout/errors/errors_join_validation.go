// A validation function collects multiple problems with errors.Join and callers inspect them.
package main

import (
	"errors"
	"fmt"
	"strings"
)

var ErrRequired = errors.New("required")

type FieldError struct {
	Field  string
	Reason string
}

func (e *FieldError) Error() string {
	return e.Field + ": " + e.Reason
}

type Signup struct {
	Name  string
	Email string
	Age   int
	Tags  []string
}

func validate(s Signup) error {
	var errs []error
	if s.Name == "" {
		errs = append(errs, fmt.Errorf("name: %w", ErrRequired))
	}
	if s.Email == "" {
		errs = append(errs, fmt.Errorf("email: %w", ErrRequired))
	} else if !strings.Contains(s.Email, "@") {
		errs = append(errs, &FieldError{"email", "missing @"})
	}
	if s.Age < 13 || s.Age > 130 {
		errs = append(errs, &FieldError{"age", fmt.Sprintf("%d out of range [13,130]", s.Age)})
	}
	for i, t := range s.Tags {
		if strings.TrimSpace(t) != t {
			errs = append(errs, &FieldError{fmt.Sprintf("tags[%d]", i), "surrounding whitespace"})
		}
	}
	return errors.Join(errs...)
}

func main() {
	cases := []Signup{
		{Name: "Ada", Email: "ada@example.com", Age: 36, Tags: []string{"math"}},
		{Name: "", Email: "nobody", Age: 7, Tags: []string{" go", "ok"}},
		{Name: "Bo", Email: "", Age: 200},
	}
	for i, c := range cases {
		err := validate(c)
		if err == nil {
			fmt.Printf("case %d: valid\n", i)
			continue
		}
		fmt.Printf("case %d: invalid\n", i)
		fmt.Println(err)
		fmt.Println("  missing required:", errors.Is(err, ErrRequired))
		var fe *FieldError
		if errors.As(err, &fe) {
			fmt.Println("  first field error:", fe.Field)
		}
		if u, ok := err.(interface{ Unwrap() []error }); ok {
			fmt.Println("  count:", len(u.Unwrap()))
		}
		fmt.Println("  errors.Unwrap is nil:", errors.Unwrap(err) == nil)
	}

	fmt.Println(errors.Join(nil, nil) == nil)
	wrapped := fmt.Errorf("signup failed: %w", errors.Join(errors.New("a"), errors.New("b")))
	fmt.Printf("%q\n", wrapped.Error())
}

// Output:
// case 0: valid
// case 1: invalid
// name: required
// email: missing @
// age: 7 out of range [13,130]
// tags[0]: surrounding whitespace
//   missing required: true
//   first field error: email
//   count: 4
//   errors.Unwrap is nil: true
// case 2: invalid
// email: required
// age: 200 out of range [13,130]
//   missing required: true
//   first field error: age
//   count: 2
//   errors.Unwrap is nil: true
// true
// "signup failed: a\nb"
