//go:build unix

package dsl

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// runLock is a claim on one run of a result folder: an exclusive advisory
// lock (flock) on <key>.lock, held while the run runs and its result is
// written. The operating system releases it when the process ends, however
// it ends, so a killed runner never leaves a run claimed.
type runLock struct {
	f    *os.File
	path string
}

// maxProbeRetries bounds how often tryLockRun retries a lock that a status
// probe (a shared lock, held for an instant) happens to hold.
const maxProbeRetries = 1000

// tryLockRun claims the run whose lock file is path. It returns nil and no
// error when another process (or another Run in this one) holds the run.
//
// Runners take the lock exclusively and `status` probes it with a shared
// lock that it drops at once; a failed exclusive attempt is retried while a
// shared lock can be had, since then no runner holds the run, so a probe
// never makes a runner pass over a run.
func tryLockRun(path string) (*runLock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o666)
	if err != nil {
		return nil, fmt.Errorf("dsl: lock run: %w", err)
	}
	fd := int(f.Fd())
	for range maxProbeRetries {
		err = syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return &runLock{f: f, path: path}, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) {
			break
		}
		// Held: by a runner (exclusive) or by a status probe (shared)?
		if syscall.Flock(fd, syscall.LOCK_SH|syscall.LOCK_NB) != nil {
			f.Close()
			return nil, nil // a runner has it
		}
		syscall.Flock(fd, syscall.LOCK_UN)
	}
	f.Close()
	if err == nil || errors.Is(err, syscall.EWOULDBLOCK) {
		return nil, nil
	}
	return nil, fmt.Errorf("dsl: lock run %s: %w", path, err)
}

// unlock removes the lock file and releases the lock. The file is removed
// first, while the lock is held: a process that opened it before and locks
// it after finds the run's result (written before unlock) when it looks
// again, and passes over the run.
func (l *runLock) unlock() {
	if l == nil {
		return
	}
	os.Remove(l.path)
	l.f.Close() // closing the only descriptor releases the lock
}

// runHeld reports whether a runner holds the run whose lock file is path,
// without taking the run: it takes a shared lock and drops it at once.
func runHeld(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB); err != nil {
		return errors.Is(err, syscall.EWOULDBLOCK)
	}
	syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
	return false
}
