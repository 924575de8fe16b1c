package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeNotebook writes a notebook of the given cells ("md:…" for a
// Markdown cell, else code) to dir/name and returns its path.
func writeNotebook(t *testing.T, dir, name string, cells ...string) string {
	t.Helper()
	var cs []map[string]any
	for _, c := range cells {
		if md, ok := strings.CutPrefix(c, "md:"); ok {
			cs = append(cs, map[string]any{"cell_type": "markdown", "metadata": map[string]any{}, "source": md})
			continue
		}
		// Sources as lists of lines, as Jupyter writes them.
		lines := strings.SplitAfter(c, "\n")
		cs = append(cs, map[string]any{"cell_type": "code", "metadata": map[string]any{}, "outputs": []any{}, "execution_count": nil, "source": lines})
	}
	b, err := json.Marshal(map[string]any{"nbformat": 4, "nbformat_minor": 5, "metadata": map[string]any{}, "cells": cs})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestVetTypeErrorPosition(t *testing.T) {
	path := writeNotebook(t, t.TempDir(), "bad.ipynb",
		"md:# A deliberate mistake",
		"x := 1\nfmt.Println(x)",
		"y := x + 1\nvar s string = y\nfmt.Println(s)",
		"z := y // y was not declared: cell 3 failed",
	)
	e, out, errb := testEnv(nil)
	if code := run(e, []string{"vet", path}); code != 1 {
		t.Fatalf("exit %d, want 1; stdout %q, stderr %q", code, out, errb)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := path + ": cell 3, line 2:16: cannot use y (variable of type int) as string value in variable declaration"
	if lines[0] != want {
		t.Errorf("first problem\n%s\nwant\n%s", lines[0], want)
	}
	// A failed cell declares nothing, as in a session.
	if len(lines) != 2 || !strings.HasPrefix(lines[1], path+": cell 4, line 1:6: undefined: y") {
		t.Errorf("want the use of y in cell 4 reported next; got %q", lines[1:])
	}
}

func TestVetMagics(t *testing.T) {
	dir := t.TempDir()
	good := writeNotebook(t, dir, "good.ipynb",
		"%%compile\ntype Pair struct{ A, B int }\n\nfunc (p Pair) Sum() int { return p.A + p.B }",
		"Pair{1, 2}.Sum()",
		"%%sweep -var small\n"+tinySweep,
		"small.Name",
		"rbm.NewBinary",
	)
	e, out, errb := testEnv(nil)
	if code := run(e, []string{"vet", good}); code != 0 {
		t.Fatalf("exit %d; stdout %q, stderr %q", code, out, errb)
	}
	bad := writeNotebook(t, dir, "bad.ipynb",
		"%%compile\nfunc F() int { return \"no\" }",
		"%%sweep -var 1x\n",
		"%%nosuch\n",
		"y := 1",
		"%%compile\nfunc G() int { return y } // y is the interpreted session's",
		"%%compile\nfunc mat() {}",
	)
	e, out, errb = testEnv(nil)
	if code := run(e, []string{"vet", bad}); code != 1 {
		t.Fatalf("exit %d, want 1; stdout %q, stderr %q", code, out, errb)
	}
	for _, want := range []string{
		bad + `: cell 1, line 2:23: cannot use "no" (untyped string constant) as int value in return statement`,
		bad + `: cell 2, line 1:1: %%sweep: -var "1x" is not a Go identifier`,
		bad + `: cell 3, line 1:1: unknown cell magic %%nosuch`,
		bad + `: cell 5, line 2:23: undefined: y`,
		bad + `: cell 6, line 2:6: mat is the name of a pre-imported package of the session`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestVetSweepErrorPosition(t *testing.T) {
	path := writeNotebook(t, t.TempDir(), "sweep.ipynb", "%%sweep\n"+tinySweep+"bogus 3") // tinySweep: sweep_test.go
	e, out, errb := testEnv(nil)
	if code := run(e, []string{"vet", path}); code != 1 {
		t.Fatalf("exit %d, want 1; stdout %q, stderr %q", code, out, errb)
	}
	if !strings.Contains(out.String(), path+": cell 1, line 13:1: ") {
		t.Errorf("want the sweep's error at line 13:1 of the cell (the magic line is 1):\n%s", out)
	}
}

func TestVetBadInput(t *testing.T) {
	dir := t.TempDir()
	notJSON := filepath.Join(dir, "x.ipynb")
	if err := os.WriteFile(notJSON, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"vet"}, {"vet", filepath.Join(dir, "missing.ipynb")}, {"vet", notJSON}} {
		e, _, errb := testEnv(nil)
		if code := run(e, args); code != 2 {
			t.Errorf("%q: exit %d, want 2 (%s)", args, code, errb)
		}
		if !strings.HasPrefix(errb.String(), "rbm-kernel vet: ") {
			t.Errorf("%q: stderr %q", args, errb)
		}
	}
}

// TestVetShippedNotebooks checks that every notebook of notebooks/ vets
// clean, and that vet checked its cells (a %%compile and a %%sweep cell
// among them).
func TestVetShippedNotebooks(t *testing.T) {
	paths, err := filepath.Glob("../../notebooks/*.ipynb")
	if err != nil || len(paths) < 8 {
		t.Fatalf("notebooks: %v, %v", paths, err)
	}
	e, out, errb := testEnv(nil)
	if code := run(e, append([]string{"vet"}, paths...)); code != 0 {
		t.Fatalf("exit %d:\n%s%s", code, out, errb)
	}
	if out.Len() != 0 {
		t.Errorf("problems printed: %s", out)
	}
	if !strings.Contains(errb.String(), ", 0 problems") {
		t.Errorf("summary: %q", errb)
	}
}
