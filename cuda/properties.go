// This file defines the fields of cudaDeviceProp whose values are the
// same on every device: what the host reads of them after
// cudaGetDeviceProperties is known without running it.

package cuda

// A DeviceProperty is a field of cudaDeviceProp that holds the same
// value on every device the CUDA runtime supports.
type DeviceProperty struct {
	Name   string // the field's name, for messages
	Offset int64  // its byte offset in cudaDeviceProp
	Bytes  int64  // its size
	Value  int64
}

// deviceProperties are the invariant fields. Their offsets are those of
// the CUDA 11 and 12 runtimes' cudaDeviceProp (and of the prelude's),
// whose first fields have kept their order: name[256], uuid (16 bytes),
// luid[8], luidDeviceNodeMask, totalGlobalMem, sharedMemPerBlock,
// regsPerBlock, warpSize, memPitch, maxThreadsPerBlock. A warp has 32
// lanes and a block at most 1024 threads on every device since compute
// capability 2.0.
var deviceProperties = []DeviceProperty{
	{Name: "warpSize", Offset: 308, Bytes: 4, Value: WarpSize},
	{Name: "maxThreadsPerBlock", Offset: 320, Bytes: 4, Value: MaxThreadsPerBlock},
}

// devicePropertiesFuncs fill a cudaDeviceProp through their first
// argument (CUDA 12 renames cudaGetDeviceProperties with a macro).
var devicePropertiesFuncs = map[string]bool{
	"cudaGetDeviceProperties":    true,
	"cudaGetDeviceProperties_v2": true,
}

// FillsDeviceProperties reports whether a runtime function fills the
// cudaDeviceProp its first argument points to.
func FillsDeviceProperties(name string) bool { return devicePropertiesFuncs[name] }

// LookupDeviceProperty returns the invariant field of cudaDeviceProp
// that the bytes [offset, offset+bytes) are, if they are one.
func LookupDeviceProperty(offset, bytes int64) (DeviceProperty, bool) {
	for _, p := range deviceProperties {
		if p.Offset == offset && p.Bytes == bytes {
			return p, true
		}
	}
	return DeviceProperty{}, false
}
