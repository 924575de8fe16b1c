#!/usr/bin/env python3
"""Checks and writes the notebooks of notebooks/ from their Go sources.

Each notebook notebooks/NAME.ipynb is paired with notebooks/src/NAME.go, a
Jupytext percent script: `// %%` starts a code cell, `// %% [markdown]` a
Markdown cell (its lines commented with `// `), and a cell magic such as
`%%sweep` or `%%compile` is written `// %%sweep`. notebooks/jupytext.toml
declares the pairing, so Jupyter with Jupytext (in build/venv) keeps both
files in step when a notebook is edited there.

    build/venv/bin/python scripts/notebooks.py check          # what CI runs
    build/venv/bin/python scripts/notebooks.py write [NAME…]  # .go → .ipynb
    build/venv/bin/python scripts/notebooks.py write --keep-outputs [NAME…]
    build/venv/bin/python scripts/notebooks.py script [NAME…] # .ipynb → .go

Cells are counted from 1, Markdown cells included, as rbm-kernel vet
counts them. check first runs a self-test of the pairing on a made-up
notebook (cell magics included); then it fails when a notebook's cells
(kind and source) differ from its script as Jupytext reads it, when the
script is not in the form Jupytext writes, when a notebook has no script or
a script no notebook, or when the committed notebook is not a clean
executed copy: a code cell without an execution count or with an error
output, a widget output whose model the saved widget state lacks
(scripts/widget_state.py), or more than its size limit. hello.ipynb is the exception: it is
kept without outputs.

write updates each notebook's cells from its script: a cell whose kind and
source are unchanged keeps its id, wherever cells were inserted or removed
before it (the cells are aligned by kind and source), and a code cell its
outputs unless a code cell before it changed (an edit, an insertion, a
deletion); Markdown edits keep every output. A changed or new code cell
has none, so check fails until the notebook is executed again
(re-execution is a separate, explicit step; no RBM_QUICK):

    JUPYTER_PATH=$PWD/build/jupyter/share/jupyter build/venv/bin/jupyter nbconvert \\
        --to notebook --execute --inplace --ExecutePreprocessor.record_timing=False \\
        notebooks/NAME.ipynb

With --keep-outputs, a changed code cell at the same place in a run of
changed cells keeps its outputs too: only for edits that cannot change what the cell
shows (a comment, a helper's new home), and say so in the commit.

It then rewrites the script in Jupytext's form. An unchanged notebook is
not rewritten, so it keeps the outputs of its last full run, byte for byte.
script writes the scripts from the notebooks (after editing in Jupyter
without the pairing).
"""
import difflib
import glob
import os
import sys

import jupytext
import nbformat
from jupytext.config import load_jupytext_config

import widget_state

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOTEBOOKS = os.path.join(ROOT, "notebooks")
SRC = os.path.join(NOTEBOOKS, "src")
FORMAT = "go:percent"

# The committed notebook's size limit, outputs included: no file in the
# repository may exceed 2 MiB.
MAX_BYTES = {
    "01-flip-the-state": 2 << 20,
    "02-rates-fpcd": 2 << 20,
    "03-dc-programming": 2 << 20,
    "04-grbm": 2 << 20,
}
DEFAULT_MAX_BYTES = 1 << 20

# Notebooks committed without outputs.
UNEXECUTED = {"hello"}

# What a notebook made from a script alone carries: what the kernel's
# kernel_info_reply says, so that a notebook that has not been run yet
# still exports as a .go file and highlights as Go.
METADATA = {
    "kernelspec": {"name": "rbm-kernel", "display_name": "Go (rbm-kernel)", "language": "go"},
    "language_info": {
        "name": "go",
        "mimetype": "text/x-go",
        "file_extension": ".go",
        "pygments_lexer": "go",
        "codemirror_mode": "go",
    },
}


def ipynb_path(name):
    return os.path.join(NOTEBOOKS, name + ".ipynb")


def script_path(name):
    return os.path.join(SRC, name + ".go")


def rel(path):
    return os.path.relpath(path, ROOT)


def names():
    """The names of all notebooks and scripts, sorted."""
    nbs = {os.path.basename(p)[: -len(".ipynb")] for p in glob.glob(os.path.join(NOTEBOOKS, "*.ipynb"))}
    gos = {os.path.basename(p)[: -len(".go")] for p in glob.glob(os.path.join(SRC, "*.go"))}
    return sorted(nbs | gos)


def config():
    """notebooks/jupytext.toml, as Jupytext loads it for a notebook there."""
    cfg = load_jupytext_config(ipynb_path("any"))
    if cfg is None:
        raise SystemExit("notebooks: notebooks/jupytext.toml is missing")
    return cfg


def cells_of(nb):
    """The kind and source of every cell, ids and outputs left out."""
    return cells_of_list(nb.cells)


def script_text(nb, cfg):
    """The Go script that Jupytext writes for nb."""
    return jupytext.writes(nb, fmt=FORMAT, config=cfg)


def execution_problems(name, path, nb):
    """Why the notebook at path is not a clean, executed copy (empty if it is)."""
    problems = []
    if name in UNEXECUTED:
        for i, c in enumerate(nb.cells):
            if c["cell_type"] == "code" and (c.get("outputs") or c.get("execution_count") is not None):
                problems.append(f"cell {i + 1} ({c.get('id')}) has outputs; this notebook is kept without them")
        return problems
    limit = MAX_BYTES.get(name, DEFAULT_MAX_BYTES)
    size = os.path.getsize(path)
    if size > limit:
        problems.append(f"{size} bytes, more than {limit}")
    n = 0  # code cells so far
    for i, c in enumerate(nb.cells):
        if c["cell_type"] != "code":
            continue
        n += 1
        if c.get("execution_count") is None:
            problems.append(f"cell {i + 1} ({c.get('id')}) was not executed")
        elif c["execution_count"] != n:
            # One run from the top numbers the code cells 1, 2, …: another
            # number is a cell run again, or outputs of another run.
            problems.append(f"cell {i + 1} ({c.get('id')}) has execution count {c['execution_count']}, not {n}: "
                            "execute the notebook from the top in one run")
        for o in c.get("outputs", []):
            if o.get("output_type") == "error":
                problems.append(f"cell {i + 1} ({c.get('id')}) failed: {o.get('ename')}: {o.get('evalue')}")
    # Widget outputs need the saved state of their models (widget_state.py).
    problems += [p.removeprefix(f"{name}: ") for p in widget_state.problems(nb, name)]
    return problems


def first_difference(have, want):
    """A sentence naming the first cell where have and want differ."""
    for i, (h, w) in enumerate(zip(have, want)):
        if h != w:
            if h[0] != w[0]:
                return f"cell {i + 1} is {h[0]} in the notebook, {w[0]} in the script"
            return f"cell {i + 1}'s source differs"
    return f"the notebook has {len(have)} cells, the script {len(want)}"


def selftest(cfg):
    """Checks, on a made-up notebook, what the pairing relies on: Go cells,
    Markdown cells, blank lines and the cell magics %%sweep and %%compile
    come back from the script unchanged; and a code line that Jupytext would
    take for a cell marker (a comment starting with %%) is caught as a
    difference, not passed over. Returns the problems found."""
    nb = nbformat.v4.new_notebook(metadata=METADATA)
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Title\n\nText with `code`, // slashes and %% signs."),
        nbformat.v4.new_code_cell("x := 1\n\n\nfmt.Println(x) // a comment"),
        nbformat.v4.new_code_cell('%%sweep -out /tmp/s -var small\nsweep "s"\nupdates 3'),
        nbformat.v4.new_code_cell("%%compile\ntype P struct{ A int }\n\nfunc (p P) Get() int { return p.A }"),
        nbformat.v4.new_code_cell("!ls\n%time x"),
    ]
    problems = []
    text = script_text(nb, cfg)
    for line in ("// %%sweep -out /tmp/s -var small", "// %%compile", "// %% [markdown]"):
        if line not in text.splitlines():
            problems.append(f"the script lacks the line {line!r}")
    back = jupytext.reads(text, fmt=FORMAT)
    if cells_of(back) != cells_of(nb):
        problems.append("cells changed through the script: " + first_difference(cells_of(back), cells_of(nb)))
    if script_text(back, cfg) != text:
        problems.append("the script changed when written again")
    # A Markdown cell edited or inserted leaves every output; a code cell
    # edited or deleted takes the outputs of the code cells after it.
    def ran(code, out, n):
        c = nbformat.v4.new_code_cell(code)
        c["outputs"] = [nbformat.v4.new_output("stream", name="stdout", text=out)]
        c["execution_count"] = n
        c["id"] = f"old-{n}"
        return c

    def md(text):
        c = nbformat.v4.new_markdown_cell(text)
        c["id"] = "old-md"
        return c

    def code(src):
        return nbformat.v4.new_code_cell(src)

    old = [md("# A"), ran("x := 3", "", 1), ran("fmt.Println(x)", "3\n", 2)]
    cases = [
        ("a Markdown cell edited and one inserted", [md("# A, edited"), code("x := 3"), md("inserted"), code("fmt.Println(x)")],
         {1: True, 3: True}),
        ("the first code cell edited", [md("# A"), code("x := 4"), code("fmt.Println(x)")], {1: False, 2: False}),
        ("the first code cell deleted", [md("# A"), code("fmt.Println(x)")], {1: False}),
        ("a code cell inserted", [md("# A"), code("x := 3"), code("x++"), code("fmt.Println(x)")],
         {1: True, 2: False, 3: False}),
    ]
    for what, new, keeps in cases:
        merged = merged_cells(old, new)
        if cells_of_list(merged) != cells_of_list(new):
            problems.append(f"{what}: merged_cells does not give the script's cells")
            continue
        for k, keep in keeps.items():
            if bool(merged[k].get("outputs")) != keep:
                problems.append(f"{what}: code cell {k + 1} {'lost' if keep else 'kept'} its outputs")
        if merged[0]["id"] != "old-md":
            problems.append(f"{what}: the Markdown cell lost its id")
    marker = nbformat.v4.new_notebook(metadata=METADATA)
    marker.cells = [nbformat.v4.new_code_cell("x := 1\n// %% looks like a cell marker\nx")]
    if cells_of(jupytext.reads(script_text(marker, cfg), fmt=FORMAT)) == cells_of(marker):
        problems.append("a comment line starting with %% did not split the cell: the limitation in notebooks/README.md is gone")
    return problems


def check(cfg):
    bad = 0
    for p in selftest(cfg):
        print(f"notebooks: Jupytext self-test: {p}")
        bad = 1
    for name in names():
        nbp, gop = ipynb_path(name), script_path(name)
        if not os.path.exists(gop):
            print(f"notebooks: {rel(nbp)} has no script {rel(gop)}; run scripts/notebooks.py script {name}")
            bad = 1
            continue
        if not os.path.exists(nbp):
            print(f"notebooks: {rel(gop)} has no notebook {rel(nbp)}; run scripts/notebooks.py write {name}, then execute it")
            bad = 1
            continue
        nb = nbformat.read(nbp, as_version=4)
        text = open(gop, encoding="utf-8").read()
        want = cells_of(jupytext.reads(text, fmt=FORMAT))
        have = cells_of(nb)
        if have != want:
            print(f"notebooks: {rel(nbp)} differs from {rel(gop)} ({first_difference(have, want)}); "
                  f"run scripts/notebooks.py write {name} and execute it again")
            bad = 1
            continue
        if script_text(nb, cfg) != text:
            print(f"notebooks: {rel(gop)} is not in the form Jupytext writes; run scripts/notebooks.py script {name}")
            bad = 1
        for p in execution_problems(name, nbp, nb):
            print(f"notebooks: {rel(nbp)}: {p}; execute it in place (see scripts/notebooks.py)")
            bad = 1
    return bad


def merged_cells(old, new, keep_outputs=False):
    """The cells of the script (new) with what the notebook (old) knows of
    them: the cells are aligned by kind and source (difflib), so a cell
    left unchanged keeps its id wherever cells were inserted or removed
    before it, and a code cell its outputs unless a code cell before it
    was changed, inserted or removed (Markdown edits keep every output).
    Within a run of changed cells, a cell of the same kind at the same
    place in the run keeps its id, and with keep_outputs its outputs too;
    any other changed or new cell has none."""
    have, want = cells_of_list(old), cells_of_list(new)
    kept = {}  # index in new -> index in old
    ops = difflib.SequenceMatcher(a=have, b=want, autojunk=False).get_opcodes()
    for tag, i1, i2, j1, j2 in ops:
        for k in range(min(i2 - i1, j2 - j1)):
            if tag == "equal" or (tag == "replace" and have[i1 + k][0] == want[j1 + k][0]):
                kept[j1 + k] = i1 + k
    # A code cell's outputs depend on the code cells before it: without
    # keep_outputs, only those before the first change to the sequence of
    # code cells (an edit, an insertion, a deletion) keep theirs.
    old_code = [src for kind, src in have if kind == "code"]
    new_code = [src for kind, src in want if kind == "code"]
    first = next((k for k, (a, b) in enumerate(zip(old_code, new_code)) if a != b), min(len(old_code), len(new_code)))
    taken = {old[i]["id"] for i in kept.values()}
    cells = []
    code_index = -1
    for j, c in enumerate(new):
        i = kept.get(j)
        if c["cell_type"] == "code":
            code_index += 1
        if i is not None:
            cell = old[i]
            stale = code_index >= first and not keep_outputs
            if cell["cell_type"] == "code" and (stale or have[i][1] != c["source"] and not keep_outputs):
                cell = nbformat.v4.new_code_cell(c["source"])
                cell["id"] = old[i]["id"]
            cell["source"] = c["source"]
            cells.append(cell)
            continue
        if c["cell_type"] == "markdown":
            n = nbformat.v4.new_markdown_cell(c["source"])
        else:
            n = nbformat.v4.new_code_cell(c["source"])
        # Stable ids, so that writing again changes nothing.
        n["id"] = f"cell-{j:02d}"
        while n["id"] in taken:
            n["id"] += "x"
        taken.add(n["id"])
        cells.append(n)
    return cells


def cells_of_list(cells):
    """cells_of for a list of cells."""
    return [(c["cell_type"], c["source"]) for c in cells]


def write(cfg, only, keep_outputs=False):
    for name in only or names():
        nbp, gop = ipynb_path(name), script_path(name)
        if not os.path.exists(gop):
            raise SystemExit(f"notebooks: no script {rel(gop)}")
        src = jupytext.read(gop, fmt=FORMAT)
        if os.path.exists(nbp):
            nb = nbformat.read(nbp, as_version=4)
        else:
            nb = nbformat.v4.new_notebook(metadata=METADATA)
        if cells_of(nb) != cells_of(src):
            cells = merged_cells(nb.cells, src.cells, keep_outputs)
            nb.cells = cells
            nbformat.validate(nb)
            with open(nbp, "w", encoding="utf-8") as f:
                f.write(nbformat.writes(nb) + "\n")
            if keep_outputs:
                print(f"notebooks: wrote {rel(nbp)}, keeping the outputs of changed cells")
            elif any(c["cell_type"] == "code" and c.get("execution_count") is None for c in cells):
                print(f"notebooks: wrote {rel(nbp)} (changed cells have no outputs: execute it in place)")
            else:
                print(f"notebooks: wrote {rel(nbp)} (every code cell kept its outputs)")
        text = script_text(nb, cfg)
        if open(gop, encoding="utf-8").read() != text:
            with open(gop, "w", encoding="utf-8") as f:
                f.write(text)
            print(f"notebooks: wrote {rel(gop)} in Jupytext's form")
    return 0


def script(cfg, only):
    for name in only or names():
        nbp, gop = ipynb_path(name), script_path(name)
        if not os.path.exists(nbp):
            raise SystemExit(f"notebooks: no notebook {rel(nbp)}")
        text = script_text(nbformat.read(nbp, as_version=4), cfg)
        if not os.path.exists(gop) or open(gop, encoding="utf-8").read() != text:
            os.makedirs(SRC, exist_ok=True)
            with open(gop, "w", encoding="utf-8") as f:
                f.write(text)
            print(f"notebooks: wrote {rel(gop)}")
    return 0


def main(argv):
    if not argv or argv[0] not in ("check", "write", "script"):
        print(__doc__, file=sys.stderr)
        return 2
    cfg = config()
    if argv[0] == "check":
        return check(cfg)
    if argv[0] == "write":
        args = [a for a in argv[1:] if a != "--keep-outputs"]
        return write(cfg, args, keep_outputs=len(args) < len(argv) - 1)
    return script(cfg, argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
