// Command gendocs extracts the documentation of Go packages with go/doc and
// writes it as the JSON file that package complete embeds, for Inspect.
//
// Usage (from package complete's go:generate line):
//
//	go run ./internal/gendocs -o docs.json.gz [pkg …]
//
// It documents every package of kernel/internal/preimport's List (the one
// list of pre-imported packages, and of the others Inspect documents), then
// any package named on the command line.
//
// Each package is located with `go list` (so module packages and the
// standard library both work). A package that does not exist yet, or does
// not build, is skipped with a note on stderr. For each package the output
// holds its name, the start of its package comment, and for every exported
// function, type, method (as Type.Method), constant and variable its
// declaration printed by go/printer (bodies removed) and its doc comment.
// An output name ending in ".gz" is gzip-compressed.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/internal/preimport"
)

// Member is the documentation of one exported name.
type Member struct {
	Kind string `json:"k"` // func, type, method, const, var
	Sig  string `json:"s"` // declaration
	Doc  string `json:"d"` // doc comment text
}

// Package is the documentation of one package.
type Package struct {
	Name    string            `json:"name"`
	Doc     string            `json:"doc"`
	Members map[string]Member `json:"members"`
}

// maxPackageDoc bounds the package comment kept, in bytes: enough for the
// overview, not the whole tutorial some packages carry.
const maxPackageDoc = 2000

func main() {
	out := flag.String("o", "docs.json.gz", "output `file`")
	flag.Parse()
	var paths []string
	for _, p := range preimport.List {
		paths = append(paths, p.Path)
	}
	if err := run(*out, append(paths, flag.Args()...)); err != nil {
		fmt.Fprintln(os.Stderr, "gendocs:", err)
		os.Exit(1)
	}
}

type listed struct {
	ImportPath string
	Name       string
	Dir        string
	GoFiles    []string
	Error      *struct{ Err string }
}

func run(out string, paths []string) error {
	args := append([]string{"list", "-e", "-json=ImportPath,Name,Dir,GoFiles,Error"}, paths...)
	cmd := exec.Command("go", args...)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go list: %w", err)
	}
	all := make(map[string]Package)
	dec := json.NewDecoder(bytes.NewReader(b))
	for dec.More() {
		var l listed
		if err := dec.Decode(&l); err != nil {
			return fmt.Errorf("decoding go list output: %w", err)
		}
		if l.Error != nil || len(l.GoFiles) == 0 {
			msg := "no Go files"
			if l.Error != nil {
				msg = l.Error.Err
			}
			fmt.Fprintf(os.Stderr, "gendocs: skipping %s: %s\n", l.ImportPath, strings.TrimSpace(msg))
			continue
		}
		p, err := extract(l)
		if err != nil {
			return err
		}
		all[l.ImportPath] = p
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(all); err != nil {
		return fmt.Errorf("encoding docs: %w", err)
	}
	data := buf.Bytes()
	if strings.HasSuffix(out, ".gz") {
		var z bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		if _, err := zw.Write(data); err != nil {
			return fmt.Errorf("compressing docs: %w", err)
		}
		if err := zw.Close(); err != nil {
			return fmt.Errorf("compressing docs: %w", err)
		}
		data = z.Bytes()
	}
	if err := os.WriteFile(out, data, 0o644); err != nil {
		return fmt.Errorf("writing docs: %w", err)
	}
	return nil
}

func extract(l listed) (Package, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range l.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(l.Dir, name), nil, parser.ParseComments)
		if err != nil {
			return Package{}, fmt.Errorf("parsing %s: %w", l.ImportPath, err)
		}
		files = append(files, f)
	}
	mode := doc.Mode(0)
	if l.ImportPath == "builtin" {
		mode = doc.AllDecls // builtin declares lower-case names
	}
	dp, err := doc.NewFromFiles(fset, files, l.ImportPath, mode)
	if err != nil {
		return Package{}, fmt.Errorf("reading docs of %s: %w", l.ImportPath, err)
	}
	pd := dp.Doc
	if len(pd) > maxPackageDoc {
		cut := strings.LastIndex(pd[:maxPackageDoc], "\n\n")
		if cut < 0 {
			cut = maxPackageDoc
		}
		pd = strings.TrimSpace(pd[:cut]) + "\n\n[…]"
	}
	p := Package{Name: dp.Name, Doc: pd, Members: make(map[string]Member)}
	ex := &extractor{fset: fset, p: p}
	ex.values("const", dp.Consts)
	ex.values("var", dp.Vars)
	ex.funcs("", dp.Funcs)
	for _, t := range dp.Types {
		p.Members[t.Name] = Member{Kind: "type", Sig: ex.print(t.Decl), Doc: t.Doc}
		ex.values("const", t.Consts)
		ex.values("var", t.Vars)
		ex.funcs("", t.Funcs)
		ex.funcs(t.Name, t.Methods)
	}
	return p, nil
}

type extractor struct {
	fset *token.FileSet
	p    Package
}

func (ex *extractor) print(node any) string {
	var b bytes.Buffer
	cfg := printer.Config{Mode: printer.UseSpaces | printer.TabIndent, Tabwidth: 8}
	if err := cfg.Fprint(&b, ex.fset, node); err != nil {
		return ""
	}
	return b.String()
}

func (ex *extractor) funcs(recv string, fs []*doc.Func) {
	for _, f := range fs {
		decl := *f.Decl
		decl.Body = nil
		decl.Doc = nil
		key, kind := f.Name, "func"
		if recv != "" {
			key, kind = recv+"."+f.Name, "method"
		}
		if _, dup := ex.p.Members[key]; dup {
			continue
		}
		ex.p.Members[key] = Member{Kind: kind, Sig: ex.print(&decl), Doc: f.Doc}
	}
}

// values records each name of const and var groups with the declaration of
// its own spec (a whole group can be long) and the spec's doc, or the
// group's when the spec has none.
func (ex *extractor) values(kind string, vs []*doc.Value) {
	for _, v := range vs {
		for _, spec := range v.Decl.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			one := *vs
			one.Doc = nil
			one.Comment = nil
			decl := &ast.GenDecl{Tok: v.Decl.Tok, Specs: []ast.Spec{&one}}
			d := v.Doc
			if vs.Doc != nil {
				d = vs.Doc.Text()
			} else if vs.Comment != nil {
				d = strings.TrimSpace(d + "\n\n" + vs.Comment.Text())
			}
			sig := ex.print(decl)
			for _, n := range vs.Names {
				if !n.IsExported() && ex.p.Name != "builtin" {
					continue
				}
				ex.p.Members[n.Name] = Member{Kind: kind, Sig: sig, Doc: d}
			}
		}
	}
}
