"""Protocol edges of rbm-kernel through jupyter_client and a raw zmq
socket (issue 20): a replayed, correctly signed execute_request runs once;
a request nested 100,000 deep gets an error reply instead of silence; a
cell's os.Stdin, fmt.Scanln and input.Password ask the front end with
input_request (allow_stdin), are end of file without it, and an interrupt
(message or SIGINT) ends the wait with the kernel alive.

Run against an installed kernelspec named "rbm-kernel" (see run.sh).
"""
import json
import os
import signal
import time

import zmq
from jupyter_client.session import Session

from kernelcase import LOG_DIR, KernelClass

TIMEOUT = 30
DEEP = 100000


class RawShell:
    """A DEALER socket of its own on the kernel's shell port, signing with
    the kernel's key: it sends exactly the frames it is given."""

    def __init__(self, km):
        info = km.get_connection_info(session=False)
        self.session = Session(key=km.session.key, signature_scheme=info["signature_scheme"])
        self.sock = zmq.Context.instance().socket(zmq.DEALER)
        self.sock.setsockopt(zmq.LINGER, 0)
        self.sock.connect(f"{info['transport']}://{info['ip']}:{info['shell_port']}")

    def close(self):
        self.sock.close()

    def frames(self, msg_type, content_json):
        """The signed frames of a request whose content is the given JSON
        text, and its msg_id."""
        header = self.session.msg_header(msg_type)
        parts = [json.dumps(header, default=str).encode(), b"{}", b"{}", content_json.encode()]
        return [b"<IDS|MSG>", self.session.sign(parts)] + parts, header["msg_id"]

    def execute_frames(self, code):
        content = {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                   "allow_stdin": False, "stop_on_error": True}
        return self.frames("execute_request", json.dumps(content))

    def send(self, frames):
        self.sock.send_multipart(frames)

    def recv(self, timeout=TIMEOUT):
        """The next message on the socket, deserialized (content unpacked)."""
        if not self.sock.poll(timeout * 1000):
            raise AssertionError(f"no shell message within {timeout} s")
        _, msg = self.session.feed_identities(self.sock.recv_multipart())
        return self.session.deserialize(msg)


class Edges(KernelClass):
    LOG = "kernel-edges.log"

    def setUp(self):
        self.raw = RawShell(self.km)

    def tearDown(self):
        self.raw.close()

    def iopub_until_idle(self, msg_id):
        """The iopub messages whose parent is msg_id, up to its idle."""
        out = []
        deadline = time.monotonic() + TIMEOUT
        while True:
            m = self.kc.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
            if m["parent_header"].get("msg_id") != msg_id:
                continue
            out.append(m)
            if m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                return out

    def log_text(self):
        with open(os.path.join(LOG_DIR, self.LOG)) as f:
            return f.read()

    def test_replayed_execute_runs_once(self):
        frames, _ = self.raw.execute_frames("replays := 0")
        self.raw.send(frames)
        self.assertEqual(self.raw.recv()["content"]["status"], "ok")

        frames, replayed = self.raw.execute_frames('replays++\nfmt.Println("ran", replays)')
        for _ in range(3):
            self.raw.send(frames)
        # Shell is handled in order: once the next request is answered,
        # the three copies have been read.
        after, after_id = self.raw.execute_frames("replays")
        self.raw.send(after)
        replies = []
        while True:
            r = self.raw.recv()
            replies.append(r)
            if r["parent_header"]["msg_id"] == after_id:
                break
        to_replayed = [r for r in replies if r["parent_header"]["msg_id"] == replayed]
        self.assertEqual(len(to_replayed), 1, f"replies to the replayed request: {replies}")
        first = to_replayed[0]["content"]
        self.assertEqual(first["status"], "ok")
        last = replies[-1]["content"]
        self.assertEqual(last["status"], "ok")
        self.assertEqual(last["execution_count"], first["execution_count"] + 1)

        out = [m["content"]["text"] for m in self.iopub_until_idle(replayed) if m["msg_type"] == "stream"]
        self.assertEqual("".join(out), "ran 1\n")
        res = [m["content"] for m in self.iopub_until_idle(after_id) if m["msg_type"] == "execute_result"]
        self.assertEqual(len(res), 1)
        self.assertEqual(res[0]["data"]["text/plain"], "1")
        self.assertEqual(self.log_text().count("refused replayed message"), 2)

    def test_deep_request_gets_an_error_reply(self):
        deep = "[" * DEEP + "]" * DEEP
        frames, msg_id = self.raw.frames("execute_request", '{"code":' + deep + "}")
        self.raw.send(frames)
        r = self.raw.recv()
        self.assertEqual(r["msg_type"], "execute_reply")
        self.assertEqual(r["parent_header"]["msg_id"], msg_id)
        c = r["content"]
        self.assertEqual(c["status"], "error")
        self.assertEqual(c["ename"], "MalformedMessage")
        self.assertIn(f"content: JSON nested {DEEP + 1} levels deep", c["evalue"])
        states = [m["content"]["execution_state"] for m in self.iopub_until_idle(msg_id) if m["msg_type"] == "status"]
        self.assertEqual(states, ["busy", "idle"])
        self.assertIn("malformed message", self.log_text())
        # The kernel goes on.
        reply = self.kc.execute_interactive("1 + 1", timeout=TIMEOUT, output_hook=lambda m: None)
        self.assertEqual(reply["content"]["status"], "ok")


class Stdin(KernelClass):
    LOG = "kernel-stdin.log"

    def outputs(self, msg_id):
        """(reply content, stdout text, execute_result text) of msg_id."""
        reply = self.kc.get_shell_msg(timeout=TIMEOUT)
        self.assertEqual(reply["parent_header"]["msg_id"], msg_id)
        out, result = "", None
        deadline = time.monotonic() + TIMEOUT
        while True:
            m = self.kc.get_iopub_msg(timeout=max(0.1, deadline - time.monotonic()))
            if m["parent_header"].get("msg_id") != msg_id:
                continue
            if m["msg_type"] == "stream" and m["content"]["name"] == "stdout":
                out += m["content"]["text"]
            elif m["msg_type"] == "execute_result":
                result = m["content"]["data"]["text/plain"]
            elif m["msg_type"] == "status" and m["content"]["execution_state"] == "idle":
                return reply["content"], out, result

    def input_request(self, msg_id):
        m = self.kc.get_stdin_msg(timeout=TIMEOUT)
        self.assertEqual(m["msg_type"], "input_request")
        self.assertEqual(m["parent_header"]["msg_id"], msg_id)
        return m["content"]

    def test_scanln_and_bufio_ask_the_front_end(self):
        msg_id = self.kc.execute(
            'import "bufio"\n'
            "var name string\n"
            'fmt.Print("name? ")\n'
            "fmt.Scanln(&name)\n"
            "line, _ := bufio.NewReader(os.Stdin).ReadString('\\n')\n"
            'fmt.Printf("hello %s, %q\\n", name, line)',
            allow_stdin=True,
        )
        for answer in ["Ada", "a whole line"]:
            req = self.input_request(msg_id)
            self.assertEqual(req, {"prompt": "", "password": False})
            self.kc.input(answer)
        reply, out, _ = self.outputs(msg_id)
        self.assertEqual(reply["status"], "ok", reply)
        self.assertEqual(out, 'name? hello Ada, "a whole line\\n"\n')

    def test_password_flag(self):
        msg_id = self.kc.execute('tok, err := input.Password("token: ")\nfmt.Println(len(tok), err)', allow_stdin=True)
        self.assertEqual(self.input_request(msg_id), {"prompt": "token: ", "password": True})
        self.kc.input("s3cret")
        reply, out, _ = self.outputs(msg_id)
        self.assertEqual(reply["status"], "ok", reply)
        self.assertEqual(out, "6 <nil>\n")

    def test_no_stdin_is_end_of_file(self):
        msg_id = self.kc.execute(
            "var s string\n_, err := fmt.Scanln(&s)\n_, err2 := input.Line(\"x? \")\nfmt.Println(err, err2)",
            allow_stdin=False,
        )
        reply, out, _ = self.outputs(msg_id)
        self.assertEqual(reply["status"], "ok", reply)
        self.assertEqual(out, "EOF input: the front end does not accept input (allow_stdin is false)\n")

    def interrupted_while_waiting(self, interrupt):
        self.kc.execute_interactive("waited := 41", timeout=TIMEOUT, output_hook=lambda m: None)
        msg_id = self.kc.execute("var s string\nfmt.Scanln(&s)", allow_stdin=True)
        self.input_request(msg_id)
        interrupt()
        reply, _, _ = self.outputs(msg_id)
        self.assertEqual(reply["status"], "error")
        self.assertEqual(reply["ename"], "Interrupted")
        # The kernel is alive, with its session; no answer is awaited.
        msg_id = self.kc.execute("waited + 1")
        reply, _, result = self.outputs(msg_id)
        self.assertEqual(reply["status"], "ok", reply)
        self.assertEqual(result, "42")

    def test_interrupt_request_ends_the_wait(self):
        self.interrupted_while_waiting(self.km.interrupt_kernel)

    def test_sigint_ends_the_wait(self):
        self.interrupted_while_waiting(lambda: self.km.signal_kernel(signal.SIGINT))


if __name__ == "__main__":
    import unittest

    unittest.main()
