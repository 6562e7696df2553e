package cache

import (
	"testing"

	"hgrd/report"
)

func TestCacheable(t *testing.T) {
	undecided := []*report.Undecided{{Reason: "resource limit"}}
	cases := []struct {
		name string
		res  *report.FileResult
		want bool
	}{
		{"nil", nil, false},
		{"clean", &report.FileResult{Path: "k.cu", Races: []*report.Race{}}, true},
		{"races", sampleResult("k.cu", 3, ""), true},
		{"incomplete", &report.FileResult{Path: "k.cu", Incomplete: []string{"call to f without a body"}}, true},
		{"compile error", &report.FileResult{Path: "k.cu", Error: "compile error: k.cu:3:5: error: use of undeclared identifier 'x'"}, true},
		{"not source", &report.FileResult{Path: "k.cu", Error: "not a source file: binary data (NUL bytes), not CUDA source"}, true},
		{"undecided", &report.FileResult{Path: "k.cu", Undecided: undecided}, false},
		{"races and undecided", &report.FileResult{Path: "k.cu", Races: sampleResult("k.cu", 1, "").Races, Undecided: undecided}, false},
		{"timeout", &report.FileResult{Error: "solver timeout after 10s"}, false},
		{"timed out", &report.FileResult{Error: "analysis Timed Out"}, false},
		{"deadline", &report.FileResult{Error: "internal error: the analysis process failed: context deadline exceeded"}, false},
		{"canceled", &report.FileResult{Error: "context canceled"}, false},
		{"cancelled", &report.FileResult{Error: "run cancelled by the user"}, false},
		{"internal error", &report.FileResult{Error: "internal error: index out of range (please report this with the file)"}, false},
		{"killed", &report.FileResult{Error: "internal error: the analysis process failed: signal: killed"}, false},
		{"signal", &report.FileResult{Error: "compile error: clang-14 failed on the device side (signal: segmentation fault)"}, false},
		{"toolchain", &report.FileResult{Error: "toolchain error: couldn't run clang-14: executable file not found in $PATH"}, false},
		{"read error", &report.FileResult{Error: "read error: permission denied"}, false},
	}
	for _, c := range cases {
		if got := Cacheable(c.res); got != c.want {
			t.Errorf("%s: Cacheable = %v, want %v", c.name, got, c.want)
		}
	}
}
