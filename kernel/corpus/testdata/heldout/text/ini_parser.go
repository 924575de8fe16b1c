// A simple INI parser with sections, comments, quoted values and typed getters; output sorted by key.
package main

import (
	"bufio"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

const config = `; global settings
name = demo app
debug = true

[server]
host = 0.0.0.0
port = 8080
# timeouts in seconds
timeout = 2.5

[database]
url = "postgres://db:5432/app"
pool=10
bad line without equals
[ empty ]
`

type INI map[string]map[string]string

func parseINI(src string) (INI, []string) {
	cfg := INI{"": {}}
	var warnings []string
	section := ""
	sc := bufio.NewScanner(strings.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, ";") || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			section = strings.TrimSpace(line[1 : len(line)-1])
			if _, ok := cfg[section]; !ok {
				cfg[section] = map[string]string{}
			}
		default:
			key, value, ok := strings.Cut(line, "=")
			if !ok {
				warnings = append(warnings, fmt.Sprintf("line %d: missing '=': %q", n, line))
				continue
			}
			value = strings.TrimSpace(value)
			if uq, err := strconv.Unquote(value); err == nil {
				value = uq
			}
			cfg[section][strings.TrimSpace(key)] = value
		}
	}
	return cfg, warnings
}

func (c INI) Int(section, key string, def int) int {
	if v, err := strconv.Atoi(c[section][key]); err == nil {
		return v
	}
	return def
}

func (c INI) Bool(section, key string) bool {
	b, _ := strconv.ParseBool(c[section][key])
	return b
}

func main() {
	cfg, warnings := parseINI(config)
	sections := make([]string, 0, len(cfg))
	for s := range cfg {
		sections = append(sections, s)
	}
	sort.Strings(sections)
	for _, s := range sections {
		name := s
		if name == "" {
			name = "(global)"
		}
		fmt.Printf("[%s] %d keys\n", name, len(cfg[s]))
		keys := make([]string, 0, len(cfg[s]))
		for k := range cfg[s] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			fmt.Printf("  %s = %q\n", k, cfg[s][k])
		}
	}
	for _, w := range warnings {
		fmt.Println("warning:", w)
	}
	fmt.Println("port:", cfg.Int("server", "port", 80), "pool:", cfg.Int("database", "pool", 1))
	fmt.Println("missing int:", cfg.Int("server", "workers", 4), "debug:", cfg.Bool("", "debug"))
	timeout, _ := strconv.ParseFloat(cfg["server"]["timeout"], 64)
	fmt.Printf("timeout: %.1fs\n", timeout)
}

// Output:
// [(global)] 2 keys
//   debug = "true"
//   name = "demo app"
// [database] 2 keys
//   pool = "10"
//   url = "postgres://db:5432/app"
// [empty] 0 keys
// [server] 3 keys
//   host = "0.0.0.0"
//   port = "8080"
//   timeout = "2.5"
// warning: line 14: missing '=': "bad line without equals"
// port: 8080 pool: 10
// missing int: 4 debug: true
// timeout: 2.5s
