package kernelanalysis

import (
	"fmt"
	"strings"
	"testing"

	"github.com/llir/llvm/asm"

	"hgrd/cuda"
)

// effectsIR has one instruction of each kind that touches memory, then
// one that does not.
const effectsIR = `
declare void @llvm.memcpy.p0i8.p0i8.i64(i8*, i8*, i64, i1)
declare i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32(i32*, i32)
declare i32 @__hgrd_atomic_load_block_4(i32*)
declare void @opaque(i32, i32*, i8*)

define void @f(i32* %p, i8* %q, i64 %n) {
  %1 = load i32, i32* %p
  store i32 %1, i32* %p
  %2 = load atomic i32, i32* %p syncscope("block") acquire, align 4
  store atomic i32 %2, i32* %p release, align 4
  %3 = atomicrmw add i32* %p, i32 1 seq_cst
  %4 = cmpxchg i32* %p, i32 0, i32 1 seq_cst seq_cst
  %5 = call i32 @llvm.nvvm.atomic.add.gen.i.cta.i32.p0i32(i32* %p, i32 1)
  %6 = call i32 @__hgrd_atomic_load_block_4(i32* %p)
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* %q, i8* %q, i64 %n, i1 false)
  call void @opaque(i32 0, i32* %p, i8* %q)
  %7 = add i32 %1, 1
  ret void
}
`

func TestMemoryEffects(t *testing.T) {
	m, err := asm.ParseString("effects.ll", effectsIR)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"read i32 device",
		"write i32 device writes",
		"atomic load i32 block",
		"atomic store i32 device writes",
		"atomic add i32 device writes",
		"atomic cas i32 device writes",
		"atomic add i32 block writes",
		"atomic load i32 block writes", // an atomic intrinsic counts as writing
		"write %n bytes device writes; read %n bytes device",
		"opaque %p writes",
		"",
	}
	insts := m.Funcs[4].Blocks[0].Insts
	if len(insts) != len(want) {
		t.Fatalf("%d instructions, want %d", len(insts), len(want))
	}
	for i, inst := range insts {
		var got []string
		for _, e := range memoryEffects(inst) {
			got = append(got, describeEffect(e))
		}
		if s := strings.Join(got, "; "); s != want[i] {
			t.Errorf("memoryEffects(%s) = %q, want %q", inst.LLString(), s, want[i])
		}
	}
}

var scopes = map[cuda.Scope]string{cuda.ScopeBlock: "block", cuda.ScopeDevice: "device", cuda.ScopeSystem: "system"}

// describeEffect prints an effect for TestMemoryEffects.
func describeEffect(e effect) string {
	var s string
	switch {
	case e.opaque:
		s = "opaque " + e.ptr.Ident()
	case e.length != nil:
		s = fmt.Sprintf("%s %s bytes %s", e.kind, e.length.Ident(), scopes[e.scope])
	default:
		s = strings.TrimSpace(fmt.Sprintf("%s %s %s %s", e.kind, e.op, e.elem, scopes[e.scope]))
		s = strings.ReplaceAll(s, "  ", " ")
	}
	if e.writes {
		s += " writes"
	}
	return s
}
