package library

import (
	"regexp"
	"sort"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/dsl"
)

// docs/sweep.md holds two sections made from items: the table of names
// (namesTable) and the Reference (Registry().Describe()). The test
// TestDocDescribesLibrary checks them, and with -update rewrites them.
//go:generate go test -run TestDocDescribesLibrary . -args -update

// libraryName finds the first name of the library that an entry's
// documentation gives in parentheses, as in "(mcmc.Gibbs)".
var libraryName = regexp.MustCompile(`\(((?:data|rbm|mcmc|learn)\.[A-Za-z]+)`)

// namesTable returns the table of the library's names for docs/sweep.md:
// a row for each item, by kind (data sets, models, samplers, learners,
// measurements) and in the order of items within a kind, with its name,
// the models it works on (Entry.Models; "both" when it names none), the
// first words of its documentation (up to the first " (", ":", ";" or
// ","), with which direction is better for a measurement, and the name of
// the library it documents first in parentheses; then a line naming the
// training settings that every learner takes (trainParams).
func namesTable() string {
	order := []dsl.Kind{dsl.KindDataset, dsl.KindModel, dsl.KindSampler, dsl.KindLearner, dsl.KindMeasure}
	kinds := []string{"data set", "model", "sampler", "learner", "measurement"}
	rank := func(k dsl.Kind) int {
		for i, o := range order {
			if o == k {
				return i
			}
		}
		return len(order)
	}
	sorted := append([]item(nil), items...)
	sort.SliceStable(sorted, func(i, j int) bool { return rank(sorted[i].entry.Kind) < rank(sorted[j].entry.Kind) })
	var b strings.Builder
	b.WriteString("| kind | name | models | what | library |\n|---|---|---|---|---|\n")
	for _, it := range sorted {
		e := it.entry
		models := "both"
		switch {
		case e.Kind == dsl.KindDataset || e.Kind == dsl.KindModel:
			models = "—"
		case len(e.Models) > 0:
			models = strings.Join(e.Models, ", ")
		}
		lib := ""
		if m := libraryName.FindStringSubmatch(e.Doc); m != nil {
			lib = "`" + m[1] + "`"
		}
		what := e.Doc
		for _, sep := range []string{" (", ":", ";", ","} {
			if i := strings.Index(what, sep); i > 0 {
				what = what[:i]
			}
		}
		if e.Better != "" {
			what += "; " + e.Better + " is better"
		}
		b.WriteString("| " + kinds[rank(e.Kind)] + " | `" + e.Name + "` | " + models + " | " + what + " | " + lib + " |\n")
	}
	b.WriteString("\nEvery learner also takes the training settings")
	for i, p := range trainParams {
		sep := ", "
		switch {
		case i == 0:
			sep = " "
		case i == len(trainParams)-1:
			sep = " and "
		}
		b.WriteString(sep + "`" + p.Name + "`")
	}
	b.WriteString(".\n")
	return b.String()
}
