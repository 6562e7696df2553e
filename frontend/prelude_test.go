package frontend_test

import (
	"os"
	"strings"
	"testing"

	"hgrd/frontend"
	"hgrd/internal/testkit"
)

// TestPreludeCoversRealCode loads, through the whole front end, programs
// written for nvcc: one that calls every builtin the prelude declares, one
// that includes every CUDA header name, one with no include at all, one
// that uses the libraries' types and host APIs.
func TestPreludeCoversRealCode(t *testing.T) {
	for _, path := range []string{
		"testdata/prelude/every_builtin.cu",
		"testdata/prelude/includes.cu",
		"testdata/prelude/no_include.cu",
		"testdata/prelude/libraries.cu",
	} {
		u := testkit.Load(t, path)
		if len(u.Kernels) == 0 {
			t.Errorf("%s: no kernels found", path)
		}
	}
}

// TestBuiltinsLowerToRecognisedOperations checks that the prelude's device
// builtins reach the IR as the operations the analysis recognises.
func TestBuiltinsLowerToRecognisedOperations(t *testing.T) {
	u := testkit.Load(t, "testdata/prelude/every_builtin.cu")
	var text strings.Builder
	for _, k := range u.Kernels {
		text.WriteString(k.Func.LLString())
	}
	ir := text.String()
	for _, want := range []string{
		"atomicrmw add", "cmpxchg", "@llvm.nvvm.atomic.add.gen.i.cta", "@llvm.nvvm.atomic.add.gen.i.sys",
		"@llvm.nvvm.barrier0()", "@llvm.nvvm.bar.warp.sync", "@llvm.nvvm.membar.cta()",
		"@llvm.nvvm.membar.gl()", "@llvm.nvvm.membar.sys()", "@llvm.nvvm.ldg.global",
		"@__hgrd_requires", "@__hgrd_assume",
	} {
		if !strings.Contains(ir, want) {
			t.Errorf("the kernels of every_builtin.cu lack %q", want)
		}
	}
}

// TestEmbeddedHeadersAnswerCUDANames checks the include names real code uses.
func TestEmbeddedHeadersAnswerCUDANames(t *testing.T) {
	names := map[string]bool{}
	for _, n := range frontend.PreludeFiles() {
		names[n] = true
	}
	for _, want := range []string{frontend.PreludeHeader, frontend.AnnotationsHeader, "cuda.h", "cuda_runtime.h",
		"cuda_runtime_api.h", "device_launch_parameters.h", "helper_cuda.h"} {
		if !names[want] {
			t.Errorf("prelude lacks %s", want)
		}
	}
	if _, err := os.Stat("prelude/include/" + frontend.PreludeHeader); err != nil {
		t.Fatal(err)
	}
}
