package cellio

import (
	"bytes"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"syscall"
	"testing"
)

// runtimePrintln returns what the builtin println writes to fd 2 for each
// of vs, one line each, read back through a pipe put in fd 2's place.
func runtimePrintln(t *testing.T, vs []float64) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved, err := syscall.Dup(2)
	if err != nil {
		t.Fatal(err)
	}
	out := make(chan []byte)
	go func() { b, _ := io.ReadAll(r); out <- b }()
	if err := syscall.Dup2(int(w.Fd()), 2); err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		println(v, float32(v), complex(v, -v))
	}
	if err := syscall.Dup2(saved, 2); err != nil {
		t.Fatal(err)
	}
	w.Close()
	syscall.Close(saved)
	return string(<-out)
}

// TestPrintlnAsRuntime compares Println with the builtin println on
// floating-point numbers (where the runtime's own format is), integers,
// booleans and strings.
func TestPrintlnAsRuntime(t *testing.T) {
	vs := []float64{0, math.Copysign(0, -1), 1, -1, 1.5, 0.1, 1e-300, 5e-324, math.MaxFloat64, 9.9999995, 9.99999949, 123456789, math.NaN(), math.Inf(1), math.Inf(-1)}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		vs = append(vs, math.Float64frombits(rng.Uint64()), rng.NormFloat64()*math.Pow(10, float64(rng.IntN(40)-20)))
	}
	want := runtimePrintln(t, vs)
	var got bytes.Buffer
	Set(&got, &got)
	defer Set(os.Stdout, os.Stderr)
	for _, v := range vs {
		Println(v, float32(v), complex(v, -v))
	}
	if got.String() != want {
		g, w := bytes.Split(got.Bytes(), []byte("\n")), bytes.Split([]byte(want), []byte("\n"))
		for i := range min(len(g), len(w)) {
			if !bytes.Equal(g[i], w[i]) {
				t.Fatalf("line %d: Println gives %q, the builtin %q", i+1, g[i], w[i])
			}
		}
		t.Fatalf("Println gives %d lines, the builtin %d", len(g), len(w))
	}
	got.Reset()
	Println(int8(-3), uint64(math.MaxUint64), true, "s", 'x')
	Print("a", 1, false)
	if want := "-3 18446744073709551615 true s 120\na1false"; got.String() != want {
		t.Errorf("got %q, want %q", got.String(), want)
	}
}
