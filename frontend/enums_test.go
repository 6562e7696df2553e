package frontend_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"hgrd/frontend"
	"hgrd/internal/testkit"
)

func TestEnumParametersHoldTheirEnumeratorsRange(t *testing.T) {
	u := testkit.Load(t, "testdata/enums.cu")
	want := map[string][]frontend.ParamRange{
		"modes": {
			{Index: 1, Type: "Mode", Lo: 0, Hi: 2},
			{Index: 2, Type: "ns::Dir", Lo: -1, Hi: 4},
			{Index: 3, Type: "Flags", Lo: 0, Hi: 7}, // flags combine
			{Index: 5, Type: "ns::Options::Level", Lo: 10, Hi: 20},
		},
		"nested": {{Index: 1, Type: "ns::Dir", Lo: -1, Hi: 4}},
		"plain":  nil,
	}
	for name, w := range want {
		k := u.Kernel(name)
		if k == nil {
			t.Fatalf("no kernel %s in %v", name, u.KernelNames())
		}
		if diff := cmp.Diff(w, k.ParamRanges); diff != "" {
			t.Errorf("%s: ParamRanges (-want +got):\n%s", name, diff)
		}
	}
}
