package suppress

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hgrd/report"
)

// raceOn returns a race of kernel k between two accesses of an expression.
func raceOn(kind, expr string, line int) *report.Race {
	return &report.Race{Kind: kind, Memory: report.Shared, Kernel: "k", Object: "s",
		First:   report.Access{File: "k.cu", Line: line, Column: 2, Access: report.Write, Expr: expr},
		Second:  report.Access{File: "k.cu", Line: line + 1, Column: 2, Access: report.Read, Expr: expr},
		Witness: &report.Witness{Values: map[string]uint64{"i": uint64(line)}}}
}

// fingerprinted returns a result of one file holding races, fingerprinted.
func fingerprinted(races ...*report.Race) *report.Result {
	r := resultOf("k.cu", races...)
	report.SetFingerprints(r.Files[0])
	return r
}

func TestBaselineRoundTripFiltersExactlyItsRaces(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "baseline.json")
	earlier := fingerprinted(raceOn(report.IntraBlock, "s[tid]", 10), raceOn(report.InterBlock, "s[0]", 20))
	ignored := raceOn(report.IntraWarp, "s[lane]", 30)
	earlier.Files[0].Suppressed = []*report.Race{ignored}
	if err := WriteBaseline(path, earlier); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("directory holds %v, want only the baseline", entries)
	}

	baseline, err := LoadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	if baseline.Len() != 2 {
		t.Errorf("baseline of %d fingerprints, want 2 (suppressed races left out)", baseline.Len())
	}
	// Later, the known races have moved down five lines, one is new, and
	// the race that was suppressed is reported.
	moved1, moved2 := raceOn(report.IntraBlock, "s[tid]", 15), raceOn(report.InterBlock, "s[0]", 25)
	fresh, unignored := raceOn(report.IntraBlock, "s[tid+1]", 40), raceOn(report.IntraWarp, "s[lane]", 35)
	later := fingerprinted(moved1, fresh, moved2, unignored)
	if n := baseline.Filter(later); n != 2 {
		t.Errorf("Filter moved %d races, want 2", n)
	}
	f := later.Files[0]
	if !reflect.DeepEqual(f.Races, []*report.Race{fresh, unignored}) {
		t.Errorf("races left %v, want the new race and the formerly ignored one", f.Races)
	}
	if !reflect.DeepEqual(f.Suppressed, []*report.Race{moved1, moved2}) {
		t.Errorf("suppressed %v, want the two known races", f.Suppressed)
	}
	for _, race := range f.Suppressed {
		if race.Suppression != "baseline" {
			t.Errorf("suppression %q, want %q", race.Suppression, "baseline")
		}
	}
	if earlier.Files[0].Races[0].Witness == nil {
		t.Error("WriteBaseline changed the result it wrote")
	}
}

func TestWriteBaselineReplacesTheFileAndOmitsWitnesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "baseline.json")
	if err := os.WriteFile(path, []byte("old content"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteBaseline(path, fingerprinted(raceOn(report.IntraBlock, "s[tid]", 10))); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var written report.Result
	if err := json.Unmarshal(data, &written); err != nil {
		t.Fatalf("baseline is not hgrd JSON: %v\n%s", err, data)
	}
	if len(written.Files) != 1 || len(written.Files[0].Races) != 1 {
		t.Fatalf("baseline holds %s, want one file with one race", data)
	}
	if race := written.Files[0].Races[0]; race.Witness != nil || race.Fingerprint == "" {
		t.Errorf("written race has witness %v and fingerprint %q; want none and one", race.Witness, race.Fingerprint)
	}

	empty := filepath.Join(t.TempDir(), "empty.json")
	if err := WriteBaseline(empty, &report.Result{}); err != nil {
		t.Fatal(err)
	}
	if b, err := LoadBaseline(empty); err != nil || b.Len() != 0 {
		t.Errorf("empty baseline: %v, %v; want no fingerprints and no error", b, err)
	}
}

func TestLoadBaselineFingerprintsOlderJSON(t *testing.T) {
	known := raceOn(report.IntraBlock, "s[tid]", 10)
	older := &report.Result{Files: []*report.FileResult{{Path: "k.cu", Races: []*report.Race{known}}}}
	data, err := json.Marshal(older)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "fingerprint") {
		t.Fatalf("older output should lack fingerprints: %s", data)
	}
	path := filepath.Join(t.TempDir(), "old.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	baseline, err := LoadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	later := fingerprinted(raceOn(report.IntraBlock, "s[tid]", 12))
	if n := baseline.Filter(later); n != 1 {
		t.Errorf("Filter moved %d races, want the known one", n)
	}
}

func TestLoadBaselineReadsSARIF(t *testing.T) {
	known := fingerprinted(raceOn(report.IntraBlock, "s[tid]", 10), raceOn(report.InterBlock, "s[0]", 20),
		raceOn(report.IntraWarp, "s[lane]", 30)).Files[0].Races
	sarif := `{
  "version": "2.1.0",
  "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
  "runs": [
    {"tool": {"driver": {"name": "hgrd"}}, "results": [
      {"ruleId": "HGRD1002", "partialFingerprints": {"hgrdRace/v1": "` + known[0].Fingerprint + `"}},
      {"ruleId": "HGRD1001", "partialFingerprints": {"other": "x", "hgrdRace/v2": "` + known[1].Fingerprint + `"}},
      {"ruleId": "HGRD1003", "partialFingerprints": {"hgrdRace/v1": "` + known[2].Fingerprint + `"},
       "suppressions": [{"kind": "inSource"}]}
    ]},
    {"tool": {"driver": {"name": "otherlint"}}, "results": [{"ruleId": "X1"}]}
  ]
}`
	path := filepath.Join(t.TempDir(), "baseline.sarif")
	if err := os.WriteFile(path, []byte(sarif), 0o644); err != nil {
		t.Fatal(err)
	}
	baseline, err := LoadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	later := fingerprinted(raceOn(report.IntraWarp, "s[lane]", 31), raceOn(report.InterBlock, "s[0]", 21),
		raceOn(report.IntraBlock, "s[tid]", 11))
	if n := baseline.Filter(later); n != 2 {
		t.Errorf("Filter moved %d races, want 2", n)
	}
	if races := later.Files[0].Races; len(races) != 1 || races[0].Kind != report.IntraWarp {
		t.Errorf("races left %v, want the one suppressed in source before", races)
	}
}

func TestLoadBaselineErrorsNameThePath(t *testing.T) {
	cases := []struct {
		name, content, reason string
	}{
		{"syntax", `{"files": [`, "not a JSON object"},
		{"array", `[1, 2]`, "not a JSON object"},
		{"unknown shape", `{"results": []}`, "neither hgrd JSON"},
		{"bad hgrd JSON", `{"files": [{"races": 3}]}`, "malformed hgrd JSON"},
		{"bad SARIF", `{"runs": {}}`, "malformed SARIF"},
		{"SARIF without fingerprint", `{"runs": [{"results": [{"ruleId": "HGRD1001"}]}]}`, "no hgrdRace partial fingerprint"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "baseline.json")
			if err := os.WriteFile(path, []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := LoadBaseline(path)
			if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), c.reason) {
				t.Errorf("error %v, want one naming %s and saying %q", err, path, c.reason)
			}
		})
	}
	missing := filepath.Join(t.TempDir(), "missing.json")
	if _, err := LoadBaseline(missing); err == nil || !strings.Contains(err.Error(), missing) ||
		strings.Count(err.Error(), missing) != 1 {
		t.Errorf("error %v, want one naming %s once", err, missing)
	}
}

func TestNilBaselineFiltersNothing(t *testing.T) {
	var baseline *Baseline
	r := fingerprinted(raceOn(report.IntraBlock, "s[tid]", 10))
	if n := baseline.Filter(r); n != 0 || len(r.Files[0].Races) != 1 {
		t.Errorf("nil baseline moved %d races", n)
	}
}

func TestLoadBaselineKeepsRacesAnEarlierBaselineSilenced(t *testing.T) {
	earlier := fingerprinted(raceOn(report.IntraBlock, "s[tid]", 10), raceOn(report.InterBlock, "s[0]", 20),
		raceOn(report.IntraWarp, "s[lane]", 30))
	f := earlier.Files[0]
	f.Races[1].Suppression, f.Races[2].Suppression = "baseline", "lanes agree"
	f.Races, f.Suppressed = f.Races[:1], f.Races[1:]
	data, err := json.Marshal(earlier)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "run.json")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	baseline, err := LoadBaseline(path)
	if err != nil {
		t.Fatal(err)
	}
	later := fingerprinted(raceOn(report.IntraBlock, "s[tid]", 10), raceOn(report.InterBlock, "s[0]", 20),
		raceOn(report.IntraWarp, "s[lane]", 30))
	baseline.Filter(later)
	if races := later.Files[0].Races; len(races) != 1 || races[0].Kind != report.IntraWarp {
		t.Errorf("races left %v, want only the one an ignore comment silenced before", races)
	}
}
