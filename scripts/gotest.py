#!/usr/bin/python3
"""Reads `go test -json` on stdin and prints what plain `go test` would show
for a passing run (one line per package), the full output of every failing
test, build errors, and a count line; writes "passed failed skipped" to the
file named by the first argument (X.count), and, when something failed, a
digest of it to X.failures: per failing test, the first line of each of its
first messages (t.Error, t.Log: "file_test.go:N: ...") and of a panic.
scripts/test-all.sh prints the digests after its timings, at the end of a
long log, where a reader of the log's tail sees why a stage failed. Exits 1
when any test or package failed.

Counts include subtests: each Test event that ends in pass, fail or skip is
one test.
"""
import json
import os
import re
import sys
from collections import defaultdict

# The start of a test's message, "    name_test.go:123: text", or of a
# compiler's, "pkg/file.go:12:3: text".
MESSAGE = re.compile(r"^\s*\S+\.go:\d+(:\d+)?: ")
DIGEST_MESSAGES = 12  # per failing test
DIGEST_WIDTH = 240  # characters per line


def digest(name, lines):
    """The digest lines of a failed test (or package) named name."""
    picked = []
    for line in lines:
        line = line.rstrip("\n")
        if MESSAGE.match(line) or line.startswith(("panic: ", "fatal error: ")):
            if len(picked) == DIGEST_MESSAGES:
                picked.append("  (more in the full output above)")
                break
            picked.append("  " + line.strip()[:DIGEST_WIDTH])
    return [f"--- FAIL: {name}"] + picked


def main():
    out_path = sys.argv[1] if len(sys.argv) > 1 else None
    passed = failed = skipped = 0
    pkg_failed = False
    outputs = defaultdict(list)  # (package, test) -> lines
    digests = []
    failed_in = set()  # packages with a failed test
    build_out = defaultdict(list)  # package -> compiler output
    for raw in sys.stdin:
        raw = raw.rstrip("\n")
        try:
            ev = json.loads(raw)
        except ValueError:
            print(raw)  # not JSON: e.g. a go command error
            continue
        action = ev.get("Action", "")
        pkg = ev.get("Package", "") or ev.get("ImportPath", "")
        test = ev.get("Test", "")
        if action in ("build-output",):
            sys.stdout.write(ev.get("Output", ""))
            build_out[pkg].append(ev.get("Output", ""))
            continue
        if action == "build-fail":
            pkg_failed = True
            digests += digest(f"{pkg} (build)", build_out.pop(pkg, []))
            failed_in.add(pkg)
            continue
        if action == "output":
            text = ev.get("Output", "")
            if test:
                outputs[(pkg, test)].append(text)
            else:
                outputs[(pkg, "")].append(text)
            continue
        if test:
            if action == "pass":
                passed += 1
                outputs.pop((pkg, test), None)
            elif action == "skip":
                skipped += 1
                lines = outputs.pop((pkg, test), [])
                why = [l.strip() for l in lines if l.strip() and not l.lstrip().startswith(("=== ", "--- "))]
                print(f"--- SKIP: {pkg} {test}" + (f": {why[-1]}" if why else ""))
            elif action == "fail":
                failed += 1
                lines = outputs.pop((pkg, test), [])
                sys.stdout.write("".join(lines))
                digests += digest(f"{pkg} {test}", lines)
                failed_in.add(pkg)
        elif action in ("pass", "fail", "skip"):
            lines = outputs.pop((pkg, ""), [])
            if action == "fail":
                pkg_failed = True
                sys.stdout.write("".join(lines))
                # A test that was running when the package failed (a
                # timeout, a panic on another goroutine) has no fail
                # event of its own: its output is still pending.
                for key in [k for k in outputs if k[0] == pkg]:
                    pending = outputs.pop(key)
                    sys.stdout.write("".join(pending))
                    digests += digest(f"{pkg} {key[1]} (running when the package failed)", pending)
                    failed_in.add(pkg)
                if pkg not in failed_in:  # a TestMain failure, say
                    digests += digest(pkg, lines)
            else:
                # Keep the last line ("ok  pkg 0.1s" / "?  pkg [no test files]").
                for line in lines[-1:]:
                    sys.stdout.write(line)
        sys.stdout.flush()
    print(f"go test: {passed} passed, {failed} failed, {skipped} skipped")
    if out_path:
        with open(out_path, "w") as f:
            f.write(f"{passed} {failed + (1 if pkg_failed and not failed else 0)} {skipped}\n")
        failures = os.path.splitext(out_path)[0] + ".failures"
        if digests:
            with open(failures, "w") as f:
                f.write("\n".join(digests) + "\n")
        elif os.path.exists(failures):
            os.remove(failures)
    return 1 if failed or pkg_failed else 0


if __name__ == "__main__":
    sys.exit(main())
