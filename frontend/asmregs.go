// This file defines the rewrite of inline assembly that only reads a
// special register (cub's LaneId(): mov.u32 %0, %%laneid;) into the NVVM
// intrinsic that reads it, so that the analysis knows its value.

package frontend

import (
	"regexp"
	"strings"

	"hgrd/cuda"
)

// asmRegisterRead matches a call of inline assembly that moves one special
// register into its 32-bit result.
var asmRegisterRead = regexp.MustCompile(`call i32 asm (?:sideeffect )?"mov\.u32 \$0, %([a-z]+(?:\.[xyz])?);", "=r"\(\)`)

// readRegistersDirectly replaces each inline-assembly read of a special
// register the analysis models by a call of its intrinsic, declaring the
// intrinsics it introduces.
func readRegistersDirectly(ir string) string {
	if !strings.Contains(ir, "asm ") {
		return ir
	}
	used := map[string]bool{}
	ir = asmRegisterRead.ReplaceAllStringFunc(ir, func(call string) string {
		name, ok := cuda.RegisterIntrinsic(asmRegisterRead.FindStringSubmatch(call)[1])
		if !ok {
			return call
		}
		used[name] = true
		return "call i32 @" + name + "()"
	})
	var decls strings.Builder
	for name := range used {
		if !strings.Contains(ir, "declare i32 @"+name+"()") {
			decls.WriteString("\ndeclare i32 @" + name + "()\n")
		}
	}
	return ir + decls.String()
}
