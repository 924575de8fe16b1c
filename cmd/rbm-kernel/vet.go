package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/rbm-kernel/rbm-kernel/kernel/goexec"
)

// vetSummary is the help line of the vet command.
const vetSummary = "type-check every Go cell of notebooks, in order, running nothing: vet NOTEBOOK.ipynb…"

// errVetFailed is vet's error when a cell has a problem: the problems
// are already printed, one a line.
var errVetFailed = errors.New("problems found")

// runVet runs `rbm-kernel vet NOTEBOOK.ipynb…`: each notebook's cells are
// checked in order in a fresh session (goexec.Vetter), with the
// declarations of the cells before in scope, as the kernel checks a cell
// before it runs it. Every problem is printed on stdout as
// "NOTEBOOK: cell N, line L:C: message", cells counted from 1 in the
// notebook (Markdown cells included) and lines from 1 in the cell. The
// exit status is 1 when a cell has a problem, 2 for a notebook that
// cannot be read, else 0.
func runVet(e *env, args []string) error {
	fs := newFlags(e, "vet", "vet NOTEBOOK.ipynb…")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.help()
			return err
		}
		return usageError{err.Error()}
	}
	if fs.NArg() == 0 {
		return usageError{"no notebook to check: vet NOTEBOOK.ipynb…"}
	}
	start := time.Now()
	problems, cells := 0, 0
	for _, path := range fs.Args() {
		nb, err := readNotebook(path)
		if err != nil {
			return badInputError{err}
		}
		v := goexec.NewVetter(goexec.Options{})
		for i, c := range nb {
			if c.kind != "code" {
				continue
			}
			cells++
			diags, note := v.Cell(c.source)
			if note != "" {
				fmt.Fprintf(e.stderr, "%s: cell %d: %s\n", path, i+1, note)
			}
			for _, d := range diags {
				fmt.Fprintf(e.stdout, "%s: cell %d, %s\n", path, i+1, d)
				problems++
			}
		}
	}
	fmt.Fprintf(e.stderr, "vet: %d notebooks, %d code cells, %d problems (%.1fs)\n",
		fs.NArg(), cells, problems, time.Since(start).Seconds())
	if problems > 0 {
		return errVetFailed
	}
	return nil
}

// cell is one cell of a notebook: its kind (code, markdown, raw) and its
// source.
type cell struct {
	kind, source string
}

// readNotebook returns the cells of the notebook (nbformat 4) at path.
func readNotebook(path string) ([]cell, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading the notebook: %w", err)
	}
	var nb struct {
		Format int `json:"nbformat"`
		Cells  []struct {
			Type   string          `json:"cell_type"`
			Source json.RawMessage `json:"source"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(b, &nb); err != nil {
		return nil, fmt.Errorf("%s: not a notebook: %w", path, err)
	}
	if nb.Format != 4 {
		return nil, fmt.Errorf("%s: nbformat %d, want 4", path, nb.Format)
	}
	cells := make([]cell, len(nb.Cells))
	for i, c := range nb.Cells {
		src, err := sourceText(c.Source)
		if err != nil {
			return nil, fmt.Errorf("%s: cell %d: %w", path, i+1, err)
		}
		cells[i] = cell{kind: c.Type, source: src}
	}
	return cells, nil
}

// sourceText decodes a cell's source, a string or a list of strings
// (its lines, each with its newline but the last).
func sourceText(raw json.RawMessage) (string, error) {
	if len(raw) == 0 {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var lines []string
	if err := json.Unmarshal(raw, &lines); err != nil {
		return "", fmt.Errorf("source is neither a string nor a list of strings: %w", err)
	}
	return strings.Join(lines, ""), nil
}
