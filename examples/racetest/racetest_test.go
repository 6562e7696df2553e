package racetest

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"hgrd/driver"
	"hgrd/frontend"
	"hgrd/internal/testkit"
	"hgrd/report"
)

// TestMain lets the test binary serve as the driver's worker process.
func TestMain(m *testing.M) {
	driver.ServeIfWorker()
	os.Exit(m.Run())
}

// fakeT records what Run reports.
type fakeT struct{ errors []string }

func (t *fakeT) Helper() {}
func (t *fakeT) Errorf(format string, args ...any) {
	t.errors = append(t.errors, fmt.Sprintf(format, args...))
}

// acc returns an access of k.cu written "kind@line:col".
func acc(s string) report.Access {
	var a report.Access
	var kind string
	at := strings.IndexByte(s, '@')
	kind = s[:at]
	if _, err := fmt.Sscanf(s[at+1:], "%d:%d", &a.Line, &a.Column); err != nil {
		panic(err)
	}
	a.File, a.Access = "k.cu", kind
	return a
}

// race returns a race of kind on memory object between two accesses.
func race(kind, memory, object, first, second string) *report.Race {
	return &report.Race{Kind: kind, Memory: memory, Object: object, First: acc(first), Second: acc(second)}
}

// want returns a want of k.cu.
func want(line int, pattern string) Want {
	return Want{File: "k.cu", Line: line, Pattern: regexp.MustCompile(pattern)}
}

func TestDescribe(t *testing.T) {
	tests := []struct {
		race   *report.Race
		want   string
		reason string
	}{
		{race(report.InterBlock, report.Global, "a", "write@12:8", "write@12:8"),
			"inter-block write-write race on global a with line 12", "a store with itself"},
		{race(report.IntraWarp, report.Shared, "s", "read@14:7", "write@12:9"),
			"intra-warp write-read race on shared s with line 14", "the earlier line comes first"},
		{race(report.IntraBlock, report.Shared, "s", "write@12:20", "read@12:9"),
			"intra-block read-write race on shared s with line 12", "on one line the earlier column comes first"},
		{race(report.InterBlock, report.Global, "", "atomic@3:1", "read@4:1"),
			"inter-block atomic-read race on global ? with line 4", "an unknown object is ?"},
	}
	for _, tt := range tests {
		if got := Describe(tt.race); got != tt.want {
			t.Errorf("Describe = %q, want %q (%s)", got, tt.want, tt.reason)
		}
	}
}

func TestMatch(t *testing.T) {
	const (
		ww12   = "inter-block write-write race on global a with line 12"
		warp14 = "intra-warp write-read race on shared s with line 14"
	)
	tests := []struct {
		name   string
		races  []*report.Race
		wants  []Want
		want   []string // problems, "line: message" substrings, in order
		reason string
	}{{
		name:   "Exact",
		races:  []*report.Race{race(report.InterBlock, report.Global, "a", "write@12:5", "write@12:5")},
		wants:  []Want{want(12, ww12)},
		reason: "the race matches its want",
	}, {
		name: "SeveralOnOneLine",
		races: []*report.Race{
			race(report.IntraWarp, report.Shared, "s", "read@14:3", "write@12:3"),
			race(report.IntraBlock, report.Shared, "s", "write@12:3", "read@14:3"),
		},
		wants:  []Want{want(12, "intra-block write-read race on shared s with line 14"), want(12, warp14)},
		reason: "two kinds of one pair, two wants on the first access's line",
	}, {
		name:   "Missed",
		wants:  []Want{want(12, ww12)},
		want:   []string{"k.cu:12: missed race: no reported race matches"},
		reason: "a want without a race is a missed race",
	}, {
		name:   "Unexpected",
		races:  []*report.Race{race(report.InterBlock, report.Global, "a", "write@12:5", "write@12:5")},
		want:   []string{"k.cu:12: unexpected race: " + ww12},
		reason: "a race without a want is a false alarm",
	}, {
		name:  "WrongKind",
		races: []*report.Race{race(report.IntraBlock, report.Global, "a", "write@12:5", "write@12:5")},
		wants: []Want{want(12, ww12)},
		want: []string{
			"k.cu:12: missed race: no reported race matches",
			"k.cu:12: unexpected race: intra-block write-write race on global a with line 12",
		},
		reason: "the kind is part of the description",
	}, {
		name:  "WrongSecondLine",
		races: []*report.Race{race(report.IntraWarp, report.Shared, "s", "write@12:3", "read@15:3")},
		wants: []Want{want(12, warp14)},
		want: []string{
			"k.cu:12: missed race: no reported race matches",
			"k.cu:12: unexpected race: intra-warp write-read race on shared s with line 15",
		},
		reason: "the second line is part of the description",
	}, {
		name:  "WrongObject",
		races: []*report.Race{race(report.IntraWarp, report.Shared, "t", "write@12:3", "read@14:3")},
		wants: []Want{want(12, warp14)},
		want: []string{
			"k.cu:12: missed race: no reported race matches",
			"k.cu:12: unexpected race: intra-warp write-read race on shared t with line 14",
		},
		reason: "the object is part of the description",
	}, {
		name:  "WrongLine",
		races: []*report.Race{race(report.IntraWarp, report.Shared, "s", "write@12:3", "read@14:3")},
		wants: []Want{want(14, warp14)},
		want: []string{
			"k.cu:12: unexpected race: " + warp14,
			"k.cu:14: missed race: no reported race matches",
		},
		reason: "a want belongs on the first access's line",
	}, {
		name: "TwoRacesOneWant",
		races: []*report.Race{
			race(report.InterBlock, report.Global, "a", "write@12:5", "write@12:5"),
			race(report.InterBlock, report.Global, "a", "write@12:5", "write@12:5"),
		},
		wants:  []Want{want(12, ww12)},
		want:   []string{"k.cu:12: unexpected race: " + ww12},
		reason: "a want matches one race only",
	}, {
		name:   "OneRaceTwoWants",
		races:  []*report.Race{race(report.InterBlock, report.Global, "a", "write@12:5", "write@12:5")},
		wants:  []Want{want(12, ww12), want(12, "write-write")},
		want:   []string{`k.cu:12: missed race: no reported race matches "write-write"`},
		reason: "a race matches one want only",
	}, {
		name: "LooseWantFirst",
		races: []*report.Race{
			race(report.IntraWarp, report.Global, "a", "write@12:5", "write@12:5"),
			race(report.IntraBlock, report.Global, "a", "write@12:5", "write@12:5"),
		},
		wants:  []Want{want(12, "write-write"), want(12, "intra-warp write-write")},
		reason: "a loose want listed first must not take the race only the strict want matches",
	}, {
		name: "OtherFile",
		races: []*report.Race{{Kind: report.InterBlock, Memory: report.Global, Object: "a",
			First:  report.Access{File: "other.cu", Line: 12, Access: report.Write},
			Second: report.Access{File: "other.cu", Line: 12, Access: report.Write}}},
		wants: []Want{want(12, ww12)},
		want: []string{
			"k.cu:12: missed race",
			"other.cu:12: unexpected race",
		},
		reason: "wants and races are matched within one file",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Match(tt.races, tt.wants)
			if len(got) != len(tt.want) {
				t.Fatalf("Match = %v, want %d problems (%s)", got, len(tt.want), tt.reason)
			}
			for i, p := range got {
				if !strings.HasPrefix(p.String(), tt.want[i]) {
					t.Errorf("problem %d = %q, want prefix %q (%s)", i, p, tt.want[i], tt.reason)
				}
			}
		})
	}
}

func TestParseWants(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		want   []string // "line: pattern"
		err    string
		reason string
	}{{
		name:   "One",
		src:    "int x;\n  s[i] = 1; // want \"intra-warp write-write race on shared s with line 2\"\n",
		want:   []string{"2: intra-warp write-write race on shared s with line 2"},
		reason: "a want after code",
	}, {
		name:   "Several",
		src:    `s[i] = s[i+1]; // want "intra-block read-write" "intra-warp read-write"` + "\n",
		want:   []string{"1: intra-block read-write", "1: intra-warp read-write"},
		reason: "several wants on a line",
	}, {
		name:   "Escapes",
		src:    `a[0] = 1; // want "say \"hi\"" "s\\[i\\]" ` + "`raw\\[`",
		want:   []string{`1: say "hi"`, `1: s\[i\]`, `1: raw\[`},
		reason: "escaped quotes and backslashes; raw strings",
	}, {
		name:   "NotAWant",
		src:    "// wanted: nothing\n// we want no race here\nx = 1; // http://example.com\n",
		reason: "only comments starting with the word want are wants",
	}, {
		name:   "Empty",
		src:    "x = 1; // want\n",
		err:    "k.cu:1: want: no regexp",
		reason: "a want needs a regexp",
	}, {
		name:   "Unquoted",
		src:    "\nx = 1; // want intra-warp\n",
		err:    "k.cu:2: want: expected a quoted regexp",
		reason: "regexps are quoted",
	}, {
		name:   "Unterminated",
		src:    `x = 1; // want "abc\"` + "\n",
		err:    "k.cu:1: want: unterminated string",
		reason: "an escaped quote does not close the string",
	}, {
		name:   "BadRegexp",
		src:    `x = 1; // want "a("` + "\n",
		err:    "k.cu:1: bad want regexp",
		reason: "regexps must compile",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws, err := ParseWants("k.cu", []byte(tt.src))
			if tt.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
					t.Fatalf("ParseWants error = %v, want %q (%s)", err, tt.err, tt.reason)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseWants: %v (%s)", err, tt.reason)
			}
			var got []string
			for _, w := range ws {
				got = append(got, fmt.Sprintf("%d: %s", w.Line, w.Pattern))
			}
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("ParseWants = %q, want %q (%s)", got, tt.want, tt.reason)
			}
		})
	}
}

func TestParseFlags(t *testing.T) {
	tests := []struct {
		text        string
		grid, block [3]int64
		err         string
	}{
		{text: " --grid-dim 4 --block-dim 64", grid: [3]int64{4, 1, 1}, block: [3]int64{64, 1, 1}},
		{text: "--block-dim=32,8,2", block: [3]int64{32, 8, 2}},
		{text: "", grid: [3]int64{}, block: [3]int64{}},
		{text: "--grid-dim", err: "needs a value"},
		{text: "--block-dim 64,32", err: "more than the 1024"},
		{text: "--grid-dim x", err: "is not an integer"},
		{text: "--explain 1", err: "unknown flag"},
	}
	for _, tt := range tests {
		opts, err := ParseFlags(tt.text)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseFlags(%q) error = %v, want %q", tt.text, err, tt.err)
			}
			continue
		}
		if err != nil || opts.GridDim != tt.grid || opts.BlockDim != tt.block {
			t.Errorf("ParseFlags(%q) = %v, %v, %v; want %v, %v", tt.text, opts.GridDim, opts.BlockDim, err, tt.grid, tt.block)
		}
	}
}

func TestParseFlagsSwitchesAndMacros(t *testing.T) {
	opts, err := ParseFlags("--any-launch -DNDEBUG -D N=4 --block-dim 32")
	if err != nil {
		t.Fatal(err)
	}
	if !opts.AnyLaunch || !slices.Equal(opts.Frontend.Defines, []string{"NDEBUG", "N=4"}) || opts.BlockDim != [3]int64{32, 1, 1} {
		t.Errorf("ParseFlags = any-launch %v, defines %q, block %v", opts.AnyLaunch, opts.Frontend.Defines, opts.BlockDim)
	}
}

func TestRunNoCase(t *testing.T) {
	ft := &fakeT{}
	Run(ft, t.TempDir(), "missing")
	if len(ft.errors) != 1 || !strings.Contains(ft.errors[0], "no .cu file") {
		t.Errorf("Run on a missing case reported %q, want one 'no .cu file' error", ft.errors)
	}
}

func TestRunBadWant(t *testing.T) {
	dir := t.TempDir()
	testkit.WriteFile(t, dir, "bad/bad.cu", "// hgrd-flags: --grid-dim 0\nint x; // want \"a(\"\n")
	ft := &fakeT{}
	Run(ft, dir, "bad")
	if len(ft.errors) != 2 {
		t.Fatalf("Run reported %q, want a flags error and a want error", ft.errors)
	}
}

// needToolchain skips a test when clang-14 or opt-14 is missing.
func needToolchain(t *testing.T) {
	t.Helper()
	for _, tool := range []frontend.Tool{frontend.ClangTool, frontend.OptTool} {
		if _, err := tool.Resolve(""); err != nil {
			t.Skip(err)
		}
	}
}

// scale is a race-free kernel; line 4 is its only access line.
const scale = `// hgrd-flags: --grid-dim 2 --block-dim 64
__global__ void scale(float *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = 2 * a[i];%s
}
`

func TestRunToolchain(t *testing.T) {
	needToolchain(t)
	dir := t.TempDir()
	testkit.WriteFile(t, dir, "ok/ok.cu", fmt.Sprintf(scale, ""))
	testkit.WriteFile(t, dir, "bogus/bogus.cu", fmt.Sprintf(scale, ` // want "inter-block write-write race on global a with line 4"`))
	testkit.WriteFile(t, dir, "broken/broken.cu", "__global__ void k(int *a) { a[0] = undeclared; }\n")

	tests := []struct {
		cases  []string
		want   []string // substrings, one per reported error
		reason string
	}{
		{[]string{"ok"}, nil, "a race-free kernel without wants passes"},
		{[]string{"bogus"}, []string{"bogus.cu:4: missed race"}, "a want on a race-free line is a missed race"},
		{[]string{"broken"}, []string{"broken.cu: not analysed: "}, "a file the driver cannot analyse fails"},
		{[]string{"ok", "bogus", "broken"}, []string{"missed race", "not analysed"}, "cases are run in order"},
	}
	for _, tt := range tests {
		ft := &fakeT{}
		Run(ft, dir, tt.cases...)
		if len(ft.errors) != len(tt.want) {
			t.Errorf("Run(%v) reported %q, want %d errors (%s)", tt.cases, ft.errors, len(tt.want), tt.reason)
			continue
		}
		for i, e := range ft.errors {
			if !strings.Contains(e, tt.want[i]) {
				t.Errorf("Run(%v) error %d = %q, want %q (%s)", tt.cases, i, e, tt.want[i], tt.reason)
			}
		}
	}
}
