"""End-to-end checks of rbm-kernel through jupyter_client that the public
conformance suite does not make: interrupting a runaway cell keeps the
session, a panicking goroutine and os.Exit do not end the kernel, cells that
end the worker process (a stack overflow in compiled code, concurrent map
writes, a panicking library callback, passing the memory limit) leave the
kernel connected with an error naming the cause and %rerun brings the lost
session back, a recursion without end in interpreted code is stopped with
the session kept, a second interrupt stops a cell that ignores the first,
the RBM library answers from a cell, and compiled cells (%%compile) print to
the cell, panic as the cell, end only the worker with a stack overflow (and
come back with %rerun), and, in a kernel that finds no go command, end with
a ToolchainError while ordinary cells go on.

Run against an installed kernelspec named "rbm-kernel" (see run.sh).
"""
import math
import os
import time
import unittest
from queue import Empty

from jupyter_client.manager import start_new_kernel

TIMEOUT = 30


class RBMKernelE2E(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.km, cls.kc = start_new_kernel(kernel_name="rbm-kernel")

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        cls.km.shutdown_kernel(now=True)

    def run_cell(self, code, timeout=TIMEOUT):
        """Executes code; returns (reply content, [(msg_type, content)])."""
        out = []
        reply = self.kc.execute_interactive(
            code, timeout=timeout, output_hook=lambda m: out.append((m["msg_type"], m["content"]))
        )
        return reply["content"], out

    def ok(self, code):
        reply, out = self.run_cell(code)
        self.assertEqual(reply["status"], "ok", f"{code!r}: {reply}")
        return out

    def result_text(self, code):
        reply, out = self.run_cell(code)
        self.assertEqual(reply["status"], "ok", f"{code!r}: {reply}")
        for t, c in out:
            if t == "execute_result":
                return c["data"]["text/plain"]
        self.fail(f"{code!r}: no execute_result in {out}")

    def start(self, code, printed=None):
        """Sends code for execution and returns its msg_id once it runs:
        once its execute_input is out, or, with printed, once the cell has
        written printed to stdout (the cell itself is running, not only
        queued or being checked)."""
        msg_id = self.kc.execute(code)
        deadline = time.monotonic() + TIMEOUT
        while True:
            m = self.kc.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
            if m["parent_header"].get("msg_id") != msg_id:
                continue
            if printed is None and m["msg_type"] == "execute_input":
                return msg_id
            if printed is not None and m["msg_type"] == "stream" and printed in m["content"]["text"]:
                return msg_id

    def test_interrupt_keeps_state(self):
        self.ok("kept := 41")
        msg_id = self.start("for {}")
        self.km.interrupt_kernel()
        while True:
            r = self.kc.get_shell_msg(timeout=TIMEOUT)
            if r["parent_header"].get("msg_id") == msg_id:
                break
        self.assertEqual(r["content"]["status"], "error")
        # Drain iopub up to idle for the interrupted cell.
        while True:
            try:
                m = self.kc.get_iopub_msg(timeout=TIMEOUT)
            except Empty:
                break
            if (m["parent_header"].get("msg_id") == msg_id and m["msg_type"] == "status"
                    and m["content"]["execution_state"] == "idle"):
                break
        self.assertEqual(self.result_text("kept + 1"), "42")

    def test_goroutine_panic_does_not_end_kernel(self):
        self.run_cell('done := make(chan bool)\ngo func() { defer close(done); panic("in a goroutine") }()\n<-done')
        self.assertTrue(self.km.is_alive())
        self.assertEqual(self.result_text("1 + 1"), "2")

    def test_os_exit_does_not_end_kernel(self):
        reply, _ = self.run_cell("os.Exit(3)")
        self.assertEqual(reply["status"], "error")
        self.assertTrue(self.km.is_alive())
        self.assertEqual(self.result_text("2 + 2"), "4")

    def test_interpreted_recursion_keeps_the_session(self):
        self.ok("kept := 41")
        reply, _ = self.run_cell("func deep(n int) int {\n\treturn deep(n+1) + 1\n}\ndeep(0)", timeout=60)
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["ename"], "StackOverflow", reply)
        self.assertIn("deep → deep", reply["evalue"])
        self.assertIn("cell line 2", reply["evalue"])
        self.assertEqual(self.result_text("kept + 1"), "42")

    def test_second_interrupt_stops_a_stubborn_cell(self):
        # The interrupts are sent once the cell prints, right before it
        # blocks: sent when it was only queued (its execute_input out), both
        # could arrive before the worker ran it, and the first alone then
        # ends it ("the cell was interrupted", as it should).
        msg_id = self.start('var mu sync.Mutex\nmu.Lock()\nfmt.Println("blocking")\nmu.Lock()', printed="blocking")
        self.km.interrupt_kernel()
        self.km.interrupt_kernel()
        r = self.kc.get_shell_msg(timeout=TIMEOUT)
        while r["parent_header"].get("msg_id") != msg_id:
            r = self.kc.get_shell_msg(timeout=TIMEOUT)
        self.assertEqual(r["content"]["ename"], "Interrupted")
        self.assertIn("second interrupt", r["content"]["evalue"])
        self.assertEqual(self.result_text("3 + 3"), "6")

    def test_memory_limit(self):
        self.ok("%memory 1GiB")
        self.ok("lost := 20")
        reply, _ = self.run_cell("held := make([]byte, 2<<30)\nfor i := 0; i < len(held); i += 4096 {\n"
                                 "\theld[i] = 1\n}", timeout=60)
        self.assertEqual(reply["ename"], "OutOfMemory", reply)
        self.assertIn("memory limit of 1 GiB", reply["evalue"])
        self.assertTrue(self.km.is_alive())
        self.ok("%memory 75%")
        self.assertEqual(self.result_text("1 + 1"), "2")

    def test_panicking_callback_literal_keeps_the_session(self):
        self.ok("kept := 41")
        for code in [
            "done := make(chan bool)\ntime.AfterFunc(time.Millisecond, func() {\n\tvar m map[string]int\n"
            "\tm[\"x\"] = 1\n\tdone <- true\n})\n<-done",
            "m, _ := rbm.NewBinary(16, 4, nil)\nm.ExactLogZContext(ctx, func(done, total int) {\n"
            "\tpanic(\"in the progress callback\")\n})",
        ]:
            with self.subTest(code=code):
                reply, _ = self.run_cell(code, timeout=60)
                self.assertEqual(reply["status"], "error")
                self.assertEqual(reply["ename"], "panic", reply)
                self.assertIn("which compiled code called on a goroutine of its own", reply["traceback"][0])
                self.assertEqual(self.result_text("kept + 1"), "42")

    def test_deadly_cells_keep_the_kernel(self):
        deadly = [
            ("s := []any{nil}\ns[0] = s\nfmt.Sprint(s)", "StackOverflow"),
            ("m := map[int]int{}\nvar wg sync.WaitGroup\nfor g := 0; g < 4; g++ {\n\twg.Add(1)\n"
             "\tgo func() {\n\t\tdefer wg.Done()\n\t\tfor i := 0; i < 10000000; i++ {\n\t\t\tm[i%1000] = i\n\t\t}\n"
             "\t}()\n}\nwg.Wait()", "FatalError"),
            ("boom := func() {\n\tvar m map[string]int\n\tm[\"x\"] = 1\n}\ndone := make(chan bool)\n"
             "time.AfterFunc(time.Millisecond, boom)\n<-done", "Panic"),
        ]
        for code, ename in deadly:
            with self.subTest(ename=ename):
                self.ok("lost := 20")
                self.ok("func twice(n int) int { return 2 * n }")
                reply, _ = self.run_cell(code, timeout=60)
                self.assertEqual(reply["status"], "error")
                self.assertEqual(reply["ename"], ename, reply)
                self.assertIn("%rerun", "\n".join(reply["traceback"]))
                self.assertTrue(self.km.is_alive())
                reply, _ = self.run_cell("lost")
                self.assertEqual(reply["status"], "error", "the state survived the worker's death")
                self.ok("%rerun")
                self.assertEqual(self.result_text("twice(lost) + 2"), "42")

    def test_compiled_cell_deadly_keeps_the_kernel(self):
        # A recursion without end in a compiled cell is Go's fatal stack
        # overflow: it ends the worker, and %rerun builds the compiled cell
        # again (from the cache) in the new one.
        self.ok("%%compile\n// Deep never returns.\nfunc Deep(n int) int { return Deep(n+1) + 1 }\n"
                "// Twice doubles n.\nfunc Twice(n int) int { return 2 * n }")
        self.ok("lost := 20")
        reply, _ = self.run_cell("Deep(0)", timeout=60)
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["ename"], "StackOverflow", reply)
        self.assertIn("%rerun", "\n".join(reply["traceback"]))
        self.assertTrue(self.km.is_alive())
        self.ok("%rerun")
        self.assertEqual(self.result_text("Twice(lost) + 2"), "42")

    def test_compiled_cell_output_and_panic(self):
        self.ok("%%compile\nimport \"os\"\n\n// Say prints to both streams.\nfunc Say(n int) {\n"
                "\tfmt.Println(\"out\", n)\n\tfmt.Fprintln(os.Stderr, \"err\", n)\n}\n\n"
                "// At indexes s.\nfunc At(s []int, i int) int { return s[i] }")
        _, out = self.ok_out("Say(7)")
        streams = [(c["name"], c["text"]) for t, c in out if t == "stream"]
        self.assertEqual("".join(t for n, t in streams if n == "stdout"), "out 7\n", out)
        self.assertEqual("".join(t for n, t in streams if n == "stderr"), "err 7\n", out)
        reply, _ = self.run_cell("At([]int{1}, 5)")
        self.assertEqual(reply["status"], "error")
        self.assertIn("index out of range [5] with length 1", reply["evalue"])
        self.assertEqual(self.result_text("At([]int{1, 2}, 1)"), "2")

    def ok_out(self, code):
        reply, out = self.run_cell(code)
        self.assertEqual(reply["status"], "ok", f"{code!r}: {reply}")
        return reply, out

    def test_library_exact_log_z(self):
        # With all parameters zero every one of the 2^(4+3) joint states has
        # energy 0, so Z = 2^7 and log Z = 7 ln 2 exactly.
        self.ok("m, err := rbm.NewBinary(4, 3, nil)")
        got = float(self.result_text("logZ, err := m.ExactLogZ()\nif err != nil {\n\tpanic(err)\n}\nlogZ"))
        self.assertAlmostEqual(got, 7 * math.log(2), places=12)


class WithoutGo(unittest.TestCase):
    """A kernel that finds no go command: a compiled cell ends with an
    error that says so and how to fix it, and ordinary cells go on."""

    @classmethod
    def setUpClass(cls):
        env = dict(os.environ)
        env.pop("GOROOT", None)
        env["PATH"] = os.pathsep.join(
            d for d in env.get("PATH", "").split(os.pathsep) if d and not os.path.exists(os.path.join(d, "go")))
        cls.km, cls.kc = start_new_kernel(kernel_name="rbm-kernel", env=env)

    @classmethod
    def tearDownClass(cls):
        cls.kc.stop_channels()
        cls.km.shutdown_kernel(now=True)

    def test_compiled_cell_without_go(self):
        reply = self.kc.execute_interactive("%%compile\nfunc F() int { return 1 }", timeout=TIMEOUT)["content"]
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["ename"], "ToolchainError", reply)
        self.assertIn("go command", reply["evalue"])
        out = []
        reply = self.kc.execute_interactive("40 + 2", timeout=TIMEOUT,
                                            output_hook=lambda m: out.append(m))["content"]
        self.assertEqual(reply["status"], "ok")
        results = [m["content"]["data"]["text/plain"] for m in out if m["msg_type"] == "execute_result"]
        self.assertEqual(results, ["42"])


if __name__ == "__main__":
    unittest.main()
