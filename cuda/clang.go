// This file states how clang-14 compiles CUDA: how it marks kernels in
// device IR, names their host launch stubs, and passes a dim3 on the host.

package cuda

// KernelAnnotations is the named metadata of device IR that lists the
// kernels, one node (function, KernelAnnotationKey, i32 1) each.
const KernelAnnotations = "nvvm.annotations"

// KernelAnnotationKey is the key of a KernelAnnotations node that marks
// its function as a kernel.
const KernelAnnotationKey = "kernel"

// The fields of a KernelAnnotations node: the function it annotates, the
// key, and the key's value.
const (
	AnnotationFunc = iota
	AnnotationKey
	AnnotationValue
)

// AxiomPrefix is in the (mangled) name of the device function that the
// prelude makes of each GPUVerify `__axiom(e)`; every kernel calls them
// all on entry.
const AxiomPrefix = "__hgrd_axiom_"

// StubMarker is the part clang adds to a kernel's name to name its host
// launch stub: "_Z16__device_stub__kPii" is the stub of "_Z1kPii", and
// "__device_stub__k" that of the extern "C" kernel "k".
const StubMarker = "__device_stub__"

// A dim3 argument of a host call (x86-64) is coerced to { i64, i32 } and
// passed as Dim3Parts arguments: x in the low and y in the high half of
// the first, z in the second.
const (
	Dim3Parts          = 2  // arguments a dim3 takes
	Dim3ComponentWidth = 32 // bits of x, y and z
)

// Dim3PartWidths are the widths in bits of a dim3's parts.
var Dim3PartWidths = [Dim3Parts]int{64, 32}

// Dim3Component returns where the component of a dim3 on an axis (0, 1,
// 2 for x, y, z) is passed: which part, and how many bits above the
// part's lowest bit.
func Dim3Component(axis int) (part, shift int) {
	return [...]int{0, 0, 1}[axis], [...]int{0, 32, 0}[axis]
}
