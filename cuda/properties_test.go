package cuda

import "testing"

func TestLookupDeviceProperty(t *testing.T) {
	for _, tc := range []struct {
		offset, bytes int64
		name          string
		value         int64
		ok            bool
	}{
		{308, 4, "warpSize", 32, true},
		{320, 4, "maxThreadsPerBlock", 1024, true},
		{308, 8, "", 0, false}, // a load wider than the field
		{304, 4, "", 0, false}, // regsPerBlock varies
	} {
		p, ok := LookupDeviceProperty(tc.offset, tc.bytes)
		if ok != tc.ok || p.Name != tc.name || p.Value != tc.value {
			t.Errorf("LookupDeviceProperty(%d, %d) = %+v, %v; want %s = %d, %v", tc.offset, tc.bytes, p, ok, tc.name, tc.value, tc.ok)
		}
	}
	if !FillsDeviceProperties("cudaGetDeviceProperties_v2") || FillsDeviceProperties("cudaGetDevice") {
		t.Error("FillsDeviceProperties does not know which functions fill a cudaDeviceProp")
	}
}
