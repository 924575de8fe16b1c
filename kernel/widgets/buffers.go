package widgets

import "strconv"

// splitBuffers returns a copy of state without its binary values ([]byte,
// at any depth of maps and slices), the paths to them and the values, in
// the order of the paths: the state, buffer_paths and buffers of a
// message of the widget protocol. A buffer in a map is left out of the
// copy; one in a list becomes null. Paths are in key order, so that the
// same state gives the same message.
func splitBuffers(state map[string]any) (map[string]any, [][]any, [][]byte) {
	paths, bufs := [][]any{}, [][]byte(nil)
	out := splitMap(state, nil, &paths, &bufs)
	return out, paths, bufs
}

func splitMap(m map[string]any, path []any, paths *[][]any, bufs *[][]byte) map[string]any {
	out := make(map[string]any, len(m))
	for _, k := range sortedKeys(m) {
		v := m[k]
		p := append(path[:len(path):len(path)], k)
		if b, ok := v.([]byte); ok {
			*paths = append(*paths, p)
			*bufs = append(*bufs, b)
			continue
		}
		out[k] = splitValue(v, p, paths, bufs)
	}
	return out
}

func splitValue(v any, path []any, paths *[][]any, bufs *[][]byte) any {
	switch v := v.(type) {
	case map[string]any:
		return splitMap(v, path, paths, bufs)
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			p := append(path[:len(path):len(path)], i)
			if b, ok := e.([]byte); ok {
				*paths = append(*paths, p)
				*bufs = append(*bufs, b)
				continue
			}
			out[i] = splitValue(e, p, paths, bufs)
		}
		return out
	}
	return v
}

// putBuffers puts buffers into state at paths (the reverse of
// splitBuffers, on a state decoded from JSON). Paths that do not lead
// into the state, and buffers without a path, are ignored.
func putBuffers(state map[string]any, paths [][]any, buffers [][]byte) {
	for i, p := range paths {
		if i >= len(buffers) || len(p) == 0 {
			continue
		}
		var cur any = state
		for j, step := range p {
			last := j == len(p)-1
			switch c := cur.(type) {
			case map[string]any:
				k, ok := step.(string)
				if !ok {
					cur = nil
					break
				}
				if last {
					c[k] = buffers[i]
				} else {
					cur = c[k]
				}
			case []any:
				n, ok := index(step)
				if !ok || n < 0 || n >= len(c) {
					cur = nil
					break
				}
				if last {
					c[n] = buffers[i]
				} else {
					cur = c[n]
				}
			default:
				cur = nil
			}
			if cur == nil {
				break
			}
		}
	}
}

// index reads a list index of a buffer path: a JSON number, or an int.
func index(step any) (int, bool) {
	switch s := step.(type) {
	case float64:
		return int(s), s == float64(int(s))
	case int:
		return s, true
	case string:
		n, err := strconv.Atoi(s)
		return n, err == nil
	}
	return 0, false
}
