package dsl

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// RunFunc performs one run: it builds what r.Config describes, runs it
// with r.Seed, watches ctx, and returns the measurements taken. On error
// the points measured so far are kept in the result with the error.
type RunFunc func(ctx context.Context, r *Job) ([]Point, error)

// Progress is called after the result of each run that finishes in this
// invocation has been stored: done runs finished and stored (failed ones
// included), failed of them failed, total
// to do in this invocation (runs of the shard without a result or with a
// failed one), and eta
// the estimated time left, elapsed/done·(total−done).
type Progress func(done, failed, total int, eta time.Duration)

// Options are the settings of Run. A nil *Options means the defaults.
type Options struct {
	// Workers is the number of runs executed at once; 0 means
	// runtime.GOMAXPROCS(0).
	Workers int
	// Shard selects the runs of this process; the zero value means all.
	Shard Shard
	// Version is recorded in each result; empty means the main module's
	// version from the build information.
	Version string
	// NoRetry keeps the stored results of failed runs. By default Run
	// runs again every run whose stored result is a failure (a missing data
	// set that has since been fixed, a node that died), so that running
	// the same sweep again, or resubmitting its cluster job, heals it.
	NoRetry bool
	// Progress, if not nil, is called after each run's result is stored,
	// always from the same goroutine.
	Progress Progress
	// Replace makes the plan the store's when the store holds another
	// plan's results, moving those aside (see Store.Bind); by default Run
	// refuses to run in a folder of another plan.
	Replace bool
	// CheckpointEvery is the number of updates between checkpoints of a
	// run (Job.CheckpointEvery); 0 means a checkpoint every 5 minutes of
	// a run, and when it is interrupted.
	CheckpointEvery int
	// Command is the command line recorded in each result (Result.Command);
	// nil means os.Args.
	Command []string
}

// Summary says what Run did.
type Summary struct {
	Total   int // runs of the shard
	Skipped int // runs that already had a result, including KeptFailed
	// KeptFailed counts the runs skipped with a stored failure
	// (Options.NoRetry): the shard still has failed runs.
	KeptFailed int
	Done       int // runs finished now, failed ones included
	// Retried counts the runs of Done that had a stored failure and ran
	// again.
	Retried int
	// Stopped counts the runs of Done that the early-stopping rule
	// (Spec.ASHA) stopped at a rung; they are not failed.
	Stopped int
	// KeptStopped counts the runs of Skipped stopped earlier under the
	// same rule: a stop is a decision, not a failure, and stands.
	KeptStopped int
	// Restarted counts the runs of Done that a rule other than the plan's
	// had stopped, run again under the plan's rule.
	Restarted int
	// Busy counts the runs left to another runner: another process (or
	// another Run) was running them, or finished them while this one
	// waited to start them.
	Busy    int
	Failed  int      // runs finished now with an error
	Errors  []string // "key: error" of each failed run, in finishing order
	Elapsed time.Duration
	// Note says what Store.Bind did to the folder (the plan grew, or
	// another plan's results were moved aside); empty if nothing.
	Note string
}

// String says in one line what happened, and whether any run failed.
func (s *Summary) String() string {
	run := fmt.Sprintf("%d run", s.Done)
	if s.Retried > 0 {
		run += fmt.Sprintf(" (%d of them failed before and ran again)", s.Retried)
	}
	if s.Restarted > 0 {
		run += fmt.Sprintf(" (%d of them stopped under another rule and ran again)", s.Restarted)
	}
	if s.Stopped > 0 {
		run += fmt.Sprintf(" (%d of them stopped early by asha)", s.Stopped)
	}
	msg := fmt.Sprintf("%d runs: %d skipped (already done), %s, %d failed, in %v",
		s.Total, s.Skipped, run, s.Failed, s.Elapsed.Round(time.Millisecond))
	if s.Busy > 0 {
		msg += fmt.Sprintf("; %d left to another runner of this folder", s.Busy)
	}
	if s.KeptFailed > 0 {
		msg += fmt.Sprintf("; %d failed runs kept (not retried)", s.KeptFailed)
	}
	if s.KeptStopped > 0 {
		msg += fmt.Sprintf("; %d runs stopped early by asha before (kept)", s.KeptStopped)
	}
	if s.Failed > 0 {
		msg += "; FAILED: " + strings.Join(s.Errors, "; ")
	}
	return msg
}

// Run first makes store the folder of plan (Store.Bind with opts.Replace)
// and fails with a *PlanChangedError, running nothing, if the folder
// belongs to another plan. It then executes the runs of plan in opts.Shard
// that have no result in store yet or a failed one (unless opts.NoRetry),
// on opts.Workers goroutines, and writes
// each result as soon as it is done: one writer goroutine stores the results (Store.Write) while the
// workers go on with their next runs. A run that returns an error or panics
// is recorded as failed and the sweep goes on. When ctx is cancelled no new
// run starts, runs in progress are cancelled and their results are not
// written, so a later Run redoes them; runs that had finished are still
// stored. Run returns when every finished result is stored, with the
// summary and ctx's error.
//
// Each run is handed a checkpoint file in the store (Job.Checkpoint,
// Store.CheckpointPath), which RunLibrary writes while it trains and when
// it is interrupted: a run that a killed or cancelled sweep left
// unfinished resumes from its checkpoint at the next Run instead of
// starting again. The checkpoint is removed once the run's result is
// stored.
//
// When the plan has an early-stopping rule (Spec.ASHA), each run is handed
// a Job.Observe that records its value at each rung in the store
// (RungsDir) and ranks it against the values of the plan's other runs
// recorded there so far; a run behind them stops, and its result records
// why (Result.Stopped, Summary.Stopped). A stopped result is skipped like
// a done one (Summary.KeptStopped) unless it was stopped under another
// rule than the plan's: then the run runs again (Summary.Restarted).
//
// Several Runs, in this process or others, may share a store: each run is
// claimed (an advisory lock on <key>.lock, released by the operating
// system if the process dies) while it runs, and a Run passes over runs
// that another holds or stored meanwhile (Summary.Busy), so no run runs
// twice. Each run's log, Job.Log, is appended to <key>.log
// (Store.LogPath), and each result records the program's version, Go,
// BLAS, host and command line (see Result).
func Run(ctx context.Context, plan *Plan, store *Store, fn RunFunc, opts *Options) (*Summary, error) {
	if plan == nil || store == nil || fn == nil {
		return nil, fmt.Errorf("dsl: Run needs a plan, a store and a run function")
	}
	var o Options
	if opts != nil {
		o = *opts
	}
	if o.Workers <= 0 {
		o.Workers = runtime.GOMAXPROCS(0)
	}
	prov := newProvenance(o.Version, o.Command)
	runs, err := o.Shard.Jobs(plan)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	note, err := store.Bind(plan, o.Replace)
	if err != nil {
		return nil, err
	}
	sum := &Summary{Total: len(runs), Note: note}
	var board *ashaBoard
	rule := ""
	if plan.Spec != nil && plan.Spec.ASHA != nil {
		board = newASHABoard(plan.Spec.ASHA, store, plan)
		rule = plan.Spec.ASHA.String()
	}
	var todo []pending
	for _, r := range runs {
		was := store.state(r.Key)
		switch {
		case was.fi == nil: // no result yet
		case !was.failed && was.stopped != "" && was.stopped != rule:
			// stopped under another rule: run it under this one
		case !was.failed:
			sum.Skipped++
			if was.stopped != "" {
				sum.KeptStopped++
			}
			continue
		case o.NoRetry:
			sum.Skipped++
			sum.KeptFailed++
			continue
		}
		todo = append(todo, pending{r, was})
	}

	// Workers run jobs and hand each finished result to one writer, which
	// stores it (write, sync, rename) and reports progress while the
	// worker goes on with its next run: the file system's latency is off
	// the runs' critical path, and progress counts only stored results.
	// finished is unbuffered, so a worker is at most one result ahead of
	// the writer and a cancel from Progress stops the sweep at once.
	//
	// Before it starts a run a worker claims it (tryLockRun on <key>.lock)
	// and looks at its result again: a run that another runner of the
	// folder holds, or stored since the list above was made, is left to
	// it (Summary.Busy). The writer releases the claim once the result is
	// stored.
	jobs := make(chan pending)
	finished := make(chan finishedRun)
	var mu sync.Mutex // guards writeErr
	var writeErr error
	fail := func(err error) {
		mu.Lock()
		if writeErr == nil {
			writeErr = err
		}
		mu.Unlock()
	}
	var busy atomic.Int64
	wrote := make(chan struct{})
	go func() {
		defer close(wrote)
		for fr := range finished {
			res := fr.res
			err := store.Write(res)
			if err == nil {
				// The run is over; its checkpoint is of no more use. A
				// checkpoint that cannot be removed stops the sweep as
				// a failed write does, its result being stored.
				if rerr := os.Remove(store.CheckpointPath(res.Key)); rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
					fail(fmt.Errorf("dsl: remove checkpoint of %s: %w", res.Key, rerr))
				}
			}
			fr.lock.unlock()
			if err != nil {
				fail(err)
				continue
			}
			sum.Done++
			switch {
			case fr.was.stopped != "":
				sum.Restarted++
			case fr.was.fi != nil:
				sum.Retried++
			}
			if res.Stopped != nil {
				sum.Stopped++
			}
			if res.Error != "" {
				sum.Failed++
				sum.Errors = append(sum.Errors, res.Key+": "+res.Error)
			}
			if o.Progress != nil {
				el := time.Since(start)
				eta := time.Duration(float64(el) / float64(sum.Done) * float64(len(todo)-sum.Done))
				o.Progress(sum.Done, sum.Failed, len(todo), eta)
			}
		}
	}()
	var wg sync.WaitGroup
	for w := 0; w < o.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range jobs {
				if ctx.Err() != nil {
					continue // cancelled: start nothing new
				}
				r := p.job
				lock, err := tryLockRun(store.lockPath(r.Key))
				if err != nil {
					fail(err)
					continue
				}
				if lock == nil || !store.state(r.Key).same(p.was) {
					lock.unlock()
					busy.Add(1)
					continue
				}
				job := *r
				job.Checkpoint = store.CheckpointPath(r.Key)
				job.CheckpointEvery = o.CheckpointEvery
				log, err := openRunLog(store.LogPath(r.Key))
				if err != nil {
					lock.unlock()
					fail(err)
					continue
				}
				job.Log = log
				var stop *Stop
				if board != nil {
					key := r.Key
					job.Observe = func(p Point) (bool, error) {
						s, err := board.observe(key, p)
						if err != nil || s == nil || stop != nil {
							return stop != nil, err
						}
						stop = s
						fmt.Fprintf(log, "%s %s\n", time.Now().UTC().Format(time.RFC3339), s)
						return true, nil
					}
				}
				fmt.Fprintf(log, "%s run %d (key %s, seed %d) starts on %s, pid %d, %s, %s, BLAS %s: %s\n",
					time.Now().UTC().Format(time.RFC3339), r.Index, r.Key, r.Seed, prov.host, os.Getpid(),
					prov.version, prov.goVer, prov.blas, strings.Join(prov.command, " "))
				res := runOne(ctx, &job, fn, prov)
				if stop != nil && res.Error == "" {
					res.Stopped = stop
				}
				ts := time.Now().UTC().Format(time.RFC3339)
				switch {
				case ctx.Err() != nil:
					fmt.Fprintf(log, "%s interrupted after %.3gs; not stored, the next run of the sweep goes on from the checkpoint\n", ts, res.Seconds)
				case res.Error != "":
					fmt.Fprintf(log, "%s failed after %.3gs with %d points: %s\n", ts, res.Seconds, len(res.Points), res.Error)
				case res.Stopped != nil:
					fmt.Fprintf(log, "%s stopped early by asha after %.3gs with %d points\n", ts, res.Seconds, len(res.Points))
				default:
					fmt.Fprintf(log, "%s done after %.3gs with %d points\n", ts, res.Seconds, len(res.Points))
				}
				if err := log.Close(); err != nil {
					fail(fmt.Errorf("dsl: log of run %s: %w", r.Key, err))
				}
				if ctx.Err() != nil {
					lock.unlock()
					continue // interrupted: leave it for the next Run
				}
				finished <- finishedRun{res: res, lock: lock, was: p.was}
			}
		}()
	}
feed:
	for _, r := range todo {
		mu.Lock()
		stop := writeErr != nil
		mu.Unlock()
		if stop {
			break
		}
		select {
		case jobs <- r:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	close(finished)
	<-wrote
	sum.Elapsed = time.Since(start)
	sum.Busy = int(busy.Load())
	if writeErr != nil {
		return sum, writeErr
	}
	return sum, ctx.Err()
}

// pending is a run to do and the state of its result when Run listed it.
type pending struct {
	job *Job
	was resultState
}

// finishedRun is a run's result on its way to the writer, with the claim
// on the run that the writer releases once the result is stored.
type finishedRun struct {
	res  *Result
	lock *runLock
	was  resultState // the stored result it replaces, if any
}

// runOne calls fn, turning a panic into a failure.
// The stack of a panic goes to r.Log, when not nil.
func runOne(ctx context.Context, r *Job, fn RunFunc, prov provenance) (res *Result) {
	res = &Result{Key: r.Key, Index: r.Index, Repeat: r.Repeat, Seed: r.Seed, Axes: r.Axes,
		Config: r.Config, Started: time.Now().UTC()}
	prov.stamp(res)
	defer func() {
		res.Seconds = time.Since(res.Started).Seconds()
		if v := recover(); v != nil {
			res.Error = fmt.Sprintf("panic: %v", v)
			if r.Log != nil {
				fmt.Fprintf(r.Log, "panic: %v\n%s", v, debug.Stack())
			}
		}
		if res.Points == nil {
			res.Points = []Point{}
		}
	}()
	pts, err := fn(ctx, r)
	res.Points = pts
	if err != nil {
		res.Error = err.Error()
		if res.Error == "" {
			res.Error = "error"
		}
	}
	return res
}

// Shard is the part i of n of a sweep: the runs whose plan index is
// congruent to Index modulo Count. Count 0 (the zero Shard) means all runs.
type Shard struct {
	Index, Count int
}

// Jobs returns the runs of p in shard s, or an error if s is invalid.
func (s Shard) Jobs(p *Plan) ([]*Job, error) {
	if p == nil {
		return nil, fmt.Errorf("dsl: shard %d/%d of a nil plan", s.Index, s.Count)
	}
	if s.Count == 0 && s.Index == 0 {
		return p.Jobs, nil
	}
	if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
		return nil, fmt.Errorf("dsl: bad shard %d/%d: want 0 ≤ index < count", s.Index, s.Count)
	}
	var out []*Job
	for i := s.Index; i < len(p.Jobs); i += s.Count {
		out = append(out, p.Jobs[i])
	}
	return out, nil
}

// String writes s as "index/count".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// ParseShard reads "i/n" (0 ≤ i < n).
func ParseShard(text string) (Shard, error) {
	i, n, ok := strings.Cut(text, "/")
	if !ok {
		return Shard{}, fmt.Errorf("dsl: bad shard %q: want index/count, e.g. 0/10", text)
	}
	s, err1 := strconv.Atoi(strings.TrimSpace(i))
	c, err2 := strconv.Atoi(strings.TrimSpace(n))
	if err := errors.Join(err1, err2); err != nil || c < 1 || s < 0 || s >= c {
		return Shard{}, fmt.Errorf("dsl: bad shard %q: want index/count with 0 ≤ index < count", text)
	}
	return Shard{s, c}, nil
}

// Environment variables read by ShardFromEnv.
const (
	EnvShard      = "SWEEP_SHARD"       // "i/n", overrides the others
	EnvShardCount = "SWEEP_SHARD_COUNT" // n, with Kubernetes' JOB_COMPLETION_INDEX
)

// ShardFromEnv returns the shard of this process from the environment,
// read with getenv (os.Getenv if nil), in this order:
//
//	SWEEP_SHARD=i/n
//	SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT (a Slurm job array;
//	  the index is counted from SLURM_ARRAY_TASK_MIN when set)
//	JOB_COMPLETION_INDEX and SWEEP_SHARD_COUNT (a Kubernetes Indexed Job;
//	  Kubernetes does not pass the count, the manifest from KubeJob sets it)
//
// With none of them set it returns the zero Shard (all runs).
func ShardFromEnv(getenv func(string) string) (Shard, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	if v := getenv(EnvShard); v != "" {
		return ParseShard(v)
	}
	num := func(name string) (int, error) {
		n, err := strconv.Atoi(strings.TrimSpace(getenv(name)))
		if err != nil {
			return 0, fmt.Errorf("dsl: %s=%q is not an integer", name, getenv(name))
		}
		return n, nil
	}
	pair := func(idxVar, cntVar string) (Shard, error) {
		i, err := num(idxVar)
		if err != nil {
			return Shard{}, err
		}
		n, err := num(cntVar)
		if err != nil {
			return Shard{}, err
		}
		if idxVar == "SLURM_ARRAY_TASK_ID" && getenv("SLURM_ARRAY_TASK_MIN") != "" {
			m, err := num("SLURM_ARRAY_TASK_MIN")
			if err != nil {
				return Shard{}, err
			}
			i -= m
		}
		if n < 1 || i < 0 || i >= n {
			return Shard{}, fmt.Errorf("dsl: %s=%d and %s=%d do not make a shard", idxVar, i, cntVar, n)
		}
		return Shard{i, n}, nil
	}
	if getenv("SLURM_ARRAY_TASK_ID") != "" {
		return pair("SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT")
	}
	if getenv("JOB_COMPLETION_INDEX") != "" {
		return pair("JOB_COMPLETION_INDEX", EnvShardCount)
	}
	return Shard{}, nil
}
