package frontend

import (
	"strings"
	"testing"
)

func TestDropReturnAlign(t *testing.T) {
	tests := []struct{ in, want, reason string }{
		{"  %3 = call noundef nonnull align 4 dereferenceable(4) i32* @f(i32* align 8 %x)",
			"  %3 = call noundef nonnull dereferenceable(4) i32* @f(i32* align 8 %x)",
			"the return attribute goes, the parameter attribute stays"},
		{"define linkonce_odr noundef nonnull align 8 %struct.S* @g(%struct.S* align 8 %0) #1 {",
			"define linkonce_odr noundef nonnull %struct.S* @g(%struct.S* align 8 %0) #1 {",
			"definitions carry return attributes too"},
		{"  store i32 1, i32* %p, align 4", "  store i32 1, i32* %p, align 4", "a store's alignment is not a return attribute"},
		{"  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %a, i8* align 4 %b, i64 8, i1 false)",
			"  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 4 %a, i8* align 4 %b, i64 8, i1 false)",
			"argument alignments are kept"},
	}
	for _, tt := range tests {
		if got := dropReturnAlign(tt.in); got != tt.want {
			t.Errorf("dropReturnAlign(%q) = %q, want %q (%s)", tt.in, got, tt.want, tt.reason)
		}
	}
}

func TestKeepStubs(t *testing.T) {
	in := "define dso_local void @_Z16__device_stub__kPii(i32* noundef %0, i32 noundef %1) #0 !dbg !9 {"
	want := "define dso_local void @_Z16__device_stub__kPii(i32* noundef %0, i32 noundef %1) noinline #0 !dbg !9 {"
	if got := keepStubs(in); got != want {
		t.Errorf("keepStubs:\n got %s\nwant %s", got, want)
	}
	other := "define dso_local i32 @main() #0 {"
	if got := keepStubs(other); got != other {
		t.Errorf("keepStubs changed a non-stub: %s", got)
	}
}

func TestKernelOfStub(t *testing.T) {
	tests := []struct{ stub, kernel string }{
		{"_Z16__device_stub__kPii", "_Z1kPii"},
		{"__device_stub__plain", "plain"},
		{"_ZN2ns19__device_stub__fillIiEEvPT_S1_", "_ZN2ns4fillIiEEvPT_S1_"},
		{"_Z21__device_stub__reducePfS_i", "_Z6reducePfS_i"},
	}
	for _, tt := range tests {
		if got, ok := kernelOfStub(tt.stub); !ok || got != tt.kernel {
			t.Errorf("kernelOfStub(%q) = %q, %v; want %q", tt.stub, got, ok, tt.kernel)
		}
	}
	if _, ok := kernelOfStub("main"); ok {
		t.Error("main taken for a stub")
	}
}

func TestUnparsableIRIsAnIRParseError(t *testing.T) {
	_, err := parseModule("x.cu", Device, "define void @f() {\n  %1 = frobnicate i32 0\n}\n")
	if err == nil || err.Kind != IRParseError || !strings.HasPrefix(err.Error(), "x.cu: IR parse error: the device IR") {
		t.Fatalf("parseModule on bad IR: %v", err)
	}
}
