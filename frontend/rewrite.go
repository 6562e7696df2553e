// This file defines the rewrite of the device module that needs it parsed:
// it runs between clang-14 and opt-14, only on modules that need it.

package frontend

import (
	"regexp"

	"github.com/llir/llvm/asm"
)

// indirectCall matches a call whose callee is a local value: a cheap test
// for whether a module may need resolveIndirectCalls.
var indirectCall = regexp.MustCompile(`\bcall [^@\n]*%[-\w.$"]+\(`)

// rewriteDevice resolves the device module's calls through function
// pointers (devirt.go). The text is returned unchanged if it has none or
// does not parse (the analysis then reports what it cannot see).
func rewriteDevice(path, text string) string {
	if !indirectCall.MatchString(text) {
		return text
	}
	m, err := asm.ParseString(path, dropReturnAlign(text))
	if err != nil || !resolveIndirectCalls(m) {
		return text
	}
	return m.String()
}
