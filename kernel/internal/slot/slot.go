// Package slot holds the one process-wide value that a package of the
// kernel lets the kernel install, as display's sink and input's asker: set
// and read from any goroutine.
package slot

import "sync"

// Slot holds a value of type T; its zero value holds T's zero value. It
// is safe for concurrent use.
type Slot[T any] struct {
	mu sync.RWMutex
	v  T
}

// Swap installs v and returns the value it replaces.
func (s *Slot[T]) Swap(v T) (old T) {
	s.mu.Lock()
	defer s.mu.Unlock()
	old, s.v = s.v, v
	return old
}

// Get returns the value installed.
func (s *Slot[T]) Get() T {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.v
}
