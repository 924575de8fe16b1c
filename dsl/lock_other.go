//go:build !unix

package dsl

// runLock is a claim on one run; without flock (on systems other than
// Unix) runs are not locked and two runners in one folder may run the same
// run, as before locks existed.
type runLock struct{}

func tryLockRun(path string) (*runLock, error) { return &runLock{}, nil }

func (l *runLock) unlock() {}

func runHeld(path string) bool { return false }
