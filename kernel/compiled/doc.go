// Package compiled runs the declarations of a compiled cell as native
// code inside the running kernel: the Go toolchain builds them into a Go
// plugin, which the process loads, and the interpreter gets their symbol
// table, as it has the library's.
//
// # Units
//
// Each compiled cell becomes a unit: a package named compiled whose import
// path (PathPrefix and 16 hexadecimal digits) is a digest of its source
// and of the toolchain's key, beside a generated file with its symbol
// table (symbols.go) and a plugin main package exporting that table. A
// path is never built twice with different sources, so Go's "plugin
// already loaded" cannot happen, the go command's build cache and the
// folder of plugins make a re-run of an unchanged cell free, and a unit
// is loaded once per process.
//
// A cell may use the names of earlier compiled cells (Cell.Scope): they
// are type-checked as if declared in the cell's own package, then each use
// is qualified with the earlier unit's import path (an unexported name is
// reached through an exported one the unit declares for the purpose: an
// alias of a type, a variable holding a function or a constant, a pointer
// to a variable). The interpreted session is not visible to compiled code.
//
// A unit made for a Go program (Cell.Program: the kernel's compiled road,
// for a cell that declares main or one of declarations alone that the
// interpreter refused) is a package main instead, and is its
// own plugin's main package, so that its types are main.T for %T and
// reflect; a later unit cannot import it.
//
// # What the cell sees and prints
//
// A cell is type-checked against the session's packages (Cell.Importer),
// which for the standard library are the interpreter's symbol tables with
// what the toolchain has and they lack added (front.Augmented, fed by
// Builder.StdImporter from the go command's export data). Its printing is
// rewritten to write to package cellio (output.go), which the session
// points at the cell's streams.
//
// # The toolchain
//
// A plugin loads into a process only if every package both contain was
// compiled identically. Host reads how the running program was built
// (debug.ReadBuildInfo: the Go release, -tags, -race, -trimpath, -gcflags,
// CGO_ENABLED, GOAMD64, …) and finds the module's source and a go command
// of the same release; Builder repeats that build in a Go workspace made
// of the kernel's module and the module of units, with GOTOOLCHAIN=local
// and GOPROXY=off, so nothing is downloaded. What cannot match is said in
// one sentence as a *ToolchainError.
package compiled
