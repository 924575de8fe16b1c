package dsl

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"gonum.org/v1/gonum/blas/blas64"
)

// provenance is what a result records of the program and the machine that
// made it (Result.Version, Modified, Go, BLAS, Host, Command).
type provenance struct {
	version  string
	modified *bool // nil: the build information has no VCS data
	goVer    string
	blas     string
	host     string
	command  []string
}

// newProvenance describes this process: version overrides the version from
// the build information when not empty, command the command line (os.Args
// when nil).
func newProvenance(version string, command []string) provenance {
	v, modified := buildVersion()
	if version != "" {
		v = version
	}
	if command == nil {
		command = os.Args
	}
	host, err := os.Hostname()
	if err != nil {
		host = "unknown"
	}
	return provenance{version: v, modified: modified, goVer: runtime.Version(), blas: blasName(),
		host: host, command: append([]string(nil), command...)}
}

// stamp records p in r.
func (p provenance) stamp(r *Result) {
	r.Version, r.Modified, r.Go, r.BLAS, r.Host, r.Command = p.version, p.modified, p.goVer, p.blas, p.host, p.command
}

// buildVersion returns the main module's version and VCS revision from the
// build information ("v1.2.0 <revision>", or "(devel) <revision>" for a
// build from a work tree), and whether the tree had uncommitted changes
// (vcs.modified; nil when the build recorded no VCS data, as with
// -buildvcs=false or a build outside a repository). Without build
// information (some test binaries) the version is "unknown".
func buildVersion() (string, *bool) {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown", nil
	}
	v := bi.Main.Version
	var modified *bool
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v += " " + s.Value
		case "vcs.modified":
			m := s.Value == "true"
			modified = &m
		}
	}
	v = strings.TrimSpace(v)
	if v == "" {
		v = "unknown"
	}
	return v, modified
}

// blasName says which BLAS implementation gonum's products use in this
// process: "gonum (pure Go)" for gonum's own, "openblas (netlib cgo)" when
// the program links OpenBLAS (the binary built with -tags openblas, see
// internal/openblas), otherwise the implementation's type.
func blasName() string {
	switch t := fmt.Sprintf("%T", blas64.Implementation()); t {
	case "gonum.Implementation":
		return "gonum (pure Go)"
	case "netlib.Implementation":
		return "openblas (netlib cgo)"
	default:
		return t
	}
}
