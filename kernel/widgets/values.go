package widgets

import (
	"encoding/json"
	"math"
	"sort"
)

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// toFloat reads a number of the state: what Go set (int, float64) or what
// the front end sent (a JSON number, float64).
func toFloat(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, true
	case float32:
		return float64(v), true
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	case json.Number:
		f, err := v.Float64()
		return f, err == nil
	}
	return 0, false
}

// toInt reads an integer of the state, rounding a float.
func toInt(v any) (int, bool) {
	if i, ok := v.(int); ok {
		return i, true
	}
	f, ok := toFloat(v)
	if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, false
	}
	return int(math.Round(f)), true
}

func (m *Model) getFloat(name string) float64 {
	v, _ := m.Get(name)
	f, _ := toFloat(v)
	return f
}

func (m *Model) getInt(name string) int {
	v, _ := m.Get(name)
	i, _ := toInt(v)
	return i
}

func (m *Model) getString(name string) string {
	v, _ := m.Get(name)
	s, _ := v.(string)
	return s
}

func (m *Model) getBool(name string) bool {
	v, _ := m.Get(name)
	b, _ := v.(bool)
	return b
}
