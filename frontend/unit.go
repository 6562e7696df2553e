// This file defines the Unit, the parsed form of one CUDA file, and the
// index of its kernels and functions.

package frontend

import (
	"sort"
	"strconv"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/value"

	"hgrd/cuda"
)

// A Unit is one CUDA file parsed into its device and host modules.
type Unit struct {
	Path   string     // the input path as given
	Device *ir.Module // GPU side, normalised
	Host   *ir.Module // CPU side, normalised

	// Kernels are the device module's __global__ functions, in module
	// order.
	Kernels []*Kernel
	// DeviceFuncs are the other functions defined in the device module.
	DeviceFuncs []*ir.Func
	// HostFuncs are the functions defined in the host module, launch
	// stubs excluded.
	HostFuncs []*ir.Func

	Timings Timings

	// Inputs are the files the compilation read, absolute: the source,
	// its headers and those of the partners (the prelude excluded).
	Inputs []string
	// Notes say what the load left out, such as a partner that failed,
	// or what it added, such as an instance of a kernel template.
	Notes []string
	// NotAnalysed names kernels the load could not give the analysis: a
	// kernel template that the file never instantiates and that no
	// candidate type fits.
	NotAnalysed []string
	// ImportedFuncs are the IR names of the functions the host code
	// calls but that this file does not define: the C and CUDA
	// runtime's, and other files' launch wrappers and the launch stubs
	// of their kernels.
	ImportedFuncs []string

	preludeDir string
}

// A Kernel is a __global__ function and its host-side launch stub.
type Kernel struct {
	Func *ir.Func // definition in the device module
	// Name is the kernel's name in the source (from debug info), such as
	// "reduce" or "ns::scale<float>".
	Name string
	// Stub is the host function that each <<<>>> launch of the kernel
	// calls, or nil if the host side does not define one.
	Stub *ir.Func
	// ParamRanges bound the parameters of enumeration type to their
	// enumerators' values.
	ParamRanges []ParamRange
}

// index fills the kernel and function lists.
func (u *Unit) index() {
	kernels := kernelFuncs(u.Device)
	stubs := map[string]*ir.Func{}
	for _, f := range u.Host.Funcs {
		if len(f.Blocks) == 0 && !strings.HasPrefix(f.Name(), "llvm.") {
			u.ImportedFuncs = append(u.ImportedFuncs, f.Name())
		}
		name, isStub := kernelOfStub(f.Name())
		if isStub && len(f.Blocks) > 0 {
			stubs[name] = f
			continue
		}
		if len(f.Blocks) > 0 {
			u.HostFuncs = append(u.HostFuncs, f)
		}
	}
	for _, f := range u.Device.Funcs {
		if len(f.Blocks) == 0 {
			continue
		}
		if kernels[f] {
			u.Kernels = append(u.Kernels, &Kernel{Func: f, Name: sourceName(f), Stub: stubs[f.Name()]})
		} else {
			u.DeviceFuncs = append(u.DeviceFuncs, f)
		}
	}
}

// Kernel returns the kernel with the given source or IR name, or nil.
func (u *Unit) Kernel(name string) *Kernel {
	for _, k := range u.Kernels {
		if k.Name == name || k.Func.Name() == name {
			return k
		}
	}
	return nil
}

// KernelOfStub returns the kernel whose launch stub is f, or nil.
func (u *Unit) KernelOfStub(f *ir.Func) *Kernel {
	for _, k := range u.Kernels {
		if k.Stub == f {
			return k
		}
	}
	return nil
}

// kernelFuncs returns the functions that the kernel annotations
// (!nvvm.annotations) mark as kernels.
func kernelFuncs(m *ir.Module) map[*ir.Func]bool {
	kernels := map[*ir.Func]bool{}
	def, ok := m.NamedMetadataDefs[cuda.KernelAnnotations]
	if !ok {
		return kernels
	}
	for _, node := range def.Nodes {
		tuple, ok := node.(*metadata.Tuple)
		if !ok || len(tuple.Fields) <= cuda.AnnotationValue {
			continue
		}
		if s, ok := tuple.Fields[cuda.AnnotationKey].(*metadata.String); !ok || s.Value != cuda.KernelAnnotationKey {
			continue
		}
		if f := funcOf(tuple.Fields[cuda.AnnotationFunc]); f != nil {
			kernels[f] = true
		}
	}
	return kernels
}

// funcOf returns the function a metadata field refers to, through casts.
func funcOf(field metadata.Field) *ir.Func {
	var v value.Value
	switch x := field.(type) {
	case *metadata.Value:
		v, _ = x.Value.(value.Value)
	case value.Value:
		v = x
	}
	for v != nil {
		switch x := v.(type) {
		case *ir.Func:
			return x
		case *constant.ExprBitCast:
			v = x.From
		case *constant.ExprAddrSpaceCast:
			v = x.From
		default:
			return nil
		}
	}
	return nil
}

// kernelOfStub returns the name of the kernel whose launch stub is named
// stub: "_Z16__device_stub__kPii" is the stub of "_Z1kPii", and
// "__device_stub__k" that of the extern "C" kernel "k".
func kernelOfStub(stub string) (string, bool) {
	i := strings.Index(stub, cuda.StubMarker)
	if i < 0 {
		return "", false
	}
	rest := stub[i+len(cuda.StubMarker):]
	j := i
	for j > 0 && stub[j-1] >= '0' && stub[j-1] <= '9' {
		j--
	}
	if j == i {
		return stub[:i] + rest, true
	}
	n, err := strconv.Atoi(stub[j:i])
	if err != nil || n <= len(cuda.StubMarker) {
		return "", false
	}
	return stub[:j] + strconv.Itoa(n-len(cuda.StubMarker)) + rest, true
}

// sourceName returns a function's name in the source, from its debug info,
// falling back to its IR name.
func sourceName(f *ir.Func) string {
	for _, md := range f.Metadata {
		if sp, ok := md.Node.(*metadata.DISubprogram); ok && md.Name == "dbg" && sp.Name != "" {
			return sp.Name
		}
	}
	return f.Name()
}

// KernelNames returns the source names of the unit's kernels, sorted.
func (u *Unit) KernelNames() []string {
	names := make([]string, len(u.Kernels))
	for i, k := range u.Kernels {
		names[i] = k.Name
	}
	sort.Strings(names)
	return names
}
