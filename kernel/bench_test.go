package kernel

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
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
// protocol layer alone, in process, with the fake executor, and
// BenchmarkStartToKernelInfo is skipped.
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
