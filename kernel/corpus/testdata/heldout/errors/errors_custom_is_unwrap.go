// Custom error types with Unwrap and Is methods; walking a chain with errors.Unwrap.
package main

import (
	"errors"
	"fmt"
)

// HTTPError matches any other *HTTPError with the same status code class via Is.
type HTTPError struct {
	Status int
	Err    error
}

func (e *HTTPError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("http %d: %v", e.Status, e.Err)
	}
	return fmt.Sprintf("http %d", e.Status)
}

func (e *HTTPError) Unwrap() error { return e.Err }

func (e *HTTPError) Is(target error) bool {
	t, ok := target.(*HTTPError)
	if !ok {
		return false
	}
	return t.Status/100 == e.Status/100
}

type RetryError struct {
	Attempts int
	Last     error
}

func (r RetryError) Error() string {
	return fmt.Sprintf("gave up after %d attempts: %v", r.Attempts, r.Last)
}

func (r RetryError) Unwrap() error { return r.Last }

var (
	ErrClient  = &HTTPError{Status: 400}
	ErrServer  = &HTTPError{Status: 500}
	ErrTimeout = errors.New("timeout")
)

func fetch(attempt int) error {
	switch attempt {
	case 1:
		return &HTTPError{Status: 503, Err: ErrTimeout}
	case 2:
		return &HTTPError{Status: 502}
	default:
		return &HTTPError{Status: 404, Err: errors.New("no such page")}
	}
}

func fetchWithRetry(max int) error {
	var last error
	for i := 1; i <= max; i++ {
		last = fetch(i)
		fmt.Printf("attempt %d: %v\n", i, last)
		if errors.Is(last, ErrClient) {
			return fmt.Errorf("client error, not retrying: %w", last)
		}
	}
	return RetryError{Attempts: max, Last: last}
}

func describe(err error) {
	fmt.Println("error:", err)
	fmt.Printf("  client=%t server=%t timeout=%t\n",
		errors.Is(err, ErrClient), errors.Is(err, ErrServer), errors.Is(err, ErrTimeout))
	for i, e := 0, err; e != nil; i, e = i+1, errors.Unwrap(e) {
		fmt.Printf("  %d: %T\n", i, e)
	}
	var re RetryError
	if errors.As(err, &re) {
		fmt.Println("  attempts:", re.Attempts)
	}
	var he *HTTPError
	if errors.As(err, &he) {
		fmt.Println("  outermost status:", he.Status)
	}
}

func main() {
	describe(fetchWithRetry(1))
	describe(fetchWithRetry(2))
	describe(fetchWithRetry(5))
	fmt.Println(errors.Is(&HTTPError{Status: 418}, ErrClient), errors.Is(&HTTPError{Status: 418}, ErrServer))
}

// Output:
// attempt 1: http 503: timeout
// error: gave up after 1 attempts: http 503: timeout
//   client=false server=true timeout=true
//   0: main.RetryError
//   1: *main.HTTPError
//   2: *errors.errorString
//   attempts: 1
//   outermost status: 503
// attempt 1: http 503: timeout
// attempt 2: http 502
// error: gave up after 2 attempts: http 502
//   client=false server=true timeout=false
//   0: main.RetryError
//   1: *main.HTTPError
//   attempts: 2
//   outermost status: 502
// attempt 1: http 503: timeout
// attempt 2: http 502
// attempt 3: http 404: no such page
// error: client error, not retrying: http 404: no such page
//   client=true server=false timeout=false
//   0: *fmt.wrapError
//   1: *main.HTTPError
//   2: *errors.errorString
//   outermost status: 404
// true false
