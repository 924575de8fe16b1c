package dsl

import (
	"fmt"
	"sort"
)

// Kind is the kind of a registry entry: what a name in a sweep file stands
// for.
type Kind string

// The kinds of named things a sweep file can refer to.
const (
	KindDataset Kind = "dataset" // a data set, e.g. bars_stripes
	KindModel   Kind = "model"   // a model, e.g. binary
	KindSampler Kind = "sampler" // a sampler (transition operator), e.g. gibbs, flip
	KindLearner Kind = "learner" // a learner, e.g. cd, pcd, pt
	KindMeasure Kind = "measure" // a measurement, e.g. loglik, ais
)

// Type is the type of a parameter or of a value in a sweep file.
type Type int

// The value types of the sweep language. An int is accepted where a float
// is expected; nothing else converts.
const (
	TypeInvalid Type = iota
	TypeInt          // a whole number, e.g. 25
	TypeFloat        // a float64, e.g. 0.05 or 1e-3
	TypeString       // a quoted string, e.g. "mnist.idx"
	TypeBool         // true or false
	TypeName         // a bare identifier naming a registry entry or a level, e.g. gibbs
)

var typeNames = [...]string{"invalid", "int", "float", "string", "bool", "name"}

// String returns the name of t as written in documentation.
func (t Type) String() string {
	if t < 0 || int(t) >= len(typeNames) {
		return fmt.Sprintf("Type(%d)", int(t))
	}
	return typeNames[t]
}

// Param describes one parameter of a registry entry.
type Param struct {
	Name string
	Type Type
	// Kind, for a parameter of TypeName, is the kind of entry the name must
	// resolve to; empty means any identifier is accepted.
	Kind Kind
	// Values, for a parameter of TypeName without a Kind, are the names it
	// accepts (e.g. the schedules constant and cosine); the checker rejects
	// any other before a run starts. Nil accepts any identifier.
	Values []string
	// Default is the value used when the sweep file does not set the
	// parameter: an int, float64, string or bool matching Type (a string for
	// TypeName). A nil Default makes the parameter required.
	Default any
	Doc     string
	// Check, if not nil, is called by the checker with every value the
	// parameter takes in the plan (a constant, each level of an axis it
	// refers to, both branches of an if), already of Type (an int where a
	// float is wanted is passed as an int); an error is reported at the
	// value's position in the file, before anything runs. It states the
	// parameter's bounds (e.g. hidden ≥ 1) and what exists (a folder).
	Check func(v any) error
	// OmitDefault leaves the parameter out of a run's configuration
	// (Config, and so the run's key) while it has its Default: a
	// parameter added to an entry after sweeps ran with it, whose default
	// is what the entry did before, keeps their keys, so that their
	// results are found again. The RunFunc reads an absent parameter as
	// its default. It needs a Default.
	OmitDefault bool
}

// OnParam is the parameter of a measurement that scores a data set which
// one it scores: train (the data statement's, the default) or test (the
// test statement's held-out set). The checker refuses on = test, or an
// axis with the level test, in a sweep without a test statement.
const OnParam = "on"

// Entry is one named thing of the library that a sweep file can use: a data
// set, model, sampler, learner or measurement, with its parameters.
type Entry struct {
	Kind   Kind
	Name   string
	Doc    string
	Params []Param
	// Better, for a measurement, is the direction in which its values
	// improve: "higher" (a log-likelihood) or "lower" (a reconstruction
	// error, an autocorrelation time); "" when neither is better. Summaries
	// use it to name the best cell.
	Better string
	// Models, for a sampler, learner or measurement, names the model
	// entries it works on (e.g. binary); nil means every model. The
	// checker refuses a sweep that puts it with another model.
	Models []string
	// Width, for a data set, returns the number of columns (the model's
	// visible units) of the set that params describe (every parameter,
	// defaults filled in, as in a Part), without building it, or 0 when
	// it cannot tell. The checker and NewPlan refuse a test set whose
	// width differs from the training set's; nil: not known before the
	// run builds the sets.
	Width func(params map[string]any) int
}

// Param returns the parameter of e called name, or nil.
func (e *Entry) Param(name string) *Param {
	for i := range e.Params {
		if e.Params[i].Name == name {
			return &e.Params[i]
		}
	}
	return nil
}

// Registry resolves the names of a sweep file. The library provides one
// registry of its data sets, models, samplers, learners and measurements;
// tests use a MapRegistry.
type Registry interface {
	// Lookup returns the entry of the given kind and name.
	Lookup(kind Kind, name string) (*Entry, bool)
	// Names returns the names of all entries of a kind, sorted; it is used
	// to suggest "did you mean" corrections and to list what exists.
	Names(kind Kind) []string
}

// MapRegistry is a Registry held in memory. The zero value is empty and
// ready to use.
type MapRegistry struct {
	m map[Kind]map[string]*Entry
}

// NewMapRegistry returns a registry holding entries, or an error naming the
// first invalid or duplicate entry.
func NewMapRegistry(entries ...*Entry) (*MapRegistry, error) {
	r := &MapRegistry{}
	for _, e := range entries {
		if err := r.Add(e); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Add adds e. It returns an error if e has no name, an unknown kind, a
// parameter without a name or type, a default of the wrong type, a duplicate
// parameter, or if an entry of the same kind and name exists.
func (r *MapRegistry) Add(e *Entry) error {
	if e == nil || e.Name == "" {
		return fmt.Errorf("dsl: registry entry without a name")
	}
	switch e.Kind {
	case KindDataset, KindModel, KindSampler, KindLearner, KindMeasure:
	default:
		return fmt.Errorf("dsl: registry entry %q has unknown kind %q", e.Name, e.Kind)
	}
	if e.Better != "" && (e.Kind != KindMeasure || e.Better != "higher" && e.Better != "lower") {
		return fmt.Errorf("dsl: %s %q: better %q: want \"higher\" or \"lower\" on a measurement", e.Kind, e.Name, e.Better)
	}
	if e.Width != nil && e.Kind != KindDataset {
		return fmt.Errorf("dsl: %s %q: only a data set has a width", e.Kind, e.Name)
	}
	if e.Models != nil && (e.Kind == KindDataset || e.Kind == KindModel) {
		return fmt.Errorf("dsl: %s %q: models %v: only samplers, learners and measurements name the models they work on", e.Kind, e.Name, e.Models)
	}
	seen := map[string]bool{}
	for _, p := range e.Params {
		if p.Name == "" || p.Type <= TypeInvalid || p.Type > TypeName {
			return fmt.Errorf("dsl: %s %q: parameter %q has no name or an invalid type", e.Kind, e.Name, p.Name)
		}
		if seen[p.Name] {
			return fmt.Errorf("dsl: %s %q: duplicate parameter %q", e.Kind, e.Name, p.Name)
		}
		seen[p.Name] = true
		if p.Default != nil && !defaultFits(p.Type, p.Default) {
			return fmt.Errorf("dsl: %s %q: default %v of parameter %q is not of type %s", e.Kind, e.Name, p.Default, p.Name, p.Type)
		}
		if p.OmitDefault && p.Default == nil {
			return fmt.Errorf("dsl: %s %q: parameter %q is left out at its default but has none", e.Kind, e.Name, p.Name)
		}
		if p.Values != nil && (p.Type != TypeName || p.Kind != "" || p.Default != nil && !contains(p.Values, p.Default.(string))) {
			return fmt.Errorf("dsl: %s %q: parameter %q lists values %v but is not a name parameter without kind whose default is one of them", e.Kind, e.Name, p.Name, p.Values)
		}
	}
	if r.m == nil {
		r.m = map[Kind]map[string]*Entry{}
	}
	if r.m[e.Kind] == nil {
		r.m[e.Kind] = map[string]*Entry{}
	}
	if _, dup := r.m[e.Kind][e.Name]; dup {
		return fmt.Errorf("dsl: duplicate %s %q in registry", e.Kind, e.Name)
	}
	r.m[e.Kind][e.Name] = e
	return nil
}

func defaultFits(t Type, v any) bool {
	switch v.(type) {
	case int:
		return t == TypeInt || t == TypeFloat
	case float64:
		return t == TypeFloat
	case string:
		return t == TypeString || t == TypeName
	case bool:
		return t == TypeBool
	}
	return false
}

// Lookup implements Registry.
func (r *MapRegistry) Lookup(kind Kind, name string) (*Entry, bool) {
	e, ok := r.m[kind][name]
	return e, ok
}

// Names implements Registry.
func (r *MapRegistry) Names(kind Kind) []string {
	names := make([]string, 0, len(r.m[kind]))
	for n := range r.m[kind] {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// suggest returns the candidate closest to s in edit distance if it is
// close enough to be a likely typo (distance at most 1 for names of up to
// four letters, at most 2 otherwise), or "".
func suggest(s string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		if d := editDistance(s, c); d < bestD {
			best, bestD = c, d
		}
	}
	limit := 2
	if len([]rune(s)) <= 4 {
		limit = 1
	}
	if bestD == 0 || bestD > limit {
		return ""
	}
	return best
}

// DidYouMean formats the candidate closest to s, if it is close enough to
// be a likely typo, as " (did you mean x?)", or returns "": the hint of
// the language's errors about names, for the library's own.
func DidYouMean(s string, candidates []string) string { return didYouMean(s, candidates) }

// didYouMean is DidYouMean.
func didYouMean(s string, candidates []string) string {
	if c := suggest(s, candidates); c != "" {
		return fmt.Sprintf(" (did you mean %s?)", c)
	}
	return ""
}

// editDistance is the Levenshtein distance between a and b in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
