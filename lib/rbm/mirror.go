package rbm

import (
	"math"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/rbm-kernel/rbm-kernel/internal/kern"
	"github.com/rbm-kernel/rbm-kernel/internal/params32"
)

// The float32 copy of a model's parameters (docs/precision.md). A model of
// precision Float32 keeps W32 = fl32(W), B32 = fl32(B), C32 = fl32(C),
// which its float32 samplers, learners and AIS read instead of rounding
// the m·n weights at every call. The float64 parameters stay the master:
// the copy is only ever fl32 of them, made again whenever it may be stale:
//
//   - never made, or the precision was not Float32 at the last call (an
//     optimiser then updated W alone);
//   - Changed was called, or Params (which hands out the slices to be
//     written) was;
//   - W, B or C was replaced (another backing array or length);
//   - a spot check fails: every call compares the whole of B and C and 16
//     weights (a different 16 each call, stepping by about m·n/φ) with
//     the copy. It catches most direct writes that skip Changed (a rescaled
//     W, a reset bias), but not every one: Changed is the contract.
//
// learn.SGD writes the copy in the same pass as W, B and C (fl32 of the new
// float64 values), so that training stays consistent without a conversion,
// and marks the copy's transpose stale (params32.Wrote). The transpose,
// fl32(W)ᵀ for the samplers' back products H·Wᵀ, is made on demand under
// OpenBLAS (params32.Transposed) and again whenever the copy is made again
// or written.

func init() {
	params32.Of = func(m any) *params32.Params { return m.(*Binary).params32() }
	params32.Transposed = func(m any) (*params32.Params, kern.General[float32]) { return m.(*Binary).copies(true) }
	params32.Wrote = func(m any) {
		if f := m.(*Binary).mirror(false); f != nil {
			f.mu.Lock()
			f.wtValid = false
			f.mu.Unlock()
		}
	}
	params32.TransposedCurrent = func(m any) bool {
		if f := m.(*Binary).mirror(false); f != nil {
			f.mu.Lock()
			defer f.mu.Unlock()
			return f.valid && f.wtValid
		}
		return false
	}
	params32.Current = func(m any) (*params32.Params, bool) {
		if f := m.(*Binary).mirror(false); f != nil {
			f.mu.Lock()
			defer f.mu.Unlock()
			return &f.p, f.valid
		}
		return nil, false
	}
}

// mirror32 is a model's float32 copy and what it was made from. mu
// serialises the checks and remakes of concurrent readers (methods that
// only read a model may run concurrently, see the package doc); the model
// holds it through a pointer set once by compare-and-swap, so that a
// Binary stays a plain value to copy.
type mirror32 struct {
	mu    sync.Mutex
	p     params32.Params
	buf   []float32
	w, b  *float64 // the first elements of W's data and B when made
	c     *float64
	nw    int // len of W's data, B and C when made
	nb    int
	nc    int
	valid bool
	probe uint64 // the spot check's position

	// wt is Wᵀ of the copy (params32.Transposed), current if wtValid.
	wt      kern.General[float32]
	wtBuf   []float32
	wtValid bool
}

// Changed tells m that W, B or C were written directly (not through
// learn.SGD, which keeps the float32 copy current itself): a model of
// precision Float32 makes its float32 copy of the parameters again, from
// the float64 ones, before the next sampling, learning or AIS call reads
// it. It costs nothing for a Float64 model. Call it after writing the
// parameters of a Float32 model (Params does it for you).
func (m *Binary) Changed() {
	if f := m.mirror(false); f != nil {
		f.mu.Lock()
		f.valid = false
		f.mu.Unlock()
	}
}

// mirror returns m's mirror32, making it first if create is set (nil
// otherwise when there is none).
func (m *Binary) mirror(create bool) *mirror32 {
	ptr := (*unsafe.Pointer)(unsafe.Pointer(&m.f32))
	if f := (*mirror32)(atomic.LoadPointer(ptr)); f != nil || !create {
		return f
	}
	atomic.CompareAndSwapPointer(ptr, nil, unsafe.Pointer(new(mirror32)))
	return (*mirror32)(atomic.LoadPointer(ptr))
}

// params32 returns the float32 copy of m's parameters, making it again if
// it may be stale, or nil when m's precision is not Float32.
func (m *Binary) params32() *params32.Params {
	p, _ := m.copies(false)
	return p
}

// copies is params32 and, if transposed is set and params32.UseTransposed
// reports true, the transpose of the copy's W, made if need be (else a
// matrix with no rows), both under one lock and one check of the copy.
func (m *Binary) copies(transposed bool) (*params32.Params, kern.General[float32]) {
	if m.Precision != Float32 {
		m.Changed()
		return nil, kern.General[float32]{}
	}
	f := m.mirror(true)
	f.mu.Lock()
	defer f.mu.Unlock()
	w := m.W.RawMatrix().Data
	if !f.valid || f.nw != len(w) || f.nb != len(m.B) || f.nc != len(m.C) ||
		f.w != unsafe.SliceData(w) || f.b != unsafe.SliceData(m.B) || f.c != unsafe.SliceData(m.C) ||
		!f.spotCheck(w, m.B, m.C) {
		f.make(m)
	}
	if !transposed || !params32.UseTransposed() {
		return &f.p, kern.General[float32]{}
	}
	if !f.wtValid {
		f.transpose()
	}
	return &f.p, f.wt
}

// make sets the copy to fl32 of m's parameters.
func (f *mirror32) make(m *Binary) {
	w := m.W.RawMatrix().Data
	nv, nh := m.W.Dims()
	need := len(w) + len(m.B) + len(m.C)
	if cap(f.buf) < need {
		f.buf = make([]float32, need)
	}
	buf := f.buf[:need]
	f.p.W = kern.General[float32]{Rows: nv, Cols: nh, Stride: nh, Data: buf[:len(w):len(w)]}
	f.p.B = buf[len(w) : len(w)+len(m.B) : len(w)+len(m.B)]
	f.p.C = buf[len(w)+len(m.B):]
	kern.Convert(f.p.W.Data, w)
	kern.Convert(f.p.B, m.B)
	kern.Convert(f.p.C, m.C)
	f.w, f.b, f.c = unsafe.SliceData(w), unsafe.SliceData(m.B), unsafe.SliceData(m.C)
	f.nw, f.nb, f.nc = len(w), len(m.B), len(m.C)
	f.valid = true
	f.wtValid = false
}

// transpose sets wt to the transpose of the copy's W.
func (f *mirror32) transpose() {
	nv, nh := f.p.W.Rows, f.p.W.Cols
	if cap(f.wtBuf) < nv*nh {
		f.wtBuf = make([]float32, nv*nh)
	}
	f.wt = kern.General[float32]{Rows: nh, Cols: nv, Stride: nv, Data: f.wtBuf[: nv*nh : nv*nh]}
	kern.Transpose(f.wt, f.p.W)
	f.wtValid = true
}

// spotCheck reports whether B and C, and 16 weights, equal fl32 of the
// float64 parameters, compared as bits (so that a NaN parameter, which
// Validate refuses anyway, does not make the copy again at every call).
func (f *mirror32) spotCheck(w, b, c []float64) bool {
	for i, x := range b {
		if math.Float32bits(float32(x)) != math.Float32bits(f.p.B[i]) {
			return false
		}
	}
	for j, x := range c {
		if math.Float32bits(float32(x)) != math.Float32bits(f.p.C[j]) {
			return false
		}
	}
	if len(w) == 0 {
		return true
	}
	n := uint64(len(w))
	for range 16 {
		// A stride near n/φ: successive positions spread over W.
		f.probe = (f.probe + uint64(float64(n)*0.6180339887498949) | 1) % n
		if math.Float32bits(float32(w[f.probe])) != math.Float32bits(f.p.W.Data[f.probe]) {
			return false
		}
	}
	return true
}
