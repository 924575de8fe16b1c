//go:build unix

package dsl

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// TestTwoRunnersShareFolder starts a second Run on a folder while the first
// holds a run (two terminals, or two array tasks given the same shard):
// before, both ran all 24 runs. Now every run runs exactly once: the
// second passes over the run the first holds, the first over those the
// second stored meanwhile; and status, while the first holds its run, says
// it is running.
func TestTwoRunnersShareFolder(t *testing.T) {
	p := mustPlan(t, resumeSweep)
	dir := t.TempDir()
	var mu sync.Mutex
	calls := map[string]int{}
	count := func(j *Job) {
		mu.Lock()
		calls[j.Key]++
		mu.Unlock()
	}
	holding := make(chan string)
	release := make(chan struct{})
	first := make(chan *Summary)
	go func() {
		st, _ := OpenStore(dir)
		held := false
		sum, err := Run(context.Background(), p, st, func(ctx context.Context, j *Job) ([]Point, error) {
			count(j)
			if !held {
				held = true
				holding <- j.Key
				<-release // until the second runner is done
			}
			return fakeRun(ctx, j)
		}, &Options{Workers: 1})
		if err != nil {
			t.Error(err)
		}
		first <- sum
	}()
	heldKey := <-holding

	var out bytes.Buffer
	if err := WriteStatus(&out, mustPlan(t, resumeSweep), dir); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "24 missing, 1 running") || !strings.Contains(out.String(), "running 0 "+heldKey) ||
		strings.Contains(out.String(), "missing 0 ") {
		t.Errorf("status while a run is held:\n%s", out.String())
	}

	st2, _ := OpenStore(dir)
	sum2, err := Run(context.Background(), p, st2, func(ctx context.Context, j *Job) ([]Point, error) {
		count(j)
		return fakeRun(ctx, j)
	}, &Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	close(release)
	sum1 := <-first
	if sum2.Done != 23 || sum2.Busy != 1 || sum1.Done != 1 || sum1.Busy != 23 {
		t.Errorf("first runner %+v, second %+v; want 1 and 23 done", sum1, sum2)
	}
	if !strings.Contains(sum2.String(), "1 left to another runner") {
		t.Errorf("summary %q does not say a run was left to another runner", sum2)
	}
	for _, j := range p.Jobs {
		if calls[j.Key] != 1 {
			t.Errorf("run %d ran %d times, want once", j.Index, calls[j.Key])
		}
	}
	if locks, _ := filepath.Glob(filepath.Join(dir, "*.lock")); len(locks) != 0 {
		t.Errorf("lock files left behind: %v", locks)
	}
	out.Reset()
	WriteStatus(&out, mustPlan(t, resumeSweep), dir)
	if strings.Contains(out.String(), "running") {
		t.Errorf("status after both runners ended:\n%s", out.String())
	}
}

// TestLockReleasedOnDeath checks the claim of a run against a second
// descriptor, as another process would see it: held while locked, free
// once the holder's descriptor closes (as when the process dies), and a
// status probe (runHeld) never takes it.
func TestLockReleasedOnDeath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.lock")
	l, err := tryLockRun(path)
	if err != nil || l == nil {
		t.Fatalf("first claim: %v, %v", l, err)
	}
	if !runHeld(path) {
		t.Error("runHeld: false while claimed")
	}
	if l2, err := tryLockRun(path); l2 != nil || err != nil {
		t.Errorf("second claim of a held run: %v, %v", l2, err)
	}
	l.f.Close() // the process's end closes it without unlock
	if runHeld(path) {
		t.Error("runHeld: true after the holder closed its file")
	}
	l3, err := tryLockRun(path)
	if err != nil || l3 == nil {
		t.Fatalf("claim after the holder died: %v, %v", l3, err)
	}
	l3.unlock()
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("lock file kept after unlock: %v", err)
	}
}

// TestResultFilesGroupReadable checks that results, the plan record and
// the logs respect the umask (here 022: -rw-r--r--), where they were
// -rw------- before.
func TestResultFilesGroupReadable(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	p := mustPlan(t, resumeSweep)
	st, _ := OpenStore(t.TempDir())
	Run(context.Background(), p, st, fakeRun, &Options{Workers: 2})
	files, _ := filepath.Glob(filepath.Join(st.Dir, "*"))
	if len(files) != 1+24+24 { // the plan record, the results and the logs
		t.Fatalf("%d files, want 49: %v", len(files), files)
	}
	for _, f := range files {
		fi, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o644 {
			t.Errorf("%s: mode %v, want -rw-r--r--", filepath.Base(f), fi.Mode().Perm())
		}
	}
}

const shareChildEnv = "DSL_TEST_SHARE_CHILD"

// TestShareChild is not a test: it is the second process of
// TestTwoProcessesShareFolder. It runs the sweep in the folder named by
// its environment on one worker, prints "ran KEY" for each run it runs,
// and holds its first run until its stdin is closed.
func TestShareChild(t *testing.T) {
	dir := os.Getenv(shareChildEnv)
	if dir == "" {
		t.Skip("helper process for TestTwoProcessesShareFolder")
	}
	p := mustPlan(t, resumeSweep)
	st, err := OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	first := true
	Run(context.Background(), p, st, func(ctx context.Context, j *Job) ([]Point, error) {
		fmt.Printf("ran %s\n", j.Key)
		if first {
			first = false
			io.ReadAll(os.Stdin) // until the parent closes it
		}
		return fakeRun(ctx, j)
	}, &Options{Workers: 1})
}

// TestTwoProcessesShareFolder runs the sweep in two processes on one
// folder: the child holds its first run while this process runs the
// sweep; this process must pass over the held run, the child must pass
// over the runs stored meanwhile, and each run must run once, in one of
// the two processes.
func TestTwoProcessesShareFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a subprocess")
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestShareChild$")
	cmd.Env = append(os.Environ(), shareChildEnv+"="+dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(stdout)
	childRan := map[string]int{}
	if !sc.Scan() || !strings.HasPrefix(sc.Text(), "ran ") {
		t.Fatalf("child: %q", sc.Text())
	}
	held := strings.TrimPrefix(sc.Text(), "ran ")
	childRan[held]++

	p := mustPlan(t, resumeSweep)
	st, _ := OpenStore(dir)
	if got := st.Running(p); len(got) != 1 || got[0].Key != held {
		t.Errorf("Running while the child holds %s: %v", held, got)
	}
	ran := map[string]int{}
	var mu sync.Mutex
	sum, err := Run(context.Background(), p, st, func(ctx context.Context, j *Job) ([]Point, error) {
		mu.Lock()
		ran[j.Key]++
		mu.Unlock()
		return fakeRun(ctx, j)
	}, &Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	stdin.Close()
	for sc.Scan() {
		if k, ok := strings.CutPrefix(sc.Text(), "ran "); ok {
			childRan[k]++
		}
	}
	cmd.Wait()
	if sum.Done != 23 || sum.Busy != 1 || ran[held] != 0 {
		t.Errorf("this process: %+v; it ran the held run %d times", sum, ran[held])
	}
	for _, j := range p.Jobs {
		if n := ran[j.Key] + childRan[j.Key]; n != 1 {
			t.Errorf("run %d ran %d times (%d here, %d in the child), want once", j.Index, n, ran[j.Key], childRan[j.Key])
		}
	}
	if all, _ := st.Load(); len(all) != 24 {
		t.Errorf("%d results, want 24", len(all))
	}
}
