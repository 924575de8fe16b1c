#!/usr/bin/env python3
"""Checks the widget state that an executed notebook saves.

`jupyter nbconvert --execute` (nbclient, store_widget_state) keeps the
state of every widget model the kernel opened in the notebook's metadata,
under "application/vnd.jupyter.widget-state+json", as ipywidgets' notebooks
do; a viewer without a kernel draws the widget outputs from it. This
script checks that:

    build/venv/bin/python scripts/widget_state.py check NB.ipynb…
    build/venv/bin/python scripts/widget_state.py selftest

check fails when a notebook with widget outputs has no saved state, when
a widget output (application/vnd.jupyter.widget-view+json) names a model
that the state lacks, when a model's entry lacks its name, module, version
or state, or when a model refers (IPY_MODEL_…) to a model that the state
lacks. tests/notebooks.sh runs it on every notebook it executes, and
scripts/notebooks.py check on the committed ones.

selftest builds a notebook of widget cells, executes it with nbconvert and
the rbm-kernel kernel (JUPYTER_PATH must point at its kernelspec, as `make
notebooks` sets it), and checks the saved state: the models the cells made
with their values after the cells changed them (a slider set from Go, the
label its callback set, a slider kept in step by a Go-side widgets.Link, a
Dropdown, the text an Output captured, an Image's bytes as a buffer), and
that check passes on it and fails once the state, or one model, is
removed.
"""
import json
import os
import subprocess
import sys
import tempfile

import nbformat

STATE_MIME = "application/vnd.jupyter.widget-state+json"
VIEW_MIME = "application/vnd.jupyter.widget-view+json"
REF = "IPY_MODEL_"


def view_ids(nb):
    """Yields (cell number from 1, model id) of every widget output."""
    for i, cell in enumerate(nb.cells, 1):
        for out in cell.get("outputs", []):
            view = out.get("data", {}).get(VIEW_MIME)
            if view is not None:
                yield i, view.get("model_id")


def refs(value):
    """Yields the model ids that a state value refers to."""
    if isinstance(value, str) and value.startswith(REF):
        yield value[len(REF):]
    elif isinstance(value, list):
        for v in value:
            yield from refs(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from refs(v)


def saved_state(nb):
    """Returns the saved models by id, or None when there is no state."""
    saved = nb.metadata.get("widgets", {}).get(STATE_MIME)
    if saved is None:
        return None
    return saved.get("state", {})


def problems(nb, name="notebook"):
    """Returns what is wrong with nb's saved widget state, one line each."""
    views = list(view_ids(nb))
    state = saved_state(nb)
    if state is None:
        if views:
            return [f"{name}: {len(views)} widget outputs (first in cell {views[0][0]}) but no {STATE_MIME} in the metadata"]
        return []
    out = []
    for cell, mid in views:
        if mid not in state:
            out.append(f"{name}: cell {cell}: widget output of model {mid}, which the saved state lacks")
    for mid, entry in state.items():
        for key in ("model_name", "model_module", "model_module_version", "state"):
            if not entry.get(key):
                out.append(f"{name}: model {mid}: no {key}")
        for ref in refs(entry.get("state", {})):
            if ref not in state:
                out.append(f"{name}: model {mid} ({entry.get('model_name')}) refers to {ref}, which the saved state lacks")
    return out


def check(paths):
    bad = []
    for p in paths:
        bad += problems(nbformat.read(p, as_version=4), os.path.basename(p))
    for line in bad:
        print(line, file=sys.stderr)
    return 1 if bad else 0


# The self-test's cells, and what the saved state must hold after them.
CELLS = [
    'k := widgets.NewIntSlider("k", 5, 0, 10)\n'
    'shown := widgets.NewLabel("k=5")\n'
    'k.OnChange(func(v int) { shown.SetValue(fmt.Sprint("k=", v)) })\n'
    'twin := widgets.NewIntSlider("twin", 0, 0, 10)\n'
    '_, err := widgets.Link(k, "value", twin, "value")\n'
    'cell.Must(err)\n'
    'widgets.NewVBox(k, twin, shown)',
    'pick := widgets.NewDropdown("sampler", []string{"gibbs", "flip", "pt"}, 0)\n'
    'out := widgets.NewOutput()\n'
    'img := widgets.NewImage(image.NewGray(image.Rect(0, 0, 4, 4)))\n'
    'widgets.NewHBox(pick, out, img)',
    'k.SetValue(8)\n'
    'cell.Must(pick.SetValue("flip"))\n'
    'out.Capture(func() { fmt.Println("captured", k.Value()) })\n'
    'fmt.Println(twin.Value())',
]


def selftest():
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "rbm-kernel", "display_name": "Go (rbm-kernel)", "language": "go"}
    nb.cells = [nbformat.v4.new_code_cell(src) for src in CELLS]
    venv = os.environ.get("VENV") or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build", "venv")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "widgets.ipynb")
        nbformat.write(nb, path)
        run = subprocess.run(
            [os.path.join(venv, "bin", "jupyter"), "nbconvert", "--to", "notebook", "--execute", "--inplace",
             "--ExecutePreprocessor.kernel_name=rbm-kernel", "--ExecutePreprocessor.timeout=300", path],
            capture_output=True, text=True)
        if run.returncode != 0:
            print(f"selftest: nbconvert failed:\n{run.stderr[-4000:]}", file=sys.stderr)
            return 1
        nb = nbformat.read(path, as_version=4)
    fails = []

    def want(ok, what):
        if not ok:
            fails.append(what)

    errors = [o for c in nb.cells for o in c.outputs if o.output_type == "error"]
    want(not errors, f"cells failed: {[(o.ename, o.evalue) for o in errors]}")
    want(problems(nb) == [], f"check of the executed notebook: {problems(nb)}")
    state = saved_state(nb) or {}
    by_name = {}
    for mid, entry in state.items():
        by_name.setdefault(entry["model_name"], []).append((mid, entry["state"]))
    views = [mid for _, mid in view_ids(nb)]
    want(len(views) == 2, f"widget outputs {views}, want the two boxes")
    for name, n in [("IntSliderModel", 2), ("LabelModel", 1), ("VBoxModel", 1), ("HBoxModel", 1), ("DropdownModel", 1),
                    ("OutputModel", 1), ("ImageModel", 1)]:
        want(len(by_name.get(name, [])) == n, f"{len(by_name.get(name, []))} {name}s saved, want {n}")
    sliders = {st.get("description"): st.get("value") for _, st in by_name.get("IntSliderModel", [])}
    want(sliders == {"k": 8, "twin": 8}, f"slider values {sliders}, want k and its linked twin at 8")
    labels = [st.get("value") for _, st in by_name.get("LabelModel", [])]
    want(labels == ["k=8"], f"label {labels}, want the callback's k=8")
    drops = [(st.get("index"), st.get("_options_labels")) for _, st in by_name.get("DropdownModel", [])]
    want(drops == [(1, ["gibbs", "flip", "pt"])], f"dropdown {drops}")
    texts = [o.get("text") for _, st in by_name.get("OutputModel", []) for o in st.get("outputs", [])]
    want(texts == ["captured 8\n"], f"Output's outputs {texts}, want the captured print")
    images = [state[mid].get("buffers", []) for mid, _ in by_name.get("ImageModel", [])]
    want(len(images) == 1 and [b.get("path") for b in images[0]] == [["value"]],
         f"image buffers {images}, want one at path value")
    printed = "".join(o.get("text", "") for o in nb.cells[2].outputs if o.output_type == "stream")
    want(printed == "8\n", f"the last cell printed {printed!r}, want the twin's 8")
    # The check must fail without the state, and without one model.
    bare = json.loads(json.dumps(nb))
    del bare["metadata"]["widgets"]
    want(problems(nbformat.from_dict(bare)) != [], "check passed a notebook without widget state")
    for mid in (views[0] if views else None, by_name.get("LayoutModel", [(None,)])[0][0]):
        partial = json.loads(json.dumps(nb))
        partial["metadata"]["widgets"][STATE_MIME]["state"].pop(mid, None)
        want(any(mid in p for p in problems(nbformat.from_dict(partial))), f"check passed a state without model {mid}")
    for f in fails:
        print(f"selftest: {f}", file=sys.stderr)
    if not fails:
        print(f"selftest: ok ({len(state)} models saved)")
    return 1 if fails else 0


def main(argv):
    if argv[:1] == ["check"] and len(argv) > 1:
        return check(argv[1:])
    if argv == ["selftest"]:
        return selftest()
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
