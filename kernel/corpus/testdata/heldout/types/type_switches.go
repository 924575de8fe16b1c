// Type switches and comma-ok type assertions over a heterogeneous []any, including custom error types.
package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

type Celsius float64

func (c Celsius) String() string { return strconv.FormatFloat(float64(c), 'f', 1, 64) + "°C" }

type Point struct{ X, Y int }

type NotFoundError struct{ Key string }

func (e *NotFoundError) Error() string { return "not found: " + e.Key }

func classify(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case int:
		if x < 0 {
			return "negative int " + strconv.Itoa(x)
		}
		return "int " + strconv.Itoa(x)
	case int64, uint8:
		return fmt.Sprintf("sized integer %T(%v)", x, x)
	case float64:
		return fmt.Sprintf("float64 %.3f", x)
	case string:
		return fmt.Sprintf("string of length %d: %q", len(x), x)
	case []int:
		sum := 0
		for _, n := range x {
			sum += n
		}
		return fmt.Sprintf("[]int with sum %d", sum)
	case map[string]int:
		return fmt.Sprintf("map with %d keys", len(x))
	case error:
		return "error: " + x.Error()
	case fmt.Stringer:
		return "stringer " + x.String()
	case Point:
		return fmt.Sprintf("point at %d,%d", x.X, x.Y)
	case *Point:
		if x == nil {
			return "nil *Point"
		}
		return fmt.Sprintf("pointer to point %+v", *x)
	case func(int) int:
		return "func, f(10) = " + strconv.Itoa(x(10))
	default:
		return fmt.Sprintf("unhandled %T", x)
	}
}

func lookup(m map[string]int, key string) (int, error) {
	if v, ok := m[key]; ok {
		return v, nil
	}
	return 0, fmt.Errorf("lookup: %w", &NotFoundError{Key: key})
}

func main() {
	var nilPoint *Point
	values := []any{
		42, -7, int64(1) << 40, uint8(255), 3.14159, "héllo", []int{1, 2, 3},
		map[string]int{"a": 1, "b": 2}, errors.New("boom"), Celsius(21.5),
		Point{1, 2}, &Point{3, 4}, nilPoint, func(n int) int { return n * n },
		nil, struct{}{}, true, 'x',
	}
	for i, v := range values {
		fmt.Printf("%2d: %s\n", i, classify(v))
	}

	var v any = "text"
	s, ok := v.(string)
	fmt.Printf("string assertion: %q %v\n", s, ok)
	n, ok := v.(int)
	fmt.Printf("int assertion: %d %v\n", n, ok)
	_, ok = v.(fmt.Stringer)
	fmt.Println("is Stringer:", ok)

	func() {
		defer func() {
			r := recover()
			fmt.Println("recovered:", strings.Contains(fmt.Sprint(r), "interface conversion"))
		}()
		_ = v.(float64)
	}()

	m := map[string]int{"x": 1}
	_, err := lookup(m, "y")
	fmt.Println(err)
	var nf *NotFoundError
	if errors.As(err, &nf) {
		fmt.Println("missing key:", nf.Key)
	}
	if val, err := lookup(m, "x"); err == nil {
		fmt.Println("found x =", val)
	}
}

// Output:
//  0: int 42
//  1: negative int -7
//  2: sized integer int64(1099511627776)
//  3: sized integer uint8(255)
//  4: float64 3.142
//  5: string of length 6: "héllo"
//  6: []int with sum 6
//  7: map with 2 keys
//  8: error: boom
//  9: stringer 21.5°C
// 10: point at 1,2
// 11: pointer to point {X:3 Y:4}
// 12: nil *Point
// 13: func, f(10) = 100
// 14: nil
// 15: unhandled struct {}
// 16: unhandled bool
// 17: unhandled int32
// string assertion: "text" true
// int assertion: 0 false
// is Stringer: false
// recovered: true
// lookup: not found: y
// missing key: y
// found x = 1
