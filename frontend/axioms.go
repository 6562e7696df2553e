// This file defines how GPUVerify's axioms reach the kernels: the prelude
// turns `__axiom(e)` into a class whose device member function assumes e,
// and each kernel calls every such function on entry.

package frontend

import (
	"fmt"
	"regexp"
	"strings"

	"hgrd/cuda"
)

var (
	// axiomDefine matches the definition of an axiom's function.
	axiomDefine = regexp.MustCompile(`(?m)^define [^@]*@("?[\w.$]*` + regexp.QuoteMeta(cuda.AxiomPrefix) + `[\w.$]*"?)\(\)`)
	// kernelAnnotation matches a kernel's entry in !nvvm.annotations.
	kernelAnnotation = regexp.MustCompile(`@("?[\w.$]+"?), !"` + cuda.KernelAnnotationKey + `"`)
	// blockLabel matches the line that names a basic block.
	blockLabel = regexp.MustCompile(`^[-\w.$"]+:`)
	// subprogram matches the debug-info attachment of a definition.
	subprogram = regexp.MustCompile(`!dbg (![0-9]+) \{$`)
)

// applyAxioms adds, at the entry of every kernel of the device IR text, a
// call of each axiom function, so that the axioms' assumptions hold from
// the kernel's start. A call into a function with debug information needs
// a location: the kernel's own line 0.
func applyAxioms(text string) string {
	var axioms []string
	for _, m := range axiomDefine.FindAllStringSubmatch(text, -1) {
		axioms = append(axioms, m[1])
	}
	if len(axioms) == 0 {
		return text
	}
	kernels := map[string]bool{}
	for _, m := range kernelAnnotation.FindAllStringSubmatch(text, -1) {
		kernels[m[1]] = true
	}
	lines := strings.Split(text, "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		out = append(out, line)
		if !strings.HasPrefix(line, "define ") || !strings.HasSuffix(line, "{") || !kernels[definedName(line)] {
			continue
		}
		if i+1 < len(lines) && blockLabel.MatchString(lines[i+1]) {
			i++
			out = append(out, lines[i]) // the entry block's label
		}
		loc := ""
		if m := subprogram.FindStringSubmatch(line); m != nil {
			loc = fmt.Sprintf(", !dbg !DILocation(line: 0, scope: %s)", m[1])
		}
		for _, ax := range axioms {
			out = append(out, fmt.Sprintf("  call void @%s()%s", ax, loc))
		}
	}
	return strings.Join(out, "\n")
}

// definedName returns the name a define line defines.
func definedName(line string) string {
	at := strings.Index(line, "@")
	if at < 0 {
		return ""
	}
	end := strings.Index(line[at:], "(")
	if end < 0 {
		return ""
	}
	return line[at+1 : at+end]
}
