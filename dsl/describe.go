package dsl

import (
	"fmt"
	"sort"
	"strings"
)

// kindOrder is the order in which Describe lists the kinds.
var kindOrder = []Kind{KindDataset, KindModel, KindSampler, KindLearner, KindMeasure}

// Describe lists the entries of r as plain text, grouped by kind (data
// sets, models, samplers, learners, measurements) and sorted by name: each
// entry as `kind name` with its documentation (and, for a measurement,
// whether higher or lower is better), then one line per parameter giving
// its name, type, default ("required" when it has none) and documentation.
// A nil or empty registry gives "".
func (r *MapRegistry) Describe() string {
	if r == nil {
		return ""
	}
	var b strings.Builder
	for _, k := range kindOrder {
		for _, name := range r.Names(k) {
			e, _ := r.Lookup(k, name)
			describeEntry(&b, e)
		}
	}
	return b.String()
}

// describeEntry writes e as Describe lists it.
func describeEntry(b *strings.Builder, e *Entry) {
	fmt.Fprintf(b, "%s %s", e.Kind, e.Name)
	if e.Doc != "" {
		fmt.Fprintf(b, ": %s", e.Doc)
	}
	if e.Better != "" {
		fmt.Fprintf(b, " (%s is better)", e.Better)
	}
	if e.Models != nil {
		fmt.Fprintf(b, " [model %s]", strings.Join(e.Models, ", "))
	}
	b.WriteString("\n")
	for _, p := range e.Params {
		def := "required"
		if p.Default != nil {
			def = "default " + formatValue(p.Default)
		}
		typ := p.Type.String()
		if len(p.Values) > 0 {
			typ += " (" + strings.Join(p.Values, "|") + ")"
		} else if p.Kind != "" {
			typ += " (" + string(p.Kind) + ")"
		}
		fmt.Fprintf(b, "    %-10s %-22s %-16s %s\n", p.Name, typ, def, p.Doc)
	}
}

// DescribeName answers `sweep describe [NAME]`: with name "" it lists
// the names of every kind (a dataset is the data or the test statement's),
// with a name the entries of that name (of any
// kind) with their parameters, types, defaults and documentation. An
// unknown name is a *UsageError with the closest known name.
func DescribeName(reg Registry, name string) (string, error) {
	var b strings.Builder
	if name == "" {
		for _, k := range kindOrder {
			fmt.Fprintf(&b, "%-8s %s\n", k, strings.Join(reg.Names(k), ", "))
		}
		b.WriteString("\nA dataset names the training set (data) or a held-out set (test).\n")
		b.WriteString("rbm-kernel sweep describe NAME lists a name's parameters, types, defaults and documentation.\n")
		return b.String(), nil
	}
	var all []string
	for _, k := range kindOrder {
		if e, ok := reg.Lookup(k, name); ok {
			describeEntry(&b, e)
		}
		all = append(all, reg.Names(k)...)
	}
	if b.Len() == 0 {
		sort.Strings(all)
		return "", usage(fmt.Errorf("sweep describe: unknown name %q%s (run sweep describe for the list)", name, didYouMean(name, all)))
	}
	return b.String(), nil
}
