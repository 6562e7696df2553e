// This file defines how GPUVerify's file-scope axioms reach the kernels:
// the prelude turns `__axiom(e)` into a device function that assumes e,
// and each kernel calls every such function on entry.

package frontend

import (
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/metadata"

	"hgrd/cuda"
)

// applyAxioms adds, at the entry of every kernel of m, a call of each
// axiom function, so that the axioms' assumptions hold from the kernel's
// start. It reports whether it changed m.
func applyAxioms(m *ir.Module) bool {
	var axioms []*ir.Func
	for _, f := range m.Funcs {
		if strings.HasPrefix(f.Name(), cuda.AxiomPrefix) && len(f.Blocks) > 0 {
			axioms = append(axioms, f)
		}
	}
	if len(axioms) == 0 {
		return false
	}
	for k := range kernelFuncs(m) {
		if len(k.Blocks) == 0 {
			continue
		}
		entry := k.Blocks[0]
		var calls []ir.Instruction
		for _, ax := range axioms {
			c := ir.NewCall(ax)
			c.Metadata = entryLocation(k)
			calls = append(calls, c)
		}
		entry.Insts = append(calls, entry.Insts...)
	}
	return true
}

// entryLocation returns the debug location of a kernel's start, which a
// call into a function with debug information needs; none if the kernel
// has no debug information.
func entryLocation(k *ir.Func) []*metadata.Attachment {
	for _, md := range k.Metadata {
		if sp, ok := md.Node.(*metadata.DISubprogram); ok && md.Name == "dbg" {
			loc := &metadata.DILocation{MetadataID: -1, Line: sp.Line, Scope: sp}
			return []*metadata.Attachment{{Name: "dbg", Node: loc}}
		}
	}
	return nil
}
