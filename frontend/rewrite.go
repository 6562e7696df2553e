// This file defines the rewrites of the device module that need it parsed:
// they run between clang-14 and opt-14, and only on modules that need them.

package frontend

import (
	"regexp"
	"strings"

	"github.com/llir/llvm/asm"

	"hgrd/cuda"
)

// indirectCall matches a call whose callee is a local value: a cheap test
// for whether a module may need resolveIndirectCalls.
var indirectCall = regexp.MustCompile(`\bcall [^@\n]*%[-\w.$"]+\(`)

// rewriteDevice resolves the device module's calls through function
// pointers (devirt.go) and makes its axioms hold in every kernel
// (axioms.go). The text is returned unchanged if it needs neither or does
// not parse (the analysis then reports what it cannot see).
func rewriteDevice(path, text string) string {
	if !indirectCall.MatchString(text) && !strings.Contains(text, "@"+cuda.AxiomPrefix) {
		return text
	}
	m, err := asm.ParseString(path, dropReturnAlign(text))
	if err != nil {
		return text
	}
	changed := resolveIndirectCalls(m)
	if applyAxioms(m) {
		changed = true
	}
	if !changed {
		return text
	}
	return m.String()
}
