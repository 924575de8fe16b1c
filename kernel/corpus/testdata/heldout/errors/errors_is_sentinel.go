// Sentinel errors compared with errors.Is through wrapping, versus == on the wrapped value.
package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
)

var (
	ErrEmpty    = errors.New("empty input")
	ErrTooLarge = errors.New("value too large")
)

func parseSize(s string) (int, error) {
	if s == "" {
		return 0, ErrEmpty
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("parse size %q: %w", s, err)
	}
	if n > 1000 {
		return 0, fmt.Errorf("size %d: %w", n, ErrTooLarge)
	}
	return n, nil
}

func readChunk(data []byte, off int) (byte, error) {
	if off >= len(data) {
		return 0, fmt.Errorf("read at %d: %w", off, io.EOF)
	}
	return data[off], nil
}

func main() {
	inputs := []string{"42", "", "abc", "5000", "999999999999999999999"}
	for _, in := range inputs {
		n, err := parseSize(in)
		switch {
		case err == nil:
			fmt.Printf("%-24q -> %d\n", in, n)
		case errors.Is(err, ErrEmpty):
			fmt.Printf("%-24q -> empty (direct==%t)\n", in, err == ErrEmpty)
		case errors.Is(err, ErrTooLarge):
			fmt.Printf("%-24q -> too large (direct==%t): %v\n", in, err == ErrTooLarge, err)
		case errors.Is(err, strconv.ErrRange):
			fmt.Printf("%-24q -> out of range: %v\n", in, err)
		case errors.Is(err, strconv.ErrSyntax):
			fmt.Printf("%-24q -> syntax: %v\n", in, err)
		default:
			fmt.Printf("%-24q -> other: %v\n", in, err)
		}
	}

	data := []byte("hi")
	for off := 0; ; off++ {
		b, err := readChunk(data, off)
		if errors.Is(err, io.EOF) {
			fmt.Println("stopped:", err)
			break
		}
		fmt.Printf("byte %d = %c\n", off, b)
	}

	var numErr *strconv.NumError
	_, err := parseSize("12x")
	if errors.As(err, &numErr) {
		fmt.Printf("NumError Func=%s Num=%q Err=%v\n", numErr.Func, numErr.Num, numErr.Err)
	}

	fmt.Println(errors.Is(fs.ErrNotExist, fs.ErrNotExist), errors.Is(nil, io.EOF), errors.Is(io.EOF, nil))
}

// Output:
// "42"                     -> 42
// ""                       -> empty (direct==true)
// "abc"                    -> syntax: parse size "abc": strconv.Atoi: parsing "abc": invalid syntax
// "5000"                   -> too large (direct==false): size 5000: value too large
// "999999999999999999999"  -> out of range: parse size "999999999999999999999": strconv.Atoi: parsing "999999999999999999999": value out of range
// byte 0 = h
// byte 1 = i
// stopped: read at 2: EOF
// NumError Func=Atoi Num="12x" Err=invalid syntax
// true false false
