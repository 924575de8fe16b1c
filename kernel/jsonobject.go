package kernel

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// jsonMaxDepth is the deepest nesting of arrays and objects that Go's
// encoding/json reads (its maxNestingDepth); a message part nested deeper
// is refused with an error that says how deep it was.
const jsonMaxDepth = 10000

// jsonObject returns nil if b is valid JSON whose value is an object, else
// an error that names the part (name) and what is wrong with it.
func jsonObject(name string, b []byte) error {
	// JSON's own whitespace only: bytes.TrimSpace would also take a form
	// feed or a vertical tab, which JSON refuses, and the message would be
	// accepted here and fail when it is encoded again.
	t := bytes.Trim(b, " \t\r\n")
	if json.Valid(t) {
		if len(t) > 0 && t[0] == '{' {
			return nil
		}
		return fmt.Errorf("%s: not a JSON object", name)
	}
	if d := jsonDepth(t); d > jsonMaxDepth {
		return fmt.Errorf("%s: JSON nested %d levels deep; the kernel reads at most %d", name, d, jsonMaxDepth)
	}
	var raw json.RawMessage
	if err := json.Unmarshal(t, &raw); err != nil {
		return fmt.Errorf("%s: not valid JSON: %w", name, err)
	}
	return fmt.Errorf("%s: not valid JSON", name)
}

// jsonDepth returns the deepest nesting of brackets and braces in b,
// outside strings; it does not check that b is JSON.
func jsonDepth(b []byte) int {
	depth, deepest := 0, 0
	inString, escaped := false, false
	for _, c := range b {
		switch {
		case inString:
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
		case c == '"':
			inString = true
		case c == '[' || c == '{':
			depth++
			deepest = max(deepest, depth)
		case c == ']' || c == '}':
			depth--
		}
	}
	return deepest
}
