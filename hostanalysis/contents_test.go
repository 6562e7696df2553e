package hostanalysis

import "testing"

func TestContents(t *testing.T) {
	got := map[string][]Contents{}
	for prefix, path := range map[string]string{"": "../examples/host_contents_ok/host_contents_ok.cu",
		"racy/": "../examples/host_contents_racy/host_contents_racy.cu"} {
		for _, l := range launchesOf(t, path) {
			got[prefix+l.Kernel.Name] = l.Pointers[0].Contents
		}
	}
	tests := []struct {
		kernel string
		fields int // fields with contents
		cases  int // cases of the field at byte 8, or of the first field
		reason string
	}{
		{"place", 4, 1, "four fields, each stored once in the loop"},
		{"scatter", 1, 1, "rand() % 4 in a loop"},
		{"racy/place_half", 1, 1, "the offset field only"},
		{"racy/place_escaped", 0, 0, "the buffer goes to a function hgrd cannot see"},
		{"racy/place_twice", 1, 2, "the loop's store and the store to box 5"},
	}
	for _, tt := range tests {
		cs := got[tt.kernel]
		if len(cs) != tt.fields {
			t.Errorf("%s: %d fields with contents, want %d (%s)", tt.kernel, len(cs), tt.fields, tt.reason)
			continue
		}
		for _, c := range cs {
			if c.Field == 8 || len(cs) == 1 {
				if len(c.Cases) != tt.cases {
					t.Errorf("%s: field %d has %d cases, want %d (%s)", tt.kernel, c.Field, len(c.Cases), tt.cases, tt.reason)
				}
			}
		}
	}
	for _, c := range got["scatter"] {
		if c.Cases[0].Value != nil || c.Cases[0].Below == nil || c.Cases[0].Below.Value != 4 {
			t.Errorf("scatter: case %+v, want a range below 4", c.Cases[0])
		}
	}
}
