package stdextra

import (
	"reflect"
	"strings"
	"testing"

	"github.com/traefik/yaegi/stdlib"
)

// TestAdded checks that the names of the generated tables reached yaegi's
// tables as the values of the standard library (strings.Lines is the
// function itself), and counts them.
func TestAdded(t *testing.T) {
	n := 0
	for key, names := range Added {
		for _, name := range names {
			if _, ok := stdlib.Symbols[key][name]; !ok {
				t.Errorf("%s.%s was added but is not in stdlib.Symbols", key, name)
			}
			n++
		}
	}
	lines := stdlib.Symbols["strings/strings"]["Lines"]
	if !lines.IsValid() || lines.Pointer() != reflect.ValueOf(strings.Lines).Pointer() {
		t.Errorf("strings.Lines is %v, want the function of package strings", lines)
	}
	t.Logf("%d names in %d packages", n, len(Added))
	if n < 100 {
		t.Errorf("only %d names added; the Go of this build has about 140 that yaegi v0.16.1's tables lack", n)
	}
}
