// This file is the table of runtime functions that the host analysis
// models in host IR: the calls that launch kernels, the calls that
// allocate memory, and the calls that do not return. The C and C++
// runtime's allocation and exit functions are in it too: the host analysis
// treats them exactly as it treats the CUDA runtime's.

package cuda

// NoArg is the position of an argument a function does not have.
const NoArg = -1

// A LaunchKind says how a runtime function takes part in a launch.
type LaunchKind int

// The kinds of launch functions.
const (
	// Configuration receives the shape of a <<<>>> launch before the
	// kernel's launch stub is called.
	Configuration LaunchKind = iota + 1
	// APILaunch launches the kernel whose launch stub its Kernel argument
	// names, with the kernel's arguments in an array of pointers.
	APILaunch
)

// A LaunchFunc is a runtime function of a launch and the positions of its
// arguments in a host IR call, each dim3 taking Dim3Parts positions (see
// Dim3Parts); NoArg for an argument the function does not have.
type LaunchFunc struct {
	Kind      LaunchKind
	Kernel    int // the launch stub of the kernel to launch
	Grid      int // the first part of the grid's dim3
	Block     int // the first part of the block's dim3
	Args      int // the array of pointers to the kernel's arguments
	SharedMem int // the bytes of dynamic shared memory
	Stream    int // the stream
}

// configuration is the layout of the configuration calls: (dim3 grid,
// dim3 block, size_t sharedMem, cudaStream_t stream).
var configuration = LaunchFunc{Kind: Configuration, Kernel: NoArg, Grid: 0, Block: 2, Args: NoArg, SharedMem: 4, Stream: 5}

// apiLaunch is the layout of the launch functions: (const void *func,
// dim3 grid, dim3 block, void **args, size_t sharedMem, cudaStream_t
// stream).
var apiLaunch = LaunchFunc{Kind: APILaunch, Kernel: 0, Grid: 1, Block: 3, Args: 5, SharedMem: 6, Stream: 7}

// launchFuncs are the runtime functions of a launch. clang-14 without a
// CUDA version configures <<<>>> launches with cudaConfigureCall, newer
// setups with __cudaPushCallConfiguration; cudaLaunchCooperativeKernel
// launches kernels that sync their whole grid.
var launchFuncs = map[string]LaunchFunc{
	"cudaConfigureCall":           configuration,
	"__cudaPushCallConfiguration": configuration,
	"cudaLaunchKernel":            apiLaunch,
	"cudaLaunchCooperativeKernel": apiLaunch,
}

// Launch stubs of clang-14's legacy launch (no CUDA version) pass each
// kernel parameter, in order, to cudaSetupArgument(const void *arg,
// size_t size, size_t offset) before calling cudaLaunch; newer ones pass
// an array of pointers to cudaLaunchKernel (Args of apiLaunch).
const (
	SetupArgument    = "cudaSetupArgument"
	SetupArgumentPtr = 0 // the position of the pointer to the parameter's value
)

// LookupLaunch returns the layout of the named launch function, if it is
// one.
func LookupLaunch(name string) (LaunchFunc, bool) {
	f, ok := launchFuncs[name]
	return f, ok
}

// handleReaders are the runtime functions that take a kernel's launch
// stub as its handle, to launch, register or configure the kernel, and
// never give it back to host code to call: a stub's launch of itself
// (cudaLaunch of clang-14's legacy stubs, cudaLaunchKernel of newer
// ones), the registration clang emits with a GPU binary, and the
// attribute and occupancy queries.
var handleReaders = map[string]bool{
	"cudaLaunch": true, "cudaLaunchKernel": true, "cudaLaunchCooperativeKernel": true,
	"cudaLaunchKernelExC": true, "__cudaRegisterFunction": true,
	"cudaFuncGetAttributes": true, "cudaFuncSetAttribute": true,
	"cudaFuncSetCacheConfig": true, "cudaFuncSetSharedMemConfig": true,
	"cudaOccupancyMaxActiveBlocksPerMultiprocessor":          true,
	"cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags": true,
	"cudaOccupancyAvailableDynamicSMemPerBlock":              true,
}

// ReadsKernelHandle reports whether the named runtime function takes a
// kernel's handle without handing it on: passing a stub to it does not
// make the stub a value a host function pointer may hold.
func ReadsKernelHandle(name string) bool { return handleReaders[name] }

// An Allocation is a function that allocates memory and the positions of
// its arguments.
type Allocation struct {
	// Sizes are the positions of the size arguments: the element count
	// and size, or the row width in bytes and the row count.
	Sizes []int
	// Pitched says whether the function returns a pitch: at least the
	// bytes of argument RowWidth, through the pointer argument Pitch.
	Pitched         bool
	Pitch, RowWidth int
	// Out is the position of the pointer through which the function
	// returns the allocation (cudaMalloc's void **ptr), NoArg for
	// functions that return it.
	Out int
}

// allocations are the functions that allocate memory: the CUDA runtime's
// (cudaMalloc(void **ptr, size_t size), cudaMallocPitch(void **ptr,
// size_t *pitch, size_t width, size_t height), ...), C's and C++'s
// operator new[] (_Znam) and new (_Znwm).
var allocations = map[string]Allocation{
	"cudaMalloc":              {Sizes: []int{1}, Out: 0},
	"cudaMallocManaged":       {Sizes: []int{1}, Out: 0},
	"cudaMallocAsync":         {Sizes: []int{1}, Out: 0},
	"cudaMallocFromPoolAsync": {Sizes: []int{1}, Out: 0},
	"cudaMallocHost":          {Sizes: []int{1}, Out: 0},
	"cudaHostAlloc":           {Sizes: []int{1}, Out: 0},
	"cudaMallocPitch":         {Sizes: []int{2, 3}, Pitched: true, Pitch: 1, RowWidth: 2, Out: 0},
	"malloc":                  {Sizes: []int{0}, Out: NoArg},
	"calloc":                  {Sizes: []int{0, 1}, Out: NoArg},
	"_Znam":                   {Sizes: []int{0}, Out: NoArg},
	"_Znwm":                   {Sizes: []int{0}, Out: NoArg},
}

// A PitchedPtrAllocation is a function that allocates a pitched array
// and returns it as a struct cudaPitchedPtr through the pointer argument
// Out, its shape given by the struct cudaExtent argument Extent:
// cudaMalloc3D(cudaPitchedPtr *pitchedDevPtr, cudaExtent extent). The
// pitch it returns is extent.width rounded up, as cudaMallocPitch's.
type PitchedPtrAllocation struct {
	Out, Extent int
}

// pitchedPtrAllocations are the functions that return a cudaPitchedPtr.
var pitchedPtrAllocations = map[string]PitchedPtrAllocation{
	"cudaMalloc3D": {Out: 0, Extent: 1},
}

// LookupPitchedPtrAllocation returns the named function that allocates a
// cudaPitchedPtr, if it is one.
func LookupPitchedPtrAllocation(name string) (PitchedPtrAllocation, bool) {
	a, ok := pitchedPtrAllocations[name]
	return a, ok
}

// The layouts of struct cudaPitchedPtr { void *ptr; size_t pitch, xsize,
// ysize; } and struct cudaExtent { size_t width, height, depth; }: the
// byte offsets of their 8-byte fields.
const (
	PitchedPtrPtr   = 0
	PitchedPtrPitch = 8
	PitchedPtrXSize = 16
	PitchedPtrYSize = 24
	PitchedPtrBytes = 32
	ExtentWidth     = 0
	ExtentHeight    = 8
	ExtentDepth     = 16
)

// LookupAllocation returns the named allocation function, if it is one.
func LookupAllocation(name string) (Allocation, bool) {
	a, ok := allocations[name]
	return a, ok
}

// noReturn are the functions that end the program: the failure of an
// assert (glibc, macOS, Windows), exit, abort and throw.
var noReturn = map[string]bool{
	"__assert_fail": true, "__assert_rtn": true, "_assert": true,
	"exit": true, "_Exit": true, "quick_exit": true, "abort": true,
	"__cxa_throw": true,
}

// NeverReturns reports whether a call of the named host function ends the
// program.
func NeverReturns(name string) bool {
	return noReturn[name]
}

// A Copy is a runtime function that copies memory, by the positions of
// its arguments: cudaMemcpy(void *dst, const void *src, size_t count,
// cudaMemcpyKind kind) and its asynchronous form.
type Copy struct {
	Dst, Src, Kind int
}

// HostToDevice is cudaMemcpyHostToDevice, the kind of a copy from host
// memory to device memory.
const HostToDevice = 1

var copies = map[string]Copy{
	"cudaMemcpy":      {Dst: 0, Src: 1, Kind: 3},
	"cudaMemcpyAsync": {Dst: 0, Src: 1, Kind: 3},
}

// LookupCopy returns the named copy function, if it is one.
func LookupCopy(name string) (Copy, bool) {
	c, ok := copies[name]
	return c, ok
}

// A Memset is a function that sets device memory's bytes to a value: the
// positions of its destination and value.
type Memset struct {
	Dst, Value int
}

var memsets = map[string]Memset{
	"cudaMemset":      {Dst: 0, Value: 1},
	"cudaMemsetAsync": {Dst: 0, Value: 1},
}

// LookupMemset returns the named memset function, if it is one.
func LookupMemset(name string) (Memset, bool) {
	m, ok := memsets[name]
	return m, ok
}

// frees are the functions that release memory, host or device, without
// writing its contents.
var frees = map[string]bool{
	"cudaFree": true, "cudaFreeHost": true, "cudaFreeAsync": true,
	"free": true, "_ZdlPv": true, "_ZdaPv": true, "_ZdlPvm": true, "_ZdaPvm": true,
}

// Frees reports whether the named function releases memory.
func Frees(name string) bool { return frees[name] }

// nonNegative are the C library functions whose int result is never
// negative: rand and its kin, in [0, RAND_MAX].
var nonNegative = map[string]bool{"rand": true, "random": true, "lrand48": true, "rand_r": true}

// NonNegative reports whether the named host function returns a
// non-negative value.
func NonNegative(name string) bool { return nonNegative[name] }
