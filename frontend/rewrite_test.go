package frontend_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/llir/llvm/ir"

	"hgrd/internal/testkit"
)

// indirectCalls returns the lines of f's calls through a function pointer.
func indirectCalls(f *ir.Func) int {
	n := 0
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if c, ok := inst.(*ir.InstCall); ok {
				switch c.Callee.(type) {
				case *ir.Func, *ir.InlineAsm:
				default:
					n++
				}
			}
		}
	}
	return n
}

func TestCallsThroughPointersReachTheirTargets(t *testing.T) {
	tests := []struct {
		reason, source string
		indirect       int
	}{
		{"a table of device functions: the call reaches both, inlined",
			`typedef void (*op_t)(float *, int);
__device__ void twice(float *v, int i) { v[i] *= 2; }
__device__ void half(float *v, int i) { v[i] /= 2; }
__device__ op_t ops[2] = {twice, half};
__global__ void k(float *v, int op) { ops[op](v, threadIdx.x); }`, 0},
		{"a parameter and functions whose address the kernel takes",
			`typedef float (*f_t)(float *, unsigned);
__device__ float get(float *v, unsigned i) { return v[i]; }
__global__ void k(float *v, f_t f, int c) { f_t g = c ? get : f; v[threadIdx.x] = g(v, threadIdx.x); }`, 0},
		{"no function of the call's type has its address taken: the call stays",
			`typedef float (*f_t)(float *, unsigned);
__device__ float get(float *v, int i) { return v[i]; }
__global__ void k(float *v, f_t f) { v[threadIdx.x] = f(v, threadIdx.x) + get(v, 1); }`, 1},
	}
	for _, tt := range tests {
		u := testkit.LoadSource(t, "fp.cu", tt.source)
		if len(u.Kernels) != 1 {
			t.Fatalf("%s: %d kernels", tt.reason, len(u.Kernels))
		}
		if got := indirectCalls(u.Kernels[0].Func); got != tt.indirect {
			t.Errorf("%s: %d indirect calls left in the kernel, want %d", tt.reason, got, tt.indirect)
		}
	}
}

// calls returns the names of the functions f calls directly.
func calls(f *ir.Func) []string {
	var names []string
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if c, ok := inst.(*ir.InstCall); ok {
				if g, ok := c.Callee.(*ir.Func); ok {
					names = append(names, g.Name())
				}
			}
		}
	}
	return names
}

func TestAxiomsHoldInEveryKernel(t *testing.T) {
	u := testkit.LoadSource(t, "axiom.cu", `#include <cuda.h>
__axiom(blockDim.x == 64);
__global__ void a(int *p) { p[threadIdx.x] = 0; }
__global__ void b(int *p) { p[threadIdx.x] = 1; }`)
	if len(u.Kernels) != 2 {
		t.Fatalf("%d kernels, want 2", len(u.Kernels))
	}
	for _, k := range u.Kernels {
		if !slices.Contains(calls(k.Func), "__hgrd_assume") {
			t.Errorf("kernel %s does not assume the axiom: calls %v", k.Name, calls(k.Func))
		}
	}
}

func TestUninstantiatedKernelTemplates(t *testing.T) {
	u := testkit.LoadSource(t, "lib.cu", `
template <typename T, int N> __global__ void scale(T *v, T f) { v[threadIdx.x % N] *= f; }
template <typename T> __global__ void step(T *v) { v[0] = v[0].next(); }
template <typename T> __global__ void used(T *v) { v[threadIdx.x] = 0; }
void launch(int *v) { used<<<1, 32>>>(v); }`)
	names := u.KernelNames()
	if !slices.Contains(names, "scale<int, 256>") || !slices.Contains(names, "used<int>") || len(names) != 2 {
		t.Errorf("kernels = %v, want scale<int, 256> (instantiated by hgrd) and used<int>", names)
	}
	if len(u.NotAnalysed) != 1 || !strings.Contains(u.NotAnalysed[0], "step") {
		t.Errorf("NotAnalysed = %q, want the template step, which no candidate type fits", u.NotAnalysed)
	}
	if len(u.Notes) != 1 || !strings.Contains(u.Notes[0], "scale<int, 256>") {
		t.Errorf("Notes = %q, want one naming scale<int, 256>", u.Notes)
	}
	// The AST dump that found the templates was made before compiling:
	// its clang run is clang's time, and no phase goes negative.
	if u.Timings.Parse < 0 || u.Timings.Clang <= 0 {
		t.Errorf("timings: parse %v, clang %v; want neither negative", u.Timings.Parse, u.Timings.Clang)
	}
}
