package worker

import (
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"syscall"

	"github.com/rbm-kernel/rbm-kernel/kernel"
)

// describeExit says how a process ended, from cmd.Wait's error.
func describeExit(err error) string {
	if err == nil {
		return "exit status 0"
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return "killed by signal " + signalName(ws.Signal())
		}
		return fmt.Sprintf("exit status %d", ee.ExitCode())
	}
	return err.Error()
}

func signalName(s syscall.Signal) string {
	switch s {
	case syscall.SIGKILL:
		return "SIGKILL"
	case syscall.SIGSEGV:
		return "SIGSEGV"
	case syscall.SIGABRT:
		return "SIGABRT"
	case syscall.SIGBUS:
		return "SIGBUS"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}

// cause names why a worker died from its exit and the cause lines of its
// stderr (see tail): an error name and a one-line value.
func cause(exit error, causes []string) (name, value string) {
	has := func(prefix string) (string, bool) {
		for _, c := range causes {
			if strings.HasPrefix(c, prefix) {
				return c, true
			}
		}
		return "", false
	}
	if _, ok := has("fatal error: stack overflow"); ok {
		value := "stack overflow"
		if l, ok := has("runtime: goroutine stack exceeds"); ok {
			value += ": " + strings.TrimPrefix(l, "runtime: ")
		}
		if l, ok := has(innermostPrefix); ok {
			value += ", in " + nativeFunc(strings.TrimPrefix(l, innermostPrefix))
		}
		return "StackOverflow", value + " (a recursion without end in compiled code?)"
	}
	if _, ok := has("runtime: out of memory"); ok {
		return "OutOfMemory", "out of memory: an allocation failed"
	}
	if l, ok := has("fatal error: runtime: out of memory"); ok {
		return "OutOfMemory", strings.TrimPrefix(l, "fatal error: ")
	}
	if l, ok := has("fatal error: "); ok {
		return "FatalError", strings.TrimPrefix(l, "fatal error: ")
	}
	if l, ok := has("panic: "); ok {
		return "Panic", strings.TrimPrefix(l, "panic: ") +
			" (in a goroutine the cell did not start, e.g. a callback run by the library or the standard library)"
	}
	for _, p := range []string{"SIGSEGV", "SIGBUS", "SIGILL", "SIGFPE", "SIGABRT", "SIGTRAP", "unexpected signal"} {
		if l, ok := has(p); ok {
			return "Signal", "a signal in native code: " + l
		}
	}
	d := describeExit(exit)
	if strings.HasPrefix(d, "killed by signal SIGKILL") {
		return "Signal", d + " (by the system, perhaps for lack of memory)"
	}
	if strings.HasPrefix(d, "killed by signal") {
		return "Signal", d
	}
	return "Exit", "the worker ended: " + d
}

// deathError is the error of a cell whose worker died or was stopped.
// cells is how many cells %rerun would execute again.
func deathError(name, value string, cells int) *kernel.ExecError {
	again := "%rerun executes again, in order, the cells that had succeeded in the lost session"
	if cells > 0 {
		again = fmt.Sprintf("%%rerun executes again, in order, the %d cells that had succeeded in the lost session", cells)
	}
	return &kernel.ExecError{
		Name:  name,
		Value: value,
		Traceback: []string{
			name + ": " + value,
			"The worker process that ran this session ended, and with it the session's state " +
				"(the variables, functions, types and imports of earlier cells). The kernel is still connected: " +
				"a fresh worker runs the next cell. " + again + ".",
		},
	}
}

// nativeFunc names the function of a traceback frame line
// ("fmt.(*pp).printValue({0x5c8e40?, ...}, 0x76, 0x2)" → "fmt.(*pp).printValue"),
// or says "the interpreter" for yaegi's own frames, whose cell lines the
// traceback does not show.
func nativeFunc(frame string) string {
	name := frame
	if i := strings.LastIndex(frame, "("); i > 0 && strings.HasSuffix(frame, ")") {
		name = frame[:i]
	}
	if strings.HasPrefix(name, "github.com/traefik/yaegi/") {
		return "the interpreter (interpreted code)"
	}
	return name
}
