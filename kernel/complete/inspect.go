package complete

import (
	"strings"
)

// Inspect returns the documentation of the name under or just before
// cursor (code points), as plain text "signature\n\ndoc":
//
//   - pkg.Name and pkg.Type.Method: the embedded go/doc documentation, or
//     the member's kind and type from the symbol table when there is none;
//   - a package name: its import path and package comment;
//   - x.Method or x.Field for a global x of a named type: that method's
//     documentation;
//   - a global of an earlier cell: its declaration (kind and type);
//   - a predeclared identifier (len, append, error, …): its documentation.
//
// When the cursor follows an opening parenthesis, as in "fmt.Println(|",
// the name before the parenthesis is inspected. detail is 0 or 1 as in
// inspect_request; with 1, a type's methods and a package's members are
// listed too. found is false when the name is unknown. env may be nil.
func Inspect(code string, cursor, detail int, env *Env) (text string, found bool) {
	if env == nil {
		env = &Env{}
	}
	off := byteOffset(code, cursor)
	start, end := identBefore(code, off), identAfter(code, off)
	if start == end {
		// "f(|" or "f( |": inspect f.
		p := strings.TrimRight(code[:off], " \t")
		if !strings.HasSuffix(p, "(") {
			return "", false
		}
		p = strings.TrimRight(p[:len(p)-1], " \t")
		end = len(p)
		start = identBefore(code, end)
		if start == end {
			return "", false
		}
	}
	chain := []string{code[start:end]}
	if start > 0 && code[start-1] == '.' {
		head := selectorChain(code, start-1)
		if head == nil {
			return "", false
		}
		chain = append(head, chain...)
	}
	return inspectChain(chain, detail, env)
}

func inspectChain(chain []string, detail int, env *Env) (string, bool) {
	first := chain[0]
	if g, ok := findName(env.Globals, first); ok {
		if len(chain) == 1 {
			return g.String(), true
		}
		if len(chain) == 2 && g.Named != "" {
			i := strings.LastIndexByte(g.Named, '.')
			if t, ok := memberText(g.Named[:i], g.Named[i+1:]+"."+chain[1], detail); ok {
				return t, true
			}
		}
		if m, ok := findName(g.Members, chain[len(chain)-1]); ok && len(chain) == 2 {
			return m.String(), true
		}
		return "", false
	}
	if p, ok := env.Packages[first]; ok {
		switch len(chain) {
		case 1:
			return packageText(p, detail), true
		case 2, 3:
			key := strings.Join(chain[1:], ".")
			if t, ok := memberText(p.Path, key, detail); ok {
				return t, true
			}
			members := p.Members
			for _, sel := range chain[1:] {
				m, ok := findName(members, sel)
				if !ok {
					return "", false
				}
				if sel == chain[len(chain)-1] {
					return m.String(), true
				}
				members = m.Members
			}
		}
		return "", false
	}
	if len(chain) == 1 {
		if t, ok := memberText("builtin", first, detail); ok {
			return t, true
		}
	}
	return "", false
}

// memberText formats the docs of member key ("Name" or "Type.Method") of
// the package with import path path.
func memberText(path, key string, detail int) (string, bool) {
	pd, ok := Doc(path)
	if !ok {
		return "", false
	}
	m, ok := pd.Members[key]
	if !ok {
		return "", false
	}
	var b strings.Builder
	b.WriteString(strings.TrimSpace(m.Sig))
	if m.Doc != "" {
		b.WriteString("\n\n")
		b.WriteString(strings.TrimSpace(m.Doc))
	}
	if detail > 0 && m.Kind == "type" {
		var methods []string
		for k, mm := range pd.Members {
			if strings.HasPrefix(k, key+".") {
				methods = append(methods, strings.TrimSpace(mm.Sig))
			}
		}
		if len(methods) > 0 {
			sortStrings(methods)
			b.WriteString("\n\nMethods:\n\n\t")
			b.WriteString(strings.Join(methods, "\n\t"))
		}
	}
	return b.String(), true
}

func packageText(p Package, detail int) string {
	var b strings.Builder
	b.WriteString("package " + p.Name)
	if p.Path != p.Name {
		b.WriteString(` // import "` + p.Path + `"`)
	}
	if pd, ok := Doc(p.Path); ok && pd.Doc != "" {
		b.WriteString("\n\n" + strings.TrimSpace(pd.Doc))
	}
	if detail > 0 && len(p.Members) > 0 {
		b.WriteString("\n\nMembers:\n")
		for _, m := range p.Members {
			b.WriteString("\n\t" + m.String())
		}
	}
	return b.String()
}
