#!/usr/bin/env python3
"""The Python side of bench/compare.sh: the same work as the Go benchmarks
BenchmarkCD1MNIST (lib/learn), BenchmarkGibbsMNIST (lib/mcmc),
BenchmarkAISMNIST and BenchmarkExactLogZ16x16 (lib/rbm), in numpy and in
JAX (jax.jit on the CPU backend), the same algorithm in the same precision
(float64 and float32) on the given number of threads. It runs in
build/venv-bench (python/bench.lock).

  compare.py run THREADS REPEATS [WORK,...]
prints one line per measurement, "<name> <median seconds per op> <runs>";
WORK is any of gemm, cd1, gibbs, ais, logz (default all);
  compare.py summary GO_OUTPUT PY_OUTPUT
reads the output of go test -bench and of "run" and prints the table of
medians and ratios.
"""

import sys
import time

import numpy as np

THREADS, REPEATS = 1, 5

NV, NH, BATCH, RATE, MOMENTUM = 784, 500, 100, 0.01, 0.9
AIS_RUNS, AIS_STEPS = 100, 1000
DTYPES = ("float64", "float32")


def median_time(fn, sync=lambda r: r, min_time=0.5):
    """Medians over REPEATS of the mean wall time and the mean CPU time
    (time.process_time: every thread of the process) of fn over a loop
    lasting about min_time seconds (like go test -bench with -count REPEATS
    and the Go benchmarks' cpu-ns/op); sync waits for an asynchronous
    result (JAX)."""
    sync(fn())  # warm up (and compile)
    t0 = time.perf_counter()
    sync(fn())
    once = max(time.perf_counter() - t0, 1e-6)
    loops = max(1, int(min_time / once))
    runs, cpus = [], []
    for _ in range(REPEATS):
        t0, c0 = time.perf_counter(), time.process_time()
        r = None
        for _ in range(loops):
            r = fn()
        sync(r)
        runs.append((time.perf_counter() - t0) / loops)
        cpus.append((time.process_time() - c0) / loops)
    return float(np.median(runs)), len(runs), float(np.median(cpus))


def report(name, fn, sync=lambda r: r):
    t, n, c = median_time(fn, sync)
    print(f"{name} {t:.9g} {n} {c:.9g}", flush=True)


# ---- numpy. CD-1 as lib/learn: h0p = sigmoid(V W + c), h0 ~ Bernoulli(h0p),
# v1p = sigmoid(h0 W' + b), v1 ~ Bernoulli(v1p), h1p = sigmoid(v1 W + c),
# gW = (V' h0p - v1' h1p)/n, gb = mean(V - v1), gc = mean(h0p - h1p),
# velocity = momentum*velocity + rate*grad, theta += velocity.

def sigmoid(x, out):
    np.negative(x, out=out)
    np.exp(out, out=out)
    out += 1
    np.reciprocal(out, out=out)
    return out


def bernoulli(rng, p, u, out):
    rng.random(out=u, dtype=u.dtype)
    np.less(u, p, out=out)
    return out


def np_model(dt):
    rng = np.random.default_rng(1)
    W = (0.01 * rng.standard_normal((NV, NH))).astype(dt)
    return rng, W, np.zeros(NV, dt), np.zeros(NH, dt)


def numpy_cd1(dt):
    rng, W, b, c = np_model(dt)
    vW, vb, vc = np.zeros_like(W), np.zeros_like(b), np.zeros_like(c)
    V = (rng.random((BATCH, NV)) < 0.13).astype(dt)
    h0p, h1p, hx, h0, hu = (np.empty((BATCH, NH), dt) for _ in range(5))
    v1p, vx, v1, vu = (np.empty((BATCH, NV), dt) for _ in range(4))
    gW, tW = np.empty((NV, NH), dt), np.empty((NV, NH), dt)

    def step():
        np.matmul(V, W, out=hx)
        hx[...] += c
        sigmoid(hx, h0p)
        bernoulli(rng, h0p, hu, h0)
        np.matmul(h0, W.T, out=vx)
        vx[...] += b
        sigmoid(vx, v1p)
        bernoulli(rng, v1p, vu, v1)
        np.matmul(v1, W, out=hx)
        hx[...] += c
        sigmoid(hx, h1p)
        np.matmul(V.T, h0p, out=gW)
        np.matmul(v1.T, h1p, out=tW)
        gW[...] -= tW
        vW[...] *= MOMENTUM
        gW[...] *= RATE / BATCH
        vW[...] += gW
        vb[...] *= MOMENTUM
        vb[...] += RATE * (V - v1).mean(0)
        vc[...] *= MOMENTUM
        vc[...] += RATE * (h0p - h1p).mean(0)
        W[...] += vW
        b[...] += vb
        c[...] += vc

    report(f"numpy_cd1_{dt}", step)


def numpy_gemm(dt):
    """The five matrix products of numpy_cd1's update alone (BenchmarkGemmCD1)."""
    rng = np.random.default_rng(1)
    W = rng.random((NV, NH)).astype(dt)
    gW, tW = np.empty_like(W), np.empty_like(W)
    V, V1, vx = (rng.random((BATCH, NV)).astype(dt) for _ in range(3))
    H, hx = (rng.random((BATCH, NH)).astype(dt) for _ in range(2))

    def step():
        np.matmul(V, W, out=hx)
        np.matmul(H, W.T, out=vx)
        np.matmul(V1, W, out=hx)
        np.matmul(V.T, H, out=gW)
        np.matmul(V1.T, hx, out=tW)

    report(f"numpy_gemm_{dt}", step)


def numpy_gibbs(dt):
    rng, W, b, c = np_model(dt)
    V = (rng.random((BATCH, NV)) < 0.5).astype(dt)
    hx, hp, H, hu = (np.empty((BATCH, NH), dt) for _ in range(4))
    vx, vp, vu = (np.empty((BATCH, NV), dt) for _ in range(3))

    def step():
        np.matmul(V, W, out=hx)
        hx[...] += c
        sigmoid(hx, hp)
        bernoulli(rng, hp, hu, H)
        np.matmul(H, W.T, out=vx)
        vx[...] += b
        sigmoid(vx, vp)
        bernoulli(rng, vp, vu, V)

    report(f"numpy_gibbs_{dt}", step)


# AIS as lib/rbm (anneal.go), base-rate model with zero biases: v0 ~ A; for
# k = 1..K: log w += (b_k - b_{k-1}) b.v + sum softplus(b_k x) -
# sum softplus(b_{k-1} x) with x = v W + c; h ~ sigmoid(b_k x);
# v ~ sigmoid((1 - b_k) bA + b_k (h W' + b)); log Z = log ZA + log mean w.

def numpy_ais(dt):
    rng, W, b, c = np_model(dt)
    bA = np.zeros(NV, dt)
    betas = np.linspace(0, 1, AIS_STEPS + 1).astype(dt)
    x, t, h, hu = (np.empty((AIS_RUNS, NH), dt) for _ in range(4))
    vx, vp, vu = (np.empty((AIS_RUNS, NV), dt) for _ in range(3))
    logZA = (NV + NH) * np.log(2)

    def ais():
        v = (rng.random((AIS_RUNS, NV), dtype=dt) < 0.5).astype(dt)
        logw = np.zeros(AIS_RUNS, dt)
        db = b - bA
        for k in range(1, AIS_STEPS + 1):
            b0, b1 = betas[k - 1], betas[k]
            np.matmul(v, W, out=x)
            np.add(x, c, out=x)
            np.multiply(x, b1, out=t)
            logw[...] += (b1 - b0) * (v @ db)
            logw[...] += np.logaddexp(0, t).sum(1)
            logw[...] -= np.logaddexp(0, b0 * x).sum(1)
            sigmoid(t, t)
            bernoulli(rng, t, hu, h)
            np.matmul(h, W.T, out=vx)
            vx[...] += b
            vx[...] *= b1
            vx[...] += (1 - b1) * bA
            sigmoid(vx, vp)
            bernoulli(rng, vp, vu, v)
        m = logw.max()
        return logZA + m + np.log(np.exp(logw - m).mean())

    report(f"numpy_ais_{dt}", ais)


# Exact log Z of a 16x16 RBM, float64, vectorised: enumerate the 2^16
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


# ---- JAX: the same algorithms, each update, step or whole AIS one jitted
# function (AIS a lax.fori_loop over the schedule), the state donated so
# that XLA updates it in place.

def jax_all(work):
    try:
        import jax
        import jax.numpy as jnp
    except ImportError as e:
        print(f"compare.py: no JAX ({e}): JAX runs skipped", file=sys.stderr)
        return

    jax.config.update("jax_enable_x64", True)
    sync = jax.block_until_ready

    def model(dt):
        key = jax.random.PRNGKey(1)
        k1, k2, key = jax.random.split(key, 3)
        W = (0.01 * jax.random.normal(k1, (NV, NH), dt)).astype(dt)
        return key, k2, W, jnp.zeros(NV, dt), jnp.zeros(NH, dt)

    def bern(key, p):
        return (jax.random.uniform(key, p.shape, p.dtype) < p).astype(p.dtype)

    for dt in (jnp.float64, jnp.float32):
        name = jnp.dtype(dt).name
        if "cd1" in work:
            key, k2, W, b, c = model(dt)
            V = (jax.random.uniform(k2, (BATCH, NV)) < 0.13).astype(dt)

            @jax.jit
            def cd1(state, V):
                W, b, c, vW, vb, vc, key = state
                key, ka, kb = jax.random.split(key, 3)
                h0p = jax.nn.sigmoid(V @ W + c)
                h0 = bern(ka, h0p)
                v1 = bern(kb, jax.nn.sigmoid(h0 @ W.T + b))
                h1p = jax.nn.sigmoid(v1 @ W + c)
                gW = (V.T @ h0p - v1.T @ h1p) / BATCH
                vW = MOMENTUM * vW + RATE * gW
                vb = MOMENTUM * vb + RATE * (V - v1).mean(0)
                vc = MOMENTUM * vc + RATE * (h0p - h1p).mean(0)
                return (W + vW, b + vb, c + vc, vW, vb, vc, key)

            st = [(W, b, c, jnp.zeros_like(W), jnp.zeros_like(b), jnp.zeros_like(c), key)]

            def run_cd1():
                st[0] = cd1(st[0], V)
                return st[0]

            report(f"jax_cd1_{name}", run_cd1, sync)
        if "gibbs" in work:
            key, k2, W, b, c = model(dt)
            V = (jax.random.uniform(k2, (BATCH, NV)) < 0.5).astype(dt)

            @jax.jit
            def gibbs(V, key, W, b, c):
                key, ka, kb = jax.random.split(key, 3)
                H = bern(ka, jax.nn.sigmoid(V @ W + c))
                return bern(kb, jax.nn.sigmoid(H @ W.T + b)), key

            st = [(V, key)]

            def run_gibbs():
                st[0] = gibbs(*st[0], W, b, c)
                return st[0]

            report(f"jax_gibbs_{name}", run_gibbs, sync)
        if "ais" in work:
            key, _, W, b, c = model(dt)
            bA = jnp.zeros(NV, dt)
            betas = jnp.linspace(0, 1, AIS_STEPS + 1).astype(dt)
            logZA = (NV + NH) * np.log(2)

            @jax.jit
            def ais(key, W, b, c):
                key, k0 = jax.random.split(key)
                v = bern(k0, jnp.full((AIS_RUNS, NV), 0.5, dt))
                db = b - bA

                def body(k, s):
                    v, logw, key = s
                    key, ka, kb = jax.random.split(key, 3)
                    b0, b1 = betas[k - 1], betas[k]
                    x = v @ W + c
                    logw = logw + (b1 - b0) * (v @ db) + jax.nn.softplus(b1 * x).sum(1) - jax.nn.softplus(b0 * x).sum(1)
                    h = bern(ka, jax.nn.sigmoid(b1 * x))
                    v = bern(kb, jax.nn.sigmoid((1 - b1) * bA + b1 * (h @ W.T + b)))
                    return v, logw, key

                v, logw, key = jax.lax.fori_loop(1, AIS_STEPS + 1, body, (v, jnp.zeros(AIS_RUNS, dt), key))
                m = logw.max()
                return logZA + m + jnp.log(jnp.exp(logw - m).mean()), key

            st = [key]

            def run_ais():
                z, st[0] = ais(st[0], W, b, c)
                return z

            report(f"jax_ais_{name}", run_ais, sync)


# ---- summary

# Go benchmark name (without the -GOMAXPROCS suffix) -> the Python runs of
# the same work.
PAIRS = [(f"Benchmark{g}/{dt}", [f"numpy_{p}_{dt}", f"jax_{p}_{dt}"])
         for g, p in (("GemmCD1", "gemm"), ("CD1MNIST", "cd1"), ("GibbsMNIST", "gibbs"), ("AISMNIST", "ais"))
         for dt in DTYPES] + [
    ("BenchmarkExactLogZ16x16/std=0.01", ["numpy_logz_std=0.01"]),
    ("BenchmarkExactLogZ16x16/std=10", ["numpy_logz_std=10"]),
]


def summary(go_path, py_path):
    """Prints, for every pair, the medians of the wall time and of the CPU
    time per operation (Go's cpu-ns/op, Python's process_time) and their
    ratios Go/other."""
    go, gocpu = {}, {}
    with open(go_path) as f:
        for line in f:
            fields = line.split()
            if not fields or not fields[0].startswith("Benchmark") or "ns/op" not in fields:
                continue
            name = fields[0].rsplit("-", 1)[0] if "-" in fields[0] else fields[0]
            go.setdefault(name, []).append(float(fields[fields.index("ns/op") - 1]) * 1e-9)
            if "cpu-ns/op" in fields:
                gocpu.setdefault(name, []).append(float(fields[fields.index("cpu-ns/op") - 1]) * 1e-9)
    py, pycpu = {}, {}
    with open(py_path) as f:
        for line in f:
            fields = line.split()
            if len(fields) >= 3 and not line.startswith("=="):
                try:
                    py[fields[0]] = float(fields[1])
                    if len(fields) >= 4:
                        pycpu[fields[0]] = float(fields[3])
                except ValueError:
                    pass
    fmt = "{:<34} {:>10} {:>22} {:>10} {:>8}   {:>10} {:>10} {:>8}"
    print(fmt.format("Go benchmark", "Go wall", "vs", "other", "Go/other", "Go CPU", "other CPU", "Go/other"))
    for name, others in PAIRS:
        if name not in go:
            continue
        g = float(np.median(go[name]))
        gc = float(np.median(gocpu[name])) if name in gocpu else None
        for o in others:
            if o not in py:
                continue
            cpu = ["", "", ""]
            if gc is not None and o in pycpu:
                cpu = [ms(gc), ms(pycpu[o]), f"{gc / pycpu[o]:.2f}"]
            print(fmt.format(name, ms(g), o, ms(py[o]), f"{g / py[o]:.2f}", *cpu))


def ms(t):
    return f"{t * 1e3:.3f} ms" if t < 10 else f"{t:.2f} s"


if __name__ == "__main__":
    if len(sys.argv) >= 2 and sys.argv[1] == "summary":
        summary(sys.argv[2], sys.argv[3])
        sys.exit(0)
    if len(sys.argv) >= 2 and sys.argv[1] == "run":
        THREADS = int(sys.argv[2]) if len(sys.argv) > 2 else 1
        REPEATS = int(sys.argv[3]) if len(sys.argv) > 3 else 5
        work = sys.argv[4].split(",") if len(sys.argv) > 4 else ["gemm", "cd1", "gibbs", "ais", "logz"]
        for dt in DTYPES:
            if "gemm" in work:
                numpy_gemm(dt)
            if "cd1" in work:
                numpy_cd1(dt)
            if "gibbs" in work:
                numpy_gibbs(dt)
            if "ais" in work:
                numpy_ais(dt)
        if "logz" in work:
            numpy_logz(0.01)
            numpy_logz(10)
        jax_all(work)
        sys.exit(0)
    sys.exit(__doc__)
