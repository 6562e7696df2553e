package symbolic

import (
	"testing"

	"github.com/llir/llvm/asm"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/value"
)

// aggregatesModule wraps %p in a two-level struct, takes the inner struct
// out and reads its field (as SROA leaves thrust's device_ptr), and reads
// fields that were never inserted.
const aggregatesModule = `
%inner = type { float*, i32 }
%outer = type { %inner, i64 }

define void @f(float* %p, i64 %n) {
entry:
  %a = insertvalue %outer poison, float* %p, 0, 0
  %b = insertvalue %outer %a, i64 %n, 1
  %in = extractvalue %outer %b, 0
  %ptr = extractvalue %inner %in, 0
  %len = extractvalue %outer %b, 1
  %gap = extractvalue %inner %in, 1
  %whole = extractvalue %outer %b, 0
  ret void
}
`

func TestExtractedFollowsInsertValues(t *testing.T) {
	m, err := asm.ParseString("aggregates.ll", aggregatesModule)
	if err != nil {
		t.Fatal(err)
	}
	f := m.Funcs[0]
	extracts := map[string]*ir.InstExtractValue{}
	for _, inst := range f.Blocks[0].Insts {
		if x, ok := inst.(*ir.InstExtractValue); ok {
			extracts[x.Name()] = x
		}
	}
	tests := []struct {
		name   string
		want   value.Value
		reason string
	}{
		{"ptr", f.Params[0], "a field of a field, through an extractvalue of the enclosing struct"},
		{"len", f.Params[1], "a field inserted after another"},
		{"gap", nil, "a field never inserted"},
		{"whole", nil, "a struct that no single insertvalue supplies"},
	}
	for _, tt := range tests {
		if got := Extracted(extracts[tt.name]); got != tt.want {
			t.Errorf("Extracted(%%%s) = %v, want %v (%s)", tt.name, got, tt.want, tt.reason)
		}
	}
}
