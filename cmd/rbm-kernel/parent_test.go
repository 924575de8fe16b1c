package main

import (
	"context"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel"
)

func TestParentToWatch(t *testing.T) {
	for _, c := range []struct {
		value string
		ppid  int
		want  int
		ok    bool
	}{
		{"4242", 4242, 4242, true},
		{" 4242\n", 4242, 4242, true},
		{"", 4242, 0, false},       // not started by jupyter_client
		{"4242", 77, 0, false},     // started through another process
		{"1", 1, 0, false},         // init never ends
		{"many", 4242, 0, false},   // malformed
		{"-4242", -4242, 0, false}, // not a process id
	} {
		got, ok := parentToWatch(c.value, c.ppid)
		if got != c.want || ok != c.ok {
			t.Errorf("parentToWatch(%q, %d) = %d, %v; want %d, %v", c.value, c.ppid, got, ok, c.want, c.ok)
		}
	}
}

// The kernel command ends, with status 0 and a line that says why, once
// its parent (JPY_PARENT_PID) is no longer its parent: here getppid
// reports the parent for its first three calls and init after.
func TestKernelEndsWithItsParent(t *testing.T) {
	const parent = 4242
	var calls atomic.Int32
	old := getppid
	getppid = func() int {
		if calls.Add(1) <= 3 {
			return parent
		}
		return 1
	}
	defer func() { getppid = old }()

	file, _ := connFile(t)
	e, _, _ := testEnv(map[string]string{ParentEnv: strconv.Itoa(parent)})
	stderr := &lockedBuffer{}
	e.stderr = stderr
	e.newExecutor = func() (kernel.Executor, error) { return nopExec{}, nil }
	code := make(chan int, 1)
	go func() { code <- run(e, []string{"kernel", "--connection-file", file}) }()
	select {
	case c := <-code:
		if c != 0 {
			t.Errorf("exit status %d, want 0; stderr %s", c, stderr)
		}
		if !strings.Contains(stderr.String(), "the process that started the kernel has ended") {
			t.Errorf("stderr does not say why the kernel ended: %s", stderr)
		}
		if n := calls.Load(); n < 4 {
			t.Errorf("ended after %d checks of the parent, before it was gone", n)
		}
	case <-time.After(10*parentPoll + startDeadline):
		t.Fatalf("kernel still running %v after its parent ended (checks: %d); stderr %s", 10*parentPoll, calls.Load(), stderr)
	}
}

// watchParent leaves a kernel whose parent stays alone, and returns when
// the kernel ends for another reason.
func TestWatchParentStaysWhileTheParentLives(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var checks atomic.Int32
	stopped := make(chan struct{})
	done := make(chan struct{})
	go func() {
		watchParent(ctx, 4242, func() int {
			if checks.Add(1) == 20 {
				cancel() // the kernel ends on its own after 20 checks
			}
			return 4242
		}, time.Millisecond, slog.New(slog.NewTextHandler(io.Discard, nil)), func() { close(stopped) })
		close(done)
	}()
	<-done
	select {
	case <-stopped:
		t.Fatal("stopped the kernel while its parent was alive")
	default:
	}
	if n := checks.Load(); n < 20 {
		t.Errorf("returned after %d checks, before the kernel ended", n)
	}
}
