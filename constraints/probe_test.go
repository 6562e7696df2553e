package constraints

import (
	"testing"

	"hgrd/expr"
	"hgrd/kernelanalysis"
)

func TestProbesFixOnlyDimensionsNothingBinds(t *testing.T) {
	n := expr.Var("n", 32, expr.Shared)
	bound := expr.Eq(kernelanalysis.GridDim(0), expr.UDiv(expr.Add(n, expr.Const(255, 32)), expr.Const(256, 32)))
	cases := []struct {
		name   string
		launch *Launch
		fixes  int // per probe; 0 means no probes
	}{
		{"fully known", &Launch{GridDim: [3]int64{4, 1, 1}, BlockDim: [3]int64{256, 1, 1}}, 0},
		{"grid bound by the host", &Launch{GridDim: [3]int64{0, 1, 1}, BlockDim: [3]int64{256, 1, 1}, Facts: []*expr.Term{bound}}, 0},
		{"grid unknown", &Launch{GridDim: [3]int64{0, 1, 1}, BlockDim: [3]int64{256, 1, 1}}, 1},
		{"nothing known", &Launch{}, 6},
		{"only gridDim.x bound", &Launch{Facts: []*expr.Term{bound}}, 5},
	}
	for _, c := range cases {
		probes := Probes(c.launch)
		if c.fixes == 0 {
			if len(probes) != 0 {
				t.Errorf("%s: %d probes, want none", c.name, len(probes))
			}
			continue
		}
		if len(probes) != len(probeShapes) {
			t.Errorf("%s: %d probes, want %d", c.name, len(probes), len(probeShapes))
			continue
		}
		for _, p := range probes {
			if len(p) != c.fixes {
				t.Errorf("%s: a probe fixes %d dimensions, want %d: %v", c.name, len(p), c.fixes, p)
			}
		}
	}
}
