package kernelanalysis

import (
	"testing"

	"hgrd/internal/testkit"
)

func TestExtents(t *testing.T) {
	const path = "testdata/extents.cu"
	k := analyzeFile(t, path)["extents"]
	tests := []struct {
		marker string
		size   uint64 // 0: no extent (the whole object or unknown)
		reason string
	}{
		{"rowParam", 4 * 64, "a device function given buf[warp] stays in the warp's row"},
		{"rowIndex", 4 * 33, "tile[ty][tx] stays in row ty"},
		{"flatIdiom", 0, "&tile[0][0] views all of tile as flat memory"},
		{"wholeObject", 0, "a one-dimensional array is its object, whose bounds the launch knows"},
		{"structField", 4 * 4, "cells[n].a[j] stays in the field a of element n"},
		{"cubeRow", 4 * 16, "cube[z][y][x] stays in row y of plane z"},
		{"cubePlane", 4 * 8 * 16, "cube[z][0][k] views plane z as flat memory, as &tile[0][0] does tile"},
		{"pointerLoop", 4 * 64, "a pointer stepped through buf[warp] stays in the row"},
		{"param", 0, "a kernel parameter points into an allocation only the host knows"},
		{"externShared", 0, "extern __shared__ is an array of unknown length ([0 x float])"},
		{"flexible", 0, "a flexible array member has no length of its own"},
		{"structHack", 0, "a struct's last array may be allocated longer than declared"},
	}
	for _, tt := range tests {
		a := access(t, k, testkit.Line(t, path, tt.marker), Write)
		switch {
		case tt.size == 0 && a.Extent != nil:
			t.Errorf("%s: extent %v, want none: %s", tt.marker, a.Extent, tt.reason)
		case tt.size != 0 && (a.Extent == nil || a.Extent.Size != tt.size):
			t.Errorf("%s: extent %v, want %d bytes: %s", tt.marker, a.Extent, tt.size, tt.reason)
		}
	}
}
