// This file defines the text passes applied to clang's IR before opt-14 and
// before parsing: small rewrites that keep the pipeline's tools in agreement.

package frontend

import (
	"regexp"
	"strings"

	"hgrd/cuda"
)

// stubDefine matches the definition of a host launch stub, the function
// clang emits for each kernel on the host side and calls at each launch.
var stubDefine = regexp.MustCompile(`^(define [^@]*@"?[\w.$]*` + regexp.QuoteMeta(cuda.StubMarker) + `[\w.$]*"?\(.*\))( [^{]*)?\{`)

// keepStubs marks every launch stub noinline, so that the host pipeline's
// inliner leaves one call per launch, carrying the launch's arguments.
func keepStubs(ir string) string {
	lines := strings.Split(ir, "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, "define ") && strings.Contains(line, cuda.StubMarker) {
			lines[i] = stubDefine.ReplaceAllString(line, "${1} noinline${2}{")
		}
	}
	return strings.Join(lines, "\n")
}

// noinlineAttr matches the noinline attribute in an attribute group.
var noinlineAttr = regexp.MustCompile(`\bnoinline\b ?`)

// allowInlining drops noinline (__noinline__) from the device module's
// attribute groups: inlining is how the analysis follows calls into device
// functions, and it does not change what memory a kernel accesses.
func allowInlining(ir string) string {
	lines := strings.Split(ir, "\n")
	for i, line := range lines {
		if strings.HasPrefix(line, "attributes #") {
			lines[i] = noinlineAttr.ReplaceAllString(line, "")
		}
	}
	return strings.Join(lines, "\n")
}

// returnAlign matches an "align N" attribute.
var returnAlign = regexp.MustCompile(`\balign \d+ `)

// callOrDefine matches instructions and definitions that may carry return
// attributes.
var callOrDefine = regexp.MustCompile(`^\s*(define |declare |(%\S+ = )?((tail|musttail|notail) )?(call|invoke) )`)

// dropReturnAlign removes the return attribute "align N" from calls,
// invokes, definitions and declarations, which llir/llvm v0.3.6 rejects
// (llir issue #40). Parameter attributes, after the callee, are kept.
func dropReturnAlign(ir string) string {
	lines := strings.Split(ir, "\n")
	for i, line := range lines {
		if !callOrDefine.MatchString(line) || !strings.Contains(line, "align ") {
			continue
		}
		cut := strings.IndexByte(line, '@')
		if cut < 0 {
			cut = strings.IndexByte(line, '(')
		}
		if cut < 0 {
			continue
		}
		lines[i] = returnAlign.ReplaceAllString(line[:cut], "") + line[cut:]
	}
	return strings.Join(lines, "\n")
}
