package complete_test

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/rbm-kernel/rbm-kernel/kernel/complete"
)

func Example() {
	symbols := map[string]map[string]reflect.Value{
		"strings/strings": {
			"ToUpper": reflect.ValueOf(strings.ToUpper),
			"ToLower": reflect.ValueOf(strings.ToLower),
			"Trim":    reflect.ValueOf(strings.Trim),
		},
	}
	env := &complete.Env{
		Packages: complete.PackagesFromSymbols(symbols, map[string]string{"strings": "strings"}),
	}
	code := `s := strings.To`
	r := complete.Complete(code, len([]rune(code)), env)
	fmt.Println(r.Matches, r.Types, r.Start, r.End)

	text, _ := complete.Inspect("strings.ToUpper", 15, 0, env)
	fmt.Println(strings.SplitN(text, "\n", 2)[0])

	status, indent := complete.IsComplete("for i := range 3 {")
	fmt.Printf("%s %q\n", status, indent)
	// Output:
	// [ToLower ToUpper] [function function] 13 15
	// func ToUpper(s string) string
	// incomplete "\t"
}
