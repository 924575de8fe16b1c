package goexec

import (
	"context"
	"errors"
	"reflect"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/traefik/yaegi/interp"
)

// runner executes compiled chunks with cancellation, as
// (*interp.Interpreter).ExecuteWithContext does, but without its two
// problems: that function returns on cancellation while the interpreter's
// goroutine still writes its named results (a data race that `go test
// -race` reports) and it gives no way to know when that goroutine has
// ended, so the next cell could compile while the last one is still
// unwinding.
//
// It needs three unexported fields of yaegi's Interpreter (v0.16.1): id,
// the run counter that every interpreted frame compares with its own to
// know it must stop; done, the channel that blocked channel operations
// select on; and cancelChan, which makes channel operations cancellable.
// newRunner finds them by reflection and reports whether it did; if a
// yaegi upgrade renames them, the Executor falls back to
// ExecuteWithContext (see Executor.execute).
type runner struct {
	in         *interp.Interpreter
	id         *uint64
	mu         *sync.RWMutex
	done       *chan struct{}
	cancelChan *bool
}

func newRunner(in *interp.Interpreter) (*runner, bool) {
	v := reflect.ValueOf(in).Elem()
	field := func(name string, t reflect.Type) unsafe.Pointer {
		f := v.FieldByName(name)
		if !f.IsValid() || f.Type() != t {
			return nil
		}
		return unsafe.Pointer(f.UnsafeAddr())
	}
	r := &runner{in: in}
	id := field("id", reflect.TypeFor[uint64]())
	mu := field("mutex", reflect.TypeFor[sync.RWMutex]())
	done := field("done", reflect.TypeFor[chan struct{}]())
	cc := field("cancelChan", reflect.TypeFor[bool]())
	if id == nil || mu == nil || done == nil || cc == nil {
		return nil, false
	}
	r.id = (*uint64)(id)
	r.mu = (*sync.RWMutex)(mu)
	r.done = (*chan struct{})(done)
	r.cancelChan = (*bool)(cc)
	return r, true
}

// execute runs prog until it ends or ctx is cancelled. On cancellation it
// lets the execution run on for delay (none when ctx's cause is
// errAborted), then stops every interpreted goroutine of the interpreter
// (yaegi cannot stop only some) and returns ctx.Err() once the execution
// has ended, or after grace, whichever comes first; a negative grace waits
// for the end. unfinished is then non-nil and is closed when the execution
// ends at last: compiled code that does not watch its context runs on
// until it returns.
func (r *runner) execute(ctx context.Context, prog *interp.Program, delay, grace time.Duration) (unfinished <-chan struct{}, err error) {
	r.mu.Lock()
	done := make(chan struct{})
	*r.done = done
	*r.cancelChan = true
	r.mu.Unlock()

	finished := make(chan struct{})
	var runErr error
	go func() {
		returned := false
		defer func() {
			if !returned && runErr == nil {
				// Neither a return nor a panic (Execute recovers those):
				// runtime.Goexit ended the goroutine.
				runErr = errGoexit
			}
			close(finished)
		}()
		_, runErr = r.in.Execute(prog)
		returned = true
	}()
	select {
	case <-finished:
		return nil, runErr
	case <-ctx.Done():
	}
	if context.Cause(ctx) != errAborted && delay > 0 {
		t := time.NewTimer(delay)
		select {
		case <-finished:
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
	atomic.AddUint64(r.id, 1)
	close(done)
	if grace < 0 {
		<-finished
		return nil, ctx.Err()
	}
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-finished:
		return nil, ctx.Err()
	case <-t.C:
		return finished, ctx.Err()
	}
}

// errGoexit is the error of a chunk whose goroutine runtime.Goexit ended:
// the rest of the cell did not run, which must not pass for success.
var errGoexit = errors.New("runtime.Goexit ended the cell's goroutine: the rest of the cell did not run")

// stopAll stops every interpreted goroutine, as an interrupt does, when no
// execution is under way (Reset).
func (r *runner) stopAll() {
	atomic.AddUint64(r.id, 1)
	r.mu.Lock()
	defer r.mu.Unlock()
	if d := *r.done; d != nil {
		select {
		case <-d:
		default:
			close(d)
		}
	}
}
