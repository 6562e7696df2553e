package cuda

import "testing"

// TestDim3Component checks the coercion of dim3(x, y, z) to
// { i64 x | y<<32, i32 z }.
func TestDim3Component(t *testing.T) {
	want := [3][2]int{{0, 0}, {0, 32}, {1, 0}}
	for axis, w := range want {
		part, shift := Dim3Component(axis)
		if part != w[0] || shift != w[1] {
			t.Errorf("Dim3Component(%d) = %d, %d, want %d, %d", axis, part, shift, w[0], w[1])
		}
		if shift+Dim3ComponentWidth > Dim3PartWidths[part] {
			t.Errorf("axis %d does not fit in part %d", axis, part)
		}
	}
}
