package dsl

import (
	"context"
	"errors"
	"sync"
)

// Binding is a library bound to the sweep language: the registry of the
// names a sweep file can use and the RunFunc that runs the configurations
// that registry resolves. The language does not import the library; the
// package that binds it (dsl/library) calls Bind when it is imported, as
// database/sql drivers register themselves, so that Library and
// RunLibrary, which notebooks call, reach it.
type Binding struct {
	// Registry returns a new registry of the library's names.
	Registry func() *MapRegistry
	// Run runs one run of a plan compiled against that registry.
	Run RunFunc
}

var bound struct {
	sync.Mutex
	b Binding
}

// Bind makes b the library of Library and RunLibrary, replacing any bound
// before. A Binding with a nil Registry or Run unbinds that part.
func Bind(b Binding) {
	bound.Lock()
	defer bound.Unlock()
	bound.b = b
}

func binding() Binding {
	bound.Lock()
	defer bound.Unlock()
	return bound.b
}

// errNoLibrary is the error of RunLibrary when no library is bound.
var errNoLibrary = errors.New("dsl: no library is bound; import github.com/rbm-kernel/rbm-kernel/dsl/library")

// Library returns a new registry of the bound library's names (see Bind;
// the library of the kernel and of the command line is dsl/library's
// Registry), or an empty registry when none is bound.
func Library() *MapRegistry {
	if f := binding().Registry; f != nil {
		return f()
	}
	return &MapRegistry{}
}

// RunLibrary is the RunFunc of the bound library (see Bind; dsl/library's
// Run in the kernel and the command line): it builds and trains what j's
// configuration describes and returns the measurements taken. With no
// library bound it returns an error saying which package to import.
func RunLibrary(ctx context.Context, j *Job) ([]Point, error) {
	if f := binding().Run; f != nil {
		return f(ctx, j)
	}
	return nil, errNoLibrary
}
