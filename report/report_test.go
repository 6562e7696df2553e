package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func sampleResult() *Result {
	r := &Result{}
	f := r.AddFile("k.cu")
	f.Races = append(f.Races, &Race{
		Kind: IntraBlock, Memory: Shared, Object: "s",
		First:   Access{File: "k.cu", Line: 12, Column: 5, Access: Write, Expr: "s[threadIdx.x]"},
		Second:  Access{File: "k.cu", Line: 14, Column: 9, Access: Read, Expr: "s[threadIdx.x + 1]"},
		Witness: &Witness{GridDim: [3]int64{1, 1, 1}, BlockDim: [3]int64{64, 1, 1}},
		Launch:  "launch at k.cu:30:3",
	})
	bad := r.AddFile("bad.cu")
	bad.Error = "compile error: bad.cu:1:1: error: unknown type name 'x'"
	return r
}

// TestJSONContract checks the fields other tools rely on.
func TestJSONContract(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, sampleResult()); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Files []struct {
			Path  string  `json:"path"`
			Error *string `json:"error"`
			Races []map[string]json.RawMessage
		} `json:"files"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Files) != 2 || doc.Files[0].Path != "k.cu" || doc.Files[0].Error != nil {
		t.Fatalf("files = %+v", doc.Files)
	}
	race := doc.Files[0].Races[0]
	for _, key := range []string{"kind", "memory", "first", "second", "witness"} {
		if _, ok := race[key]; !ok {
			t.Errorf("race lacks %q", key)
		}
	}
	var first map[string]any
	json.Unmarshal(race["first"], &first)
	for _, key := range []string{"file", "line", "column", "access"} {
		if _, ok := first[key]; !ok {
			t.Errorf("first access lacks %q", key)
		}
	}
	if doc.Files[1].Error == nil || doc.Files[1].Races == nil {
		t.Errorf("a failed file has an error and an empty race list: %+v", doc.Files[1])
	}
}

// TestTextIsGCCStyle checks the warning, note and error lines.
func TestTextIsGCCStyle(t *testing.T) {
	var buf bytes.Buffer
	WriteText(&buf, sampleResult())
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	want := []string{
		"k.cu:12:5: warning: write-read race on shared memory s [intra-block]",
		"\tk.cu:14:9: note: conflicting read by another thread",
		"\tk.cu:12:5: note: witness (launch at k.cu:30:3): gridDim=(1,1,1) blockDim=(64,1,1); thread blockIdx=(0,0,0) threadIdx=(0,0,0) vs thread blockIdx=(0,0,0) threadIdx=(0,0,0)",
		"bad.cu: error: compile error: bad.cu:1:1: error: unknown type name 'x'",
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines:\n%s", len(lines), buf.String())
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d:\n got %q\nwant %q", i, lines[i], want[i])
		}
	}
}

// TestSARIF checks the log's version, rule and related location.
func TestSARIF(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, sampleResult(), SARIFOptions{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []struct {
				RuleID           string            `json:"ruleId"`
				RelatedLocations []json.RawMessage `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != 1 {
		t.Fatalf("log = %+v", log)
	}
	res := log.Runs[0].Results[0]
	if res.RuleID != ruleFor(IntraBlock).ID || len(res.RelatedLocations) != 1 {
		t.Errorf("result = %+v", res)
	}
}

func TestExitCode(t *testing.T) {
	tests := []struct {
		r      *Result
		want   int
		reason string
	}{
		{&Result{Files: []*FileResult{{Races: []*Race{}}}}, ExitClean, "nothing found"},
		{&Result{Files: []*FileResult{{Races: []*Race{{}}}}}, ExitRaces, "a race"},
		{sampleResult(), ExitIncomplete, "a file failed, even with races elsewhere"},
		{&Result{Files: []*FileResult{{Undecided: []*Undecided{{}}}}}, ExitIncomplete, "an undecided pair is not analysed"},
		{&Result{Files: []*FileResult{{Incomplete: []string{"x"}}}}, ExitIncomplete, "an unseen call is not analysed"},
	}
	for _, tt := range tests {
		if got := tt.r.ExitCode(); got != tt.want {
			t.Errorf("ExitCode = %d, want %d (%s)", got, tt.want, tt.reason)
		}
	}
}

// TestBenignRaceIsItsOwnCategory checks that a benign race keeps its kind
// in JSON, says so in a field of its own and in the text, and has a SARIF
// rule of its own.
func TestBenignRaceIsItsOwnCategory(t *testing.T) {
	r := sampleResult()
	race := r.Files[0].Races[0]
	race.Benign, race.Message = true, "benign write-write race on shared s (both writes store the same value)"
	var js, text, sarifOut bytes.Buffer
	if err := WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(js.String(), `"kind": "intra-block"`) || !strings.Contains(js.String(), `"benign": true`) {
		t.Errorf("JSON lacks the kind or the benign field:\n%s", js.String())
	}
	if err := WriteText(&text, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "warning: benign write-write race") {
		t.Errorf("text does not say benign:\n%s", text.String())
	}
	if err := WriteSARIF(&sarifOut, r, SARIFOptions{Version: "test"}); err != nil {
		t.Fatal(err)
	}
	if id := ruleFor(benignKind).ID; !strings.Contains(sarifOut.String(), `"ruleId": "`+id+`"`) {
		t.Errorf("SARIF result does not use rule %s:\n%s", id, sarifOut.String())
	}
}

// TestTextWitnessNamesParameters checks that the text form of a witness
// gives the values of the kernel's parameters it needs, by name.
func TestTextWitnessNamesParameters(t *testing.T) {
	w := &Witness{GridDim: [3]int64{1, 7, 1}, BlockDim: [3]int64{32, 6, 1}, Address: "out byte 24",
		Params: map[string]int64{"width": 2, "stride": 1}}
	got := w.String()
	if !strings.HasSuffix(got, "; both access out byte 24; parameters stride=1, width=2") {
		t.Errorf("witness %q does not end with its address and its parameters by name", got)
	}
}
