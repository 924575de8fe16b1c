package front

import (
	"strings"
	"testing"
)

// accepted are programs that both importers must accept, giving every
// expression the same type.
var accepted = map[string]string{
	"fmt-strings-strconv": `package p
import ("fmt"; "strconv"; "strings")
func f() {
	s := strings.Repeat("ab", 3)
	n, err := strconv.Atoi("12")
	fmt.Println(s, n, err)
	var b strings.Builder
	b.WriteString("x")
	_ = b.String() + strings.ToUpper(s)
	r := strings.NewReader(s)
	c, _ := r.ReadByte()
	fields := strings.Fields(" a b ")
	q := strconv.Quote(strings.Join(fields, ","))
	x, _ := strconv.ParseFloat(q, 64)
	_ = fmt.Sprintf("%v %d %c", x, len(fields), c)
	fmt.Fprintln(&b, strconv.FormatInt(int64(n), 16), strconv.IntSize)
	var st fmt.Stringer = &b
	_ = st
	_ = fmt.Errorf("wrap: %w", err)
	rep := strings.NewReplacer("a", "b")
	_ = rep.Replace(s)
}`,
	"sort-math-bytes-errors": `package p
import ("bytes"; "errors"; "io/fs"; "math"; "os"; "sort")
func f() {
	xs := []float64{3, 1, 2}
	sort.Float64s(xs)
	sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
	i := sort.SearchFloat64s(xs, 2)
	m := math.Max(xs[0], math.Inf(1)) * math.Pi
	const c = math.Pi * 2
	var k int64 = math.MaxInt64 / 2
	var u uint64 = math.MaxUint64
	var buf bytes.Buffer
	buf.WriteString("x")
	_, _ = buf.WriteTo(&buf)
	e := errors.New("x")
	var pe *fs.PathError
	if errors.Is(e, os.ErrNotExist) || errors.As(e, &pe) {
		_ = pe.Op
	}
	_ = bytes.Compare(buf.Bytes(), nil) + i
	var si sort.Interface = sort.StringSlice(nil)
	_ = sort.IntSlice{1, 2}.Len() + si.Len()
	_, _, _, _ = m, c, k, u
	_ = errors.Join(e, e).Error()
	_ = math.Float64bits(math.NaN()) >> 3
}`,
	"time-io-os-sync": `package p
import ("io"; "os"; "sync"; "time")
func f() {
	d := 3 * time.Second
	t := time.Now().Add(d)
	_ = t.Sub(time.Now()).Seconds()
	_ = d.String() + t.Format(time.RFC3339)
	tk := time.NewTicker(time.Millisecond)
	v := <-tk.C
	tk.Stop()
	_ = v.Year()
	var mu sync.Mutex
	mu.Lock()
	defer mu.Unlock()
	var wg sync.WaitGroup
	wg.Add(1)
	var once sync.Once
	once.Do(func() {})
	var r io.Reader = os.Stdin
	data, err := io.ReadAll(io.LimitReader(r, 10))
	_ = len(os.Args) + len(data)
	f, err := os.Open("x")
	if err == nil {
		defer f.Close()
		fi, _ := f.Stat()
		_ = fi.Mode().IsDir()
		_ = os.ModePerm & fi.Mode()
	}
	var w io.Writer = io.Discard
	_, _ = io.Copy(w, r)
	var m sync.Map
	m.Store("a", 1)
	val, ok := m.Load("a")
	_, _ = val, ok
	_ = time.Duration(5).Hours()
	_ = time.Month(3) == time.March
	var rw sync.RWMutex
	rw.RLock()
	var l sync.Locker = &rw
	l.Lock()
	select {
	case <-time.After(d):
	default:
	}
}`,
	"rand-json": `package p
import ("encoding/json"; "io"; "math/rand/v2")
type T struct {
	A int ` + "`json:\"a\"`" + `
	B []string
}
func f() {
	r := rand.New(rand.NewPCG(1, 2))
	x := r.Float64() + rand.Float64()
	n := rand.IntN(10) + r.IntN(3)
	perm := rand.Perm(5)
	b, err := json.Marshal(T{A: n, B: nil})
	var t T
	err = json.Unmarshal(b, &t)
	dec := json.NewDecoder(nil)
	err = dec.Decode(&t)
	var raw json.RawMessage = b
	enc := json.NewEncoder(io.Discard)
	enc.SetIndent("", " ")
	err = enc.Encode(raw)
	var se *json.SyntaxError
	_, _, _, _ = x, perm, err, se.Offset
	var src rand.Source = rand.NewPCG(3, 4)
	_ = src.Uint64()
}`,
	"rbm-mat": `package p
import ("fmt"; "github.com/rbm-kernel/rbm-kernel/lib/rbm"; "gonum.org/v1/gonum/mat")
func f() {
	b, err := rbm.NewBinary(4, 3, &rbm.Init{WeightStd: 0.01, Seed: 1})
	if err != nil {
		return
	}
	h := b.Hidden() + b.Visible()
	r, c := b.W.Dims()
	d := mat.NewDense(2, 2, []float64{1, 2, 3, 4})
	var m mat.Matrix = d
	var p mat.Dense
	p.Mul(d, m.T())
	_ = p.At(0, 1) + mat.Sum(d) + b.B[0]
	var model rbm.Model = b
	_ = model.Params()
	cl := b.Clone()
	_ = cl.Energy(nil, nil)
	v := mat.NewVecDense(2, nil)
	v.MulVec(d, v)
	_ = v.AtVec(0)
	fmt.Println(mat.Formatted(d, mat.Prefix(" ")), h, r, c)
	logZ, err := b.ExactLogZ()
	_, _ = logZ, rbm.MaxExactUnits
	var prog rbm.Progress = func(done, total int) {}
	_ = prog
}`,
	"sealed-interfaces": `package p
import ("go/ast"; "go/token"; "testing")
func f(t *testing.T) {
	var e ast.Expr = &ast.Ident{Name: "x"}
	var s ast.Stmt = &ast.ExprStmt{X: e}
	var n ast.Node = s
	_ = n.Pos() == token.NoPos
	var tb testing.TB = t
	tb.Log("x")
}`,
}

func TestAcceptedSameTypes(t *testing.T) {
	for name, src := range accepted {
		t.Run(name, func(t *testing.T) {
			fset, _, ours, theirs := checkBoth(t, src)
			for _, err := range theirs.errs {
				t.Errorf("source importer: %s", errorString(fset, err))
			}
			for _, err := range ours.errs {
				t.Errorf("Importer: %s", errorString(fset, err))
			}
			n := compareTypes(t, fset, src, ours, theirs)
			if n < 20 {
				t.Errorf("only %d expressions compared", n)
			}
			t.Logf("%d expressions compared", n)
		})
	}
}

// rejected are programs that both importers must reject with the same
// errors (go/types code and message).
var rejected = map[string]string{
	"no such method":      `package p; import "time"; func f() { time.Now().Frobnicate() }`,
	"wrong argument type": `package p; import "strings"; func f() { _ = strings.Repeat(1, "a") }`,
	"duration to int":     `package p; import "time"; func f() { var n int = time.Second; _ = n }`,
	"const overflow":      `package p; import "math"; func f() { var x int8 = math.MaxInt64; _ = x }`,
	"const overflow int":  `package p; import "math"; func f() { x := math.MaxUint64; _ = x }`,
	"float const to int":  `package p; import "math"; func f() { var n int = math.Pi; _ = n }`,
	"too few arguments":   `package p; import "strconv"; func f() { _ = strconv.Itoa() }`,
	"not an io.Reader":    `package p; import "io"; func f() { var r io.Reader = 3; _ = r }`,
	"rbm argument":        `package p; import "github.com/rbm-kernel/rbm-kernel/lib/rbm"; func f() { rbm.NewBinary("a", 2, nil) }`,
	"pointer receiver":    `package p; import "gonum.org/v1/gonum/mat"; func f() { var m mat.Matrix = mat.Dense{}; _ = m }`,
	"unexported field":    `package p; import "time"; func f() { _ = time.Time{}.wall }`,
	"undefined name":      `package p; import "fmt"; func f() { fmt.Printlnx() }`,
	"typed const mix":     `package p; import ("os"; "time"); func f() { _ = time.Second + os.ModePerm }`,
	"recv-only chan":      `package p; import "time"; func f() { time.NewTicker(1).C <- time.Now() }`,
	"variadic spread":     `package p; import "fmt"; func f() { fmt.Println([]int{1}...) }`,
	"sealed by outsider":  `package p; import ("go/ast"; "go/token"); type E struct{}; func (E) Pos() token.Pos { return 0 }; func (E) End() token.Pos { return 0 }; var _ ast.Expr = E{}`,
}

func TestRejectedSameErrors(t *testing.T) {
	for name, src := range rejected {
		t.Run(name, func(t *testing.T) {
			fset, _, ours, theirs := checkBoth(t, src)
			if len(theirs.errs) == 0 {
				t.Fatal("the source importer accepts the program")
			}
			if len(ours.errs) != len(theirs.errs) {
				t.Errorf("%d errors with the Importer, %d with the source importer", len(ours.errs), len(theirs.errs))
			}
			for i := 0; i < min(len(ours.errs), len(theirs.errs)); i++ {
				got, want := ours.errs[i], theirs.errs[i]
				if errorCode(got) != errorCode(want) || errorString(fset, got) != errorString(fset, want) {
					t.Errorf("error %d:\n got [%d] %s\nwant [%d] %s", i,
						errorCode(got), errorString(fset, got), errorCode(want), errorString(fset, want))
				}
			}
			t.Logf("%s", strings.ReplaceAll(errorString(fset, ours.errs[0]), "\n", " "))
		})
	}
}

// TestUnexportedMethodKnownGap shows the one kind of error that differs
// in wording: an unexported method that no sealed interface brings in is
// missing, so it is undefined rather than unexported. Both reject it.
func TestUnexportedMethodKnownGap(t *testing.T) {
	src := `package p; import "bytes"; func f() { var b bytes.Buffer; b.grow(1) }`
	fset, _, ours, theirs := checkBoth(t, src)
	if len(ours.errs) != 1 || len(theirs.errs) != 1 {
		t.Fatalf("errors: %v and %v", ours.errs, theirs.errs)
	}
	if errorCode(ours.errs[0]) != errorCode(theirs.errs[0]) {
		t.Errorf("codes %d and %d", errorCode(ours.errs[0]), errorCode(theirs.errs[0]))
	}
	got, want := errorString(fset, ours.errs[0]), errorString(fset, theirs.errs[0])
	if !strings.Contains(got, "has no field or method grow") || !strings.Contains(want, "cannot refer to unexported method grow") {
		t.Errorf("got %q, want %q", got, want)
	}
}
