#!/usr/bin/python3
"""The Python side of bench/compare.sh: the same work as the Go benchmarks
BenchmarkCD1MNIST (lib/learn) and BenchmarkExactLogZ16x16 (lib/rbm), in
PyTorch and numpy, float64, on the given number of threads.

  compare.py run THREADS REPEATS
prints one line per measurement, "<name> <median seconds per op> <runs>";
  compare.py summary GO_OUTPUT PY_OUTPUT
reads the output of go test -bench and of "run" and prints the table of
medians and ratios.
"""

import sys
import time

import numpy as np
import torch

THREADS, REPEATS = 1, 5

NV, NH, BATCH, RATE, MOMENTUM = 784, 500, 100, 0.01, 0.9


def median_time(fn, min_time=0.5):
    """Median over REPEATS of the mean time of fn over a loop lasting about
    min_time seconds (like go test -bench with -count REPEATS)."""
    fn()  # warm up
    t0 = time.perf_counter()
    fn()
    once = max(time.perf_counter() - t0, 1e-6)
    loops = max(1, int(min_time / once))
    runs = []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        for _ in range(loops):
            fn()
        runs.append((time.perf_counter() - t0) / loops)
    return float(np.median(runs)), len(runs)


def report(name, fn):
    t, n = median_time(fn)
    print(f"{name} {t:.9g} {n}", flush=True)


# ---- CD-1 at 784x500, batch 100, float64, SGD with momentum, as in
# lib/learn: h0 = sigmoid(V W + c), sample h0, v1 = sigmoid(h0 W' + b),
# sample v1, h1 = sigmoid(v1 W + c), dW = (V' h0p - v1' h1p)/n, biases
# likewise, velocity = momentum*velocity + rate*grad, theta += velocity.

def torch_cd1():
    g = torch.Generator().manual_seed(1)
    dt = torch.float64
    W = 0.01 * torch.randn(NV, NH, generator=g, dtype=dt)
    b = torch.zeros(NV, dtype=dt)
    c = torch.zeros(NH, dtype=dt)
    vW, vb, vc = torch.zeros_like(W), torch.zeros_like(b), torch.zeros_like(c)
    V = (torch.rand(BATCH, NV, generator=g, dtype=dt) < 0.13).to(dt)

    def step():
        h0p = torch.sigmoid(V @ W + c)
        h0 = (torch.rand(h0p.shape, generator=g, dtype=dt) < h0p).to(dt)
        v1p = torch.sigmoid(h0 @ W.T + b)
        v1 = (torch.rand(v1p.shape, generator=g, dtype=dt) < v1p).to(dt)
        h1p = torch.sigmoid(v1 @ W + c)
        gW = (V.T @ h0p - v1.T @ h1p) / BATCH
        gb = (V - v1).mean(0)
        gc = (h0p - h1p).mean(0)
        vW.mul_(MOMENTUM).add_(gW, alpha=RATE)
        vb.mul_(MOMENTUM).add_(gb, alpha=RATE)
        vc.mul_(MOMENTUM).add_(gc, alpha=RATE)
        W.add_(vW)
        b.add_(vb)
        c.add_(vc)

    with torch.no_grad():
        report("torch_cd1", step)


def sigmoid(x, out):
    np.negative(x, out=out)
    np.exp(out, out=out)
    out += 1
    np.reciprocal(out, out=out)
    return out


def numpy_cd1():
    rng = np.random.default_rng(1)
    W = 0.01 * rng.standard_normal((NV, NH))
    b = np.zeros(NV)
    c = np.zeros(NH)
    vW, vb, vc = np.zeros_like(W), np.zeros_like(b), np.zeros_like(c)
    V = (rng.random((BATCH, NV)) < 0.13).astype(np.float64)
    h0p, h1p, hx = np.empty((BATCH, NH)), np.empty((BATCH, NH)), np.empty((BATCH, NH))
    v1p, vx = np.empty((BATCH, NV)), np.empty((BATCH, NV))
    gW = np.empty((NV, NH))

    def step():
        np.matmul(V, W, out=hx)
        np.add(hx, c, out=hx)
        sigmoid(hx, h0p)
        h0 = (rng.random(h0p.shape) < h0p).astype(np.float64)
        np.matmul(h0, W.T, out=vx)
        np.add(vx, b, out=vx)
        sigmoid(vx, v1p)
        v1 = (rng.random(v1p.shape) < v1p).astype(np.float64)
        np.matmul(v1, W, out=hx)
        np.add(hx, c, out=hx)
        sigmoid(hx, h1p)
        np.matmul(V.T, h0p, out=gW)
        np.subtract(gW, v1.T @ h1p, out=gW)
        np.multiply(vW, MOMENTUM, out=vW)
        np.add(vW, (RATE / BATCH) * gW, out=vW)
        np.multiply(vb, MOMENTUM, out=vb)
        np.add(vb, RATE * (V - v1).mean(0), out=vb)
        np.multiply(vc, MOMENTUM, out=vc)
        np.add(vc, RATE * (h0p - h1p).mean(0), out=vc)
        np.add(W, vW, out=W)
        np.add(b, vb, out=b)
        np.add(c, vc, out=c)

    report("numpy_cd1", step)


# ---- Exact log Z of a 16x16 RBM, float64, vectorised: enumerate the 2^16
# visible states (the state matrix is built once, outside the timing, which
# favours numpy), then log Z = logsumexp(V b + sum_j softplus(V W + c)).

def numpy_logz(std):
    m = n = 16
    rng = np.random.default_rng(1)
    W = std * rng.standard_normal((m, n))
    b = np.zeros(m)
    c = np.zeros(n)
    S = ((np.arange(1 << m)[:, None] >> np.arange(m)) & 1).astype(np.float64)

    def logz():
        X = S @ W
        X += c
        t = np.logaddexp(0.0, X).sum(axis=1)
        t += S @ b
        mx = t.max()
        return mx + np.log(np.exp(t - mx).sum())

    report(f"numpy_logz_std={std:g}", logz)


# ---- summary

# Go benchmark name (without the -GOMAXPROCS suffix) -> the Python runs of
# the same work.
PAIRS = [
    ("BenchmarkCD1MNIST", ["torch_cd1", "numpy_cd1"]),
    ("BenchmarkExactLogZ16x16/std=0.01", ["numpy_logz_std=0.01"]),
    ("BenchmarkExactLogZ16x16/std=10", ["numpy_logz_std=10"]),
]


def summary(go_path, py_path):
    go = {}
    with open(go_path) as f:
        for line in f:
            fields = line.split()
            if not fields or not fields[0].startswith("Benchmark") or "ns/op" not in fields:
                continue
            name = fields[0].rsplit("-", 1)[0]
            go.setdefault(name, []).append(float(fields[fields.index("ns/op") - 1]) * 1e-9)
    py = {}
    with open(py_path) as f:
        for line in f:
            fields = line.split()
            if len(fields) == 3:
                py[fields[0]] = float(fields[1])
    fmt = "{:<34} {:>12} {:>22} {:>12} {:>10}"
    print(fmt.format("Go benchmark", "Go", "vs", "other", "Go/other"))
    for name, others in PAIRS:
        if name not in go:
            print(fmt.format(name, "missing", "", "", ""))
            continue
        g = float(np.median(go[name]))
        for o in others:
            if o not in py:
                print(fmt.format(name, f"{g * 1e3:.3f} ms", o, "missing", ""))
                continue
            print(fmt.format(name, f"{g * 1e3:.3f} ms", o, f"{py[o] * 1e3:.3f} ms", f"{g / py[o]:.2f}"))


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "summary":
        summary(sys.argv[2], sys.argv[3])
        sys.exit(0)
    if len(sys.argv) >= 2 and sys.argv[1] == "run":
        THREADS = int(sys.argv[2]) if len(sys.argv) > 2 else 1
        REPEATS = int(sys.argv[3]) if len(sys.argv) > 3 else 5
        torch.set_num_threads(THREADS)
        torch_cd1()
        numpy_cd1()
        numpy_logz(0.01)
        numpy_logz(10)
        sys.exit(0)
    sys.exit(__doc__)
