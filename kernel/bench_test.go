package kernel

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-zeromq/zmq4"
)

// The benchmarks measure a kernel process started from the command line in
// RBM_BENCH_KERNEL_CMD, in which {connection_file} is replaced by the path
// of a connection file, e.g.
//
//	RBM_BENCH_KERNEL_CMD="/tmp/rbm-kernel kernel --connection-file {connection_file}"
//	RBM_BENCH_KERNEL_CMD="build/venv/bin/python -m ipykernel_launcher -f {connection_file}"
//
// so that the same code measures rbm-kernel and ipykernel (bench/kernel.sh
// runs both). Without the variable, BenchmarkTrivialCell measures the
// protocol layer alone, in process, with the fake executor, and the other
// benchmarks are skipped.
const benchCmdEnv = "RBM_BENCH_KERNEL_CMD"

// trivialCell is valid Go and valid Python.
const trivialCell = "1+1"

// freePorts returns n distinct free TCP ports of 127.0.0.1.
func freePorts(b testing.TB, n int) []int {
	b.Helper()
	var ls []net.Listener
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

// kernelProcess is a kernel started from a command line.
type kernelProcess struct {
	cmd  *exec.Cmd
	ci   ConnectionInfo
	done chan struct{}
}

// startProcess writes a connection file and starts the command of
// benchCmdEnv on it.
func startProcess(b testing.TB, cmdline string) *kernelProcess {
	b.Helper()
	p := freePorts(b, 5)
	ci := ConnectionInfo{Transport: "tcp", IP: "127.0.0.1", ShellPort: p[0], ControlPort: p[1],
		StdinPort: p[2], IOPubPort: p[3], HBPort: p[4], Key: newID(), SignatureScheme: "hmac-sha256",
		KernelName: "bench"}
	file := filepath.Join(b.TempDir(), "kernel.json")
	js, _ := json.Marshal(ci)
	if err := os.WriteFile(file, js, 0o600); err != nil {
		b.Fatal(err)
	}
	args := strings.Fields(strings.ReplaceAll(cmdline, "{connection_file}", file))
	cmd := exec.Command(args[0], args[1:]...)
	// The kernel's log goes to a file, so that it does not mix with the
	// benchmark lines; it is printed if the benchmark fails.
	logf, err := os.Create(filepath.Join(filepath.Dir(file), "kernel.log"))
	if err != nil {
		b.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = logf, logf
	b.Cleanup(func() {
		logf.Close()
		if b.Failed() {
			if out, err := os.ReadFile(logf.Name()); err == nil {
				b.Logf("kernel output:\n%s", out)
			}
		}
	})
	if err := cmd.Start(); err != nil {
		b.Fatalf("start %q: %v", cmdline, err)
	}
	kp := &kernelProcess{cmd: cmd, ci: ci, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(kp.done) }()
	// Never leave a kernel behind, whatever the benchmark's outcome.
	b.Cleanup(func() {
		select {
		case <-kp.done:
		default:
			_ = cmd.Process.Kill()
			<-kp.done
		}
	})
	return kp
}

// stop ends the process: a shutdown_request if c is given, a kill if it
// does not end within a few seconds.
func (kp *kernelProcess) stop(c *testClient) {
	if c != nil {
		c.send(c.control, "shutdown_request", map[string]any{"restart": false})
	}
	select {
	case <-kp.done:
	case <-time.After(5 * time.Second):
		_ = kp.cmd.Process.Kill()
		<-kp.done
	}
}

// percentile returns the q-quantile (0..1) of sorted durations, in ms.
func percentile(d []time.Duration, q float64) float64 {
	i := int(q * float64(len(d)-1))
	return float64(d[i]) / float64(time.Millisecond)
}

func reportPercentiles(b *testing.B, d []time.Duration) {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	b.ReportMetric(percentile(d, 0.5), "p50-ms")
	b.ReportMetric(percentile(d, 0.9), "p90-ms")
}

// BenchmarkTrivialCell measures one trivial cell from sending its
// execute_request to receiving its status idle on iopub.
func BenchmarkTrivialCell(b *testing.B) {
	var c *testClient
	code := trivialCell
	if cmdline := os.Getenv(benchCmdEnv); cmdline != "" {
		kp := startProcess(b, cmdline)
		c = newTestClient(b, kp.ci)
		defer kp.stop(c)
	} else {
		code = "echo 2"
		_, c, _ = startKernel(b, newFakeExec(), Options{})
	}
	for range 5 { // warm up
		c.execute(code, nil)
	}
	d := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		t0 := time.Now()
		id := c.send(c.shell, "execute_request", map[string]any{"code": code, "silent": false,
			"store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true})
		c.iopubUntilIdle(id)
		d = append(d, time.Since(t0))
		if r := contentOf(b, c.reply(c.shellC, id)); r["status"] != "ok" {
			b.Fatalf("execute %q: %v", code, r)
		}
	}
	b.StopTimer()
	reportPercentiles(b, d)
}

// BenchmarkStartToKernelInfo measures the time from starting the kernel
// process to receiving its first kernel_info_reply on shell (the client
// dials every 2 ms until the kernel listens).
func BenchmarkStartToKernelInfo(b *testing.B) {
	cmdline := os.Getenv(benchCmdEnv)
	if cmdline == "" {
		b.Skip(benchCmdEnv + " not set")
	}
	d := make([]time.Duration, 0, b.N)
	for range b.N {
		t0 := time.Now()
		kp := startProcess(b, cmdline)
		ctx, cancel := context.WithCancel(context.Background())
		s := signer{key: []byte(kp.ci.Key)}
		sh := zmq4.NewDealer(ctx, zmq4.WithID(zmq4.SocketIdentity(newID())),
			zmq4.WithDialerRetry(2*time.Millisecond), zmq4.WithDialerMaxRetries(5000))
		if err := sh.Dial(kp.ci.endpoint(kp.ci.ShellPort)); err != nil {
			b.Fatal(err)
		}
		h := header{MsgID: newID(), Session: newID(), Username: "bench", Date: timestamp(),
			MsgType: "kernel_info_request", Version: ProtocolVersion}
		frames, _ := encode(s, nil, h, nil, nil, map[string]any{})
		if err := sh.Send(zmq4.NewMsgFrom(frames...)); err != nil {
			b.Fatal(err)
		}
		zm, err := sh.Recv()
		if err != nil {
			b.Fatal(err)
		}
		d = append(d, time.Since(t0))
		m, err := decode(zm.Frames, s)
		if err != nil || m.Header.MsgType != "kernel_info_reply" {
			b.Fatalf("reply %v: %v", m, err)
		}
		_ = sh.Close()
		cancel()
		b.StopTimer()
		_ = kp.cmd.Process.Signal(os.Kill)
		<-kp.done
		b.StartTimer()
	}
	b.StopTimer()
	reportPercentiles(b, d)
}

// Output-heavy cells: the same work in Go (rbm-kernel) and in Python
// (ipykernel), chosen by the language_info.name of the kernel's
// kernel_info_reply.
const (
	// printLines and printLineBytes make the 100 MB of BenchmarkPrintLines:
	// each line is 79 bytes and its newline.
	printLines     = 1_250_000
	printLineBytes = 80
	// displayUpdates is the number of updates of BenchmarkDisplayUpdates.
	displayUpdates = 10_000
	// heavyTimeout bounds one output-heavy cell, from its request to its
	// idle; it is a deadline for failure, never a delay.
	heavyTimeout = 15 * time.Minute
)

// printCells and displayCells are the cells of BenchmarkPrintLines and
// BenchmarkDisplayUpdates, by language_info.name.
var (
	printCells = map[string]string{
		"go": fmt.Sprintf(`line := strings.Repeat("x", %d)
for i := 0; i < %d; i++ {
	fmt.Println(line)
}`, printLineBytes-1, printLines),
		"python": fmt.Sprintf(`line = "x" * %d
for i in range(%d):
    print(line)`, printLineBytes-1, printLines),
	}
	displayCells = map[string]string{
		"go": fmt.Sprintf(`d := display.New()
d.Show(0)
for i := 1; i <= %d; i++ {
	d.Show(i)
}`, displayUpdates),
		"python": fmt.Sprintf(`from IPython.display import display
h = display(0, display_id=True)
for i in range(1, %d):
    h.update(i)`, displayUpdates+1),
	}
)

// language returns the language_info.name of the kernel c talks to.
func (c *testClient) language() string {
	c.t.Helper()
	r := c.request(c.shell, c.shellC, "kernel_info_request", map[string]any{})
	info, _ := r["language_info"].(map[string]any)
	name, _ := info["name"].(string)
	return name
}

// startBenchKernel starts the kernel of benchCmdEnv (the benchmark is
// skipped without it) and returns a client and the cell of cells for the
// kernel's language.
func startBenchKernel(b *testing.B, cells map[string]string) (*testClient, *kernelProcess, string) {
	b.Helper()
	cmdline := os.Getenv(benchCmdEnv)
	if cmdline == "" {
		b.Skip(benchCmdEnv + " not set")
	}
	kp := startProcess(b, cmdline)
	c := newTestClient(b, kp.ci)
	lang := c.language()
	code, ok := cells[lang]
	if !ok {
		kp.stop(c)
		b.Fatalf("no benchmark cell for language %q", lang)
	}
	c.execute(trivialCell, nil) // warm up
	return c, kp, code
}

// executeEach sends code and calls f with each iopub message of the
// request up to its status idle (not included), without keeping them. It
// checks that the reply is ok and returns the time from the request to
// the idle.
func (c *testClient) executeEach(code string, f func(m *message)) time.Duration {
	c.t.Helper()
	t0 := time.Now()
	id := c.send(c.shell, "execute_request", map[string]any{"code": code, "silent": false,
		"store_history": true, "user_expressions": map[string]any{}, "allow_stdin": false, "stop_on_error": true})
	deadline := time.NewTimer(heavyTimeout)
	defer deadline.Stop()
	var d time.Duration
wait:
	for {
		select {
		case m := <-c.iopubC:
			if parentID(m) != id {
				continue
			}
			if statusOf(m) == "idle" {
				d = time.Since(t0)
				break wait
			}
			f(m)
		case <-deadline.C:
			c.t.Fatalf("no idle within %v", heavyTimeout)
		}
	}
	if r := contentOf(c.t, c.reply(c.shellC, id)); r["status"] != "ok" {
		c.t.Fatalf("execute: %v", r)
	}
	return d
}

// BenchmarkPrintLines measures a cell that prints 100 MB in lines of 80
// bytes, from its execute_request to its status idle; the client must have
// received every byte by then.
func BenchmarkPrintLines(b *testing.B) {
	c, kp, code := startBenchKernel(b, printCells)
	defer kp.stop(c)
	d := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		var got, msgs int
		d = append(d, c.executeEach(code, func(m *message) {
			if m.Header.MsgType != "stream" {
				return
			}
			var s struct{ Name, Text string }
			if err := json.Unmarshal(m.Content, &s); err != nil || s.Name != "stdout" {
				b.Fatalf("stream %s: %v", m.Content, err)
			}
			got += len(s.Text)
			msgs++
		}))
		if want := printLines * printLineBytes; got != want {
			b.Fatalf("received %d bytes of stdout, want %d", got, want)
		}
		b.ReportMetric(float64(msgs), "stream-msgs")
	}
	b.StopTimer()
	reportPercentiles(b, d)
}

// BenchmarkDisplayUpdates measures a cell that shows a display and
// updates it 10,000 times, from its execute_request to its status idle;
// the last update received must carry the last value.
func BenchmarkDisplayUpdates(b *testing.B) {
	c, kp, code := startBenchKernel(b, displayCells)
	defer kp.stop(c)
	d := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		var last string
		var shown, updates int
		d = append(d, c.executeEach(code, func(m *message) {
			switch m.Header.MsgType {
			case "display_data":
				shown++
			case "update_display_data":
				var u struct {
					Data map[string]any `json:"data"`
				}
				if err := json.Unmarshal(m.Content, &u); err != nil {
					b.Fatal(err)
				}
				last, _ = u.Data["text/plain"].(string)
				updates++
			}
		}))
		if want := strconv.Itoa(displayUpdates); shown != 1 || last != want {
			b.Fatalf("%d display_data, last update %q; want 1 and %q", shown, last, want)
		}
		b.ReportMetric(float64(updates), "updates")
	}
	b.StopTimer()
	reportPercentiles(b, d)
}
