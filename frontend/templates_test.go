package frontend

import "testing"

func TestDeclaresKernelTemplate(t *testing.T) {
	tests := []struct {
		src    string
		want   bool
		reason string
	}{
		{"template <typename T>\n__global__ void k(T *a) { a[0] = 0; }", true,
			"a kernel template"},
		{"template <int N> __global__ __launch_bounds__(256) void k(int *a) {}", true,
			"attributes between __global__ and the name"},
		{"#define KERNEL __global__ static\ntemplate <class T> KERNEL void k(T *a) {}", true,
			"__global__ through a macro the file defines"},
		{"template <typename T> __device__ T twice(T x) { return 2 * x; }\n__global__ void k(int *a) { a[0] = twice(1); }", false,
			"a device function template, then a plain kernel"},
		{"template <typename T> struct Box;\n__global__ void k(int *a) {}", false,
			"a declared class template, then a plain kernel"},
		{"#include <thrust/sort.h>\nvoid f(int *p, int n) { thrust::sort(p, p + n); }\n__global__ void k(int *a) {}", false,
			"no template head, as in a file that only calls thrust"},
		{"// a template of the kernels below\n__global__ void k(int *a) {}", true,
			"the word in a comment: a dump made for nothing, never a template missed"},
		{"template <typename T> void run(T *a) { k<<<1, 1>>>(a); }\n__global__ void k(int *a) {}", false,
			"a host template that launches, the kernel a plain one"},
	}
	for _, tt := range tests {
		if got := declaresKernelTemplate(tt.src); got != tt.want {
			t.Errorf("declaresKernelTemplate(%q) = %v, want %v (%s)", tt.src, got, tt.want, tt.reason)
		}
	}
}
