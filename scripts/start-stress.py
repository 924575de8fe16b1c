#!/usr/bin/env python3
"""start-stress.py: start a kernel many times through jupyter_client, several
starts at once, and count the starts that fail and why.

Usage (from the repository root, with the kernelspec on JUPYTER_PATH, e.g.
after `make test-kernelspec`: JUPYTER_PATH=$PWD/build/jupyter/share/jupyter):

    build/venv/bin/python scripts/start-stress.py [--kernel rbm-kernel]
        [--mode km|hb|nbclient] [-n STARTS_PER_JOB] [-j JOBS] [--stress HOGS]
        [--json FILE]

Each of the JOBS processes starts the kernel STARTS_PER_JOB times in a row;
HOGS busy-loop processes load the machine meanwhile. A start is one of:

  km        KernelManager.start_kernel, km.client(), wait_for_ready: how
            jupyter_client.start_new_kernel, jupyter_kernel_test and jupyter
            console start a kernel. Here wait_for_ready says "Kernel died
            before replying to kernel_info" only when the process has ended.
  hb        the KernelManager starts the kernel, a separate
            BlockingKernelClient (no KernelManager) loaded from the
            connection file waits for it: wait_for_ready then judges
            liveness by the heartbeat, which must answer within 1 s
            (HBChannel.time_to_dead), so a live kernel that is slow to
            answer its first ping is reported dead.
  nbclient  NotebookClient.async_start_new_kernel and
            async_start_new_kernel_client, as nbclient and papermill do.

For every start it records whether wait_for_ready succeeded, the time to
ready, the heartbeat misses the client's HBChannel saw, whether the kernel
process was alive when an error was raised, and the kernel's stderr when
the start failed. A failed start whose kernel said "address already in
use" is counted as a port collision: jupyter_client picks free ports in
each client process and frees them again before the kernel binds them, so
two kernels started at once by different processes can be given the same
port (the kernel that binds second exits).

The last lines give the counts, e.g.

    mode=hb starts=600 failed=1 (alive 0, port collisions 1) hb_missed=1 ...
"""
import argparse
import asyncio
import json
import multiprocessing as mp
import os
import tempfile
import time


def one_start(mode, kernel_name):
    from jupyter_client import BlockingKernelClient, KernelManager
    from jupyter_client.channels import HBChannel

    misses = []
    HBChannel.call_handlers = lambda self, since: misses.append(round(since, 3))
    res = {"mode": mode, "ok": False}
    errf = tempfile.TemporaryFile()
    t0 = time.monotonic()
    km = None
    try:
        if mode == "nbclient":
            import nbformat
            from nbclient import NotebookClient

            c = NotebookClient(nbformat.v4.new_notebook(), kernel_name=kernel_name, startup_timeout=30)

            async def go():
                c.km = c.create_kernel_manager()
                await c.async_start_new_kernel(stderr=errf)
                try:
                    await c.async_start_new_kernel_client()
                    res["ready_s"] = round(time.monotonic() - t0, 3)
                except Exception:
                    res["alive_at_error"] = await c.km._async_is_alive()
                    raise
                finally:
                    if c.kc is not None:
                        c.kc.stop_channels()
                    await c.km._async_shutdown_kernel(now=True)

            asyncio.run(go())
        else:
            km = KernelManager(kernel_name=kernel_name)
            km.start_kernel(stderr=errf)
            if mode == "km":
                kc = km.client()
            else:
                kc = BlockingKernelClient()
                kc.load_connection_file(km.connection_file)
            kc.start_channels()
            try:
                kc.wait_for_ready(timeout=30)
                res["ready_s"] = round(time.monotonic() - t0, 3)
            except Exception:
                res["alive_at_error"] = km.is_alive()
                raise
            finally:
                kc.stop_channels()
        res["ok"] = True
    except Exception as e:
        res["error"] = f"{type(e).__name__}: {e}"
    finally:
        if km is not None:
            try:
                km.shutdown_kernel(now=True)
            except Exception:
                pass
        if not res["ok"]:
            errf.seek(0)
            res["stderr"] = errf.read().decode(errors="replace")[-2000:]
        errf.close()
    res["hb_misses"] = misses
    return res


def job(mode, kernel_name, n, out):
    for _ in range(n):
        out.put(one_start(mode, kernel_name))


def hog():
    while True:
        pass


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--kernel", default="rbm-kernel", help="kernelspec name (default rbm-kernel)")
    ap.add_argument("--mode", default="km", choices=["km", "hb", "nbclient"])
    ap.add_argument("-n", type=int, default=50, help="starts per job (default 50)")
    ap.add_argument("-j", type=int, default=4, help="jobs starting kernels at once (default 4)")
    ap.add_argument("--stress", type=int, default=0, help="busy-loop processes (default 0)")
    ap.add_argument("--json", help="write every start's record to this file")
    args = ap.parse_args()

    hogs = [mp.Process(target=hog, daemon=True) for _ in range(args.stress)]
    for h in hogs:
        h.start()
    q = mp.Queue()
    jobs = [mp.Process(target=job, args=(args.mode, args.kernel, args.n, q)) for _ in range(args.j)]
    t0 = time.monotonic()
    for p in jobs:
        p.start()
    results = []
    for _ in range(args.n * args.j):
        r = q.get()
        results.append(r)
        if not r["ok"]:
            print(json.dumps(r), flush=True)
    for p in jobs:
        p.join()
    for h in hogs:
        h.terminate()

    failed = [r for r in results if not r["ok"]]
    alive = [r for r in failed if r.get("alive_at_error")]
    collisions = [r for r in failed if "address already in use" in r.get("stderr", "")]
    missed = [r for r in results if r["hb_misses"]]
    ready = sorted(r["ready_s"] for r in results if "ready_s" in r)

    def pct(f):
        return ready[min(len(ready) - 1, int(f * len(ready)))] if ready else None

    print(
        f"mode={args.mode} kernel={args.kernel} j={args.j} stress={args.stress} starts={len(results)} "
        f"failed={len(failed)} (alive {len(alive)}, port collisions {len(collisions)}) "
        f"hb_missed={len(missed)} ready_s p50={pct(.5)} p99={pct(.99)} max={ready[-1] if ready else None} "
        f"wall={time.monotonic() - t0:.0f}s"
    )
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
