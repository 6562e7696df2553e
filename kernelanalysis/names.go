// This file recovers source names of variables from their mangled names.

package kernelanalysis

import (
	"strconv"
	"strings"
)

// demangleVar returns the source name of a module-level variable: "s" for
// the function-local static _ZZ1kPiiE1s, "g" for ns::g (_ZN2ns1gE), the
// name itself for unmangled names.
func demangleVar(name string) string {
	switch {
	case strings.HasPrefix(name, "_ZZ"):
		i := strings.LastIndexByte(name, 'E')
		if i < 0 {
			return name
		}
		if s, ok := sourceNames(name[i+1:]); ok && len(s) > 0 {
			return s[0]
		}
	case strings.HasPrefix(name, "_ZN"):
		if s, ok := sourceNames(strings.TrimSuffix(strings.TrimLeft(name[3:], "KVL"), "E")); ok && len(s) > 0 {
			return s[len(s)-1]
		}
	case strings.HasPrefix(name, "_Z"):
		if s, ok := sourceNames(strings.TrimLeft(name[2:], "L")); ok && len(s) > 0 {
			return s[0]
		}
	}
	return name
}

// sourceNames parses a sequence of <length><identifier> pairs, stopping at
// the first character that does not start one.
func sourceNames(s string) ([]string, bool) {
	var names []string
	for len(s) > 0 {
		j := 0
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == 0 {
			break
		}
		n, err := strconv.Atoi(s[:j])
		if err != nil || j+n > len(s) {
			return names, len(names) > 0
		}
		names = append(names, s[j:j+n])
		s = s[j+n:]
	}
	return names, len(names) > 0
}
