package frontend

import (
	"strings"
	"testing"
)

// TestReadRegistersDirectly turns cub's inline-assembly lane read into the
// intrinsic, declared once, and leaves registers the analysis does not
// model, and other assembly, alone.
func TestReadRegistersDirectly(t *testing.T) {
	in := `define i32 @f() {
  %1 = call i32 asm "mov.u32 $0, %laneid;", "=r"() #7, !srcloc !20
  %2 = call i32 asm sideeffect "mov.u32 $0, %laneid;", "=r"()
  %3 = call i32 asm "mov.u32 $0, %warpid;", "=r"()
  %4 = call i32 asm "mov.u32 $0, %tid.y;", "=r"()
  ret i32 %1
}`
	out := readRegistersDirectly(in)
	for _, want := range []string{
		`%1 = call i32 @llvm.nvvm.read.ptx.sreg.laneid() #7, !srcloc !20`,
		`%2 = call i32 @llvm.nvvm.read.ptx.sreg.laneid()`,
		`%3 = call i32 asm "mov.u32 $0, %warpid;", "=r"()`,
		`%4 = call i32 @llvm.nvvm.read.ptx.sreg.tid.y()`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("rewritten IR lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "declare i32 @llvm.nvvm.read.ptx.sreg.laneid()"); n != 1 {
		t.Errorf("laneid declared %d times, want 1", n)
	}
	if got := readRegistersDirectly("define void @g() {\n  ret void\n}"); got != "define void @g() {\n  ret void\n}" {
		t.Errorf("IR without assembly changed: %s", got)
	}
}
