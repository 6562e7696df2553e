package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// schemaURL is the id the official SARIF 2.1.0 schema gives itself.
const schemaURL = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// richResult returns a result with a race of every kind, a scope note,
// witnesses with parameters, an undecided pair, an incomplete analysis, a
// note and a file that could not be analysed. k.cu lies inside root under
// src/, outside.cu in the directory outside.
func richResult(root, outside string) *Result {
	k := filepath.Join(root, "src", "k.cu")
	r := &Result{}
	f := r.AddFile(k)
	f.Races = append(f.Races,
		scopedRace(k),
		&Race{Kind: IntraBlock, Memory: Shared, Object: "tile", Kernel: "shift",
			First:  Access{File: k, Line: 20, Column: 3, Access: Write, Expr: "tile[threadIdx.x]"},
			Second: Access{File: k, Line: 21, Column: 12, Access: Read, Expr: "tile[threadIdx.x + 1]"},
			Witness: &Witness{GridDim: [3]int64{1, 1, 1}, BlockDim: [3]int64{256, 1, 1},
				First:  Thread{Thread: [3]int64{32, 0, 0}},
				Second: Thread{Thread: [3]int64{31, 0, 0}}}},
		&Race{Kind: IntraWarp, Memory: Shared, Object: "s", Kernel: "rotate",
			First:  Access{File: k, Line: 30, Column: 3, Access: Write, Expr: "s[lane]"},
			Second: Access{File: k, Line: 31, Column: 22, Access: Read, Expr: "s[(lane + 1) % 32]"}})
	f.Undecided = append(f.Undecided, &Undecided{
		First:  Access{File: k, Line: 40, Column: 3, Access: Write, Expr: "h[i * j]"},
		Second: Access{File: k, Line: 41, Column: 7, Access: Read, Expr: "h[j * i + 1]"},
		Reason: "race query: timeout"})
	f.Suppressed = append(f.Suppressed,
		&Race{Kind: IntraBlock, Memory: Shared, Object: "u", Suppression: "reviewed: u is written once",
			First:  Access{File: k, Line: 70, Column: 3, Access: Write, Expr: "u[0]"},
			Second: Access{File: k, Line: 71, Column: 3, Access: Read, Expr: "u[0]"}},
		&Race{Kind: InterBlock, Memory: Global, Object: "g", Suppression: baselineSuppression, Fingerprint: "hgrd1:0123456789abcdef01234567",
			First:  Access{File: k, Line: 80, Column: 3, Access: Write, Expr: "g[0]"},
			Second: Access{File: k, Line: 80, Column: 3, Access: Write, Expr: "g[0]"}})
	f.Incomplete = append(f.Incomplete, "call to helper without a body at k.cu:50:3")
	f.Notes = append(f.Notes, Note{Pos: "k.cu:60:1", Message: "hgrd:ignore comment silences nothing"})
	bad := r.AddFile(filepath.Join(outside, "outside.cu"))
	bad.Error = "compile error: outside.cu:1:1: error: unknown type name 'x'"
	bad.ErrorDetail = "outside.cu:1:1: error: unknown type name 'x'\nx y;\n^\n"
	return r
}

// writeRichSARIF writes richResult as SARIF and returns the log's bytes.
func writeRichSARIF(t *testing.T) (data []byte, root, outside string) {
	t.Helper()
	root, outside = t.TempDir(), t.TempDir()
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, richResult(root, outside), SARIFOptions{Version: "1.2.3", Root: root}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), root, outside
}

// sarifLog is the part of a SARIF log the tests look at.
type sarifLog struct {
	Version string `json:"version"`
	Runs    []struct {
		Tool struct {
			Driver struct {
				Version string          `json:"version"`
				Rules   []sarifRuleJSON `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		ColumnKind         string                      `json:"columnKind"`
		OriginalURIBaseIDs map[string]artifactLocation `json:"originalUriBaseIds"`
		Artifacts          []struct {
			Location artifactLocation `json:"location"`
		} `json:"artifacts"`
		Invocations []struct {
			ExecutionSuccessful bool `json:"executionSuccessful"`
			Notifications       []struct {
				Level   string         `json:"level"`
				Message messageJSON    `json:"message"`
				Locs    []locationJSON `json:"locations"`
			} `json:"toolExecutionNotifications"`
		} `json:"invocations"`
		Results []sarifResultJSON `json:"results"`
	} `json:"runs"`
}

type sarifRuleJSON struct {
	ID               string      `json:"id"`
	Name             string      `json:"name"`
	ShortDescription messageJSON `json:"shortDescription"`
	FullDescription  messageJSON `json:"fullDescription"`
	Help             struct {
		Text     string `json:"text"`
		Markdown string `json:"markdown"`
	} `json:"help"`
	HelpURI              string `json:"helpUri"`
	DefaultConfiguration struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
	Properties map[string]any `json:"properties"`
}

type sarifResultJSON struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           int               `json:"ruleIndex"`
	Level               string            `json:"level"`
	Message             messageJSON       `json:"message"`
	Locations           []locationJSON    `json:"locations"`
	RelatedLocations    []locationJSON    `json:"relatedLocations"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Suppressions        []struct {
		Kind          string `json:"kind"`
		Status        string `json:"status"`
		Justification string `json:"justification"`
		GUID          string `json:"guid"`
	} `json:"suppressions"`
	Properties map[string]any `json:"properties"`
	CodeFlows  []struct {
		Message     messageJSON `json:"message"`
		ThreadFlows []struct {
			Message   messageJSON `json:"message"`
			Locations []struct {
				Location locationJSON `json:"location"`
			} `json:"locations"`
		} `json:"threadFlows"`
	} `json:"codeFlows"`
}

type messageJSON struct {
	Text string `json:"text"`
}

type locationJSON struct {
	ID               *int        `json:"id"`
	Message          messageJSON `json:"message"`
	PhysicalLocation struct {
		ArtifactLocation artifactLocation `json:"artifactLocation"`
		Region           struct {
			StartLine   int `json:"startLine"`
			StartColumn int `json:"startColumn"`
		} `json:"region"`
	} `json:"physicalLocation"`
}

type artifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId"`
}

func decodeSARIF(t *testing.T, data []byte) sarifLog {
	t.Helper()
	var log sarifLog
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs", log.Version, len(log.Runs))
	}
	return log
}

// TestSARIFMatchesSchema validates a log with every kind of finding
// against the official SARIF 2.1.0 schema (testdata/README.md).
func TestSARIFMatchesSchema(t *testing.T) {
	schemaFile, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer schemaFile.Close()
	c := jsonschema.NewCompiler()
	c.AssertFormat = true
	if err := c.AddResource(schemaURL, schemaFile); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile(schemaURL)
	if err != nil {
		t.Fatal(err)
	}
	data, _, _ := writeRichSARIF(t)
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Errorf("the log does not match the schema: %#v\n%s", err, data)
	}
	// The schema accepts anything under a wrong $ref; make sure it bites.
	bad := strings.Replace(string(data), `"startLine": 10`, `"startLine": 0`, 1)
	var badDoc any
	json.Unmarshal([]byte(bad), &badDoc)
	if schema.Validate(badDoc) == nil {
		t.Error("a startLine of 0 passes the schema")
	}
}

// TestSARIFURIsRelativeToRoot checks %SRCROOT%, relative URIs with forward
// slashes, and file URIs for files outside the root.
func TestSARIFURIsRelativeToRoot(t *testing.T) {
	data, root, outside := writeRichSARIF(t)
	run := decodeSARIF(t, data).Runs[0]
	base := run.OriginalURIBaseIDs[srcRoot].URI
	if want := fileURI(root, true); base != want || !strings.HasPrefix(base, "file:///") || !strings.HasSuffix(base, "/") {
		t.Errorf("%%SRCROOT%% = %q, want %q", base, want)
	}
	first := run.Results[0].Locations[0].PhysicalLocation.ArtifactLocation
	if first.URI != "src/k.cu" || first.URIBaseID != srcRoot {
		t.Errorf("location of a file inside the root = %+v, want src/k.cu under %%SRCROOT%%", first)
	}
	if len(run.Artifacts) != 2 {
		t.Fatalf("artifacts = %+v", run.Artifacts)
	}
	out := run.Artifacts[1].Location
	if want := fileURI(filepath.Join(outside, "outside.cu"), false); out.URI != want || out.URIBaseID != "" {
		t.Errorf("artifact outside the root = %+v, want %q without uriBaseId", out, want)
	}
	if run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("columnKind = %q", run.ColumnKind)
	}
}

// TestSARIFWithoutRoot checks that paths stay as given without a root.
func TestSARIFWithoutRoot(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, sampleResult(), SARIFOptions{}); err != nil {
		t.Fatal(err)
	}
	run := decodeSARIF(t, buf.Bytes()).Runs[0]
	loc := run.Results[0].Locations[0].PhysicalLocation.ArtifactLocation
	if loc.URI != "k.cu" || loc.URIBaseID != srcRoot || run.OriginalURIBaseIDs != nil {
		t.Errorf("location %+v, base ids %+v", loc, run.OriginalURIBaseIDs)
	}
}

// TestSARIFRaceResults checks rule ids and indices, messages, related
// locations, code flows, fingerprints and properties of race results.
func TestSARIFRaceResults(t *testing.T) {
	data, _, _ := writeRichSARIF(t)
	run := decodeSARIF(t, data).Runs[0]
	if len(run.Results) != 6 {
		t.Fatalf("got %d results, want 3 races, 1 undecided pair and 2 suppressed races", len(run.Results))
	}
	for i, kind := range []string{InterBlock, IntraBlock, IntraWarp} {
		res := run.Results[i]
		if rule := run.Tool.Driver.Rules[res.RuleIndex]; rule.ID != res.RuleID || res.RuleID != ruleFor(kind).ID {
			t.Errorf("result %d: ruleId %s, ruleIndex %d names %s", i, res.RuleID, res.RuleIndex, rule.ID)
		}
		if res.Level != "warning" || res.Properties["kind"] != kind || res.Properties["memory"] == nil || res.Properties["kernel"] == nil {
			t.Errorf("result %d: level %q, properties %v", i, res.Level, res.Properties)
		}
		if fp := res.PartialFingerprints[fingerprintKey]; !strings.HasPrefix(fp, fingerprintVersion+":") {
			t.Errorf("result %d: partialFingerprints %v", i, res.PartialFingerprints)
		}
		rel := res.RelatedLocations
		if len(rel) != 1 || rel[0].ID == nil || *rel[0].ID != 1 || !strings.Contains(rel[0].Message.Text, "conflicting") {
			t.Errorf("result %d: related locations %+v", i, rel)
		}
	}
	race := run.Results[0]
	if !strings.Contains(race.Message.Text, "write-write race on global memory out (atomicAdd_block") {
		t.Errorf("message %q lacks the title and the scope note", race.Message.Text)
	}
	checkWitnessFlow(t, race)
	if len(run.Results[2].CodeFlows) != 0 {
		t.Errorf("a race without a witness has code flows: %+v", run.Results[2].CodeFlows)
	}
}

// TestSARIFSuppressedRaces checks that suppressed races are results with
// a suppression that says what silenced them.
func TestSARIFSuppressedRaces(t *testing.T) {
	data, _, _ := writeRichSARIF(t)
	results := decodeSARIF(t, data).Runs[0].Results
	for i, want := range []struct{ kind, justification string }{
		{"inSource", "reviewed: u is written once"},
		{"external", "in the baseline"},
	} {
		res := results[4+i]
		if len(res.Suppressions) != 1 {
			t.Fatalf("suppressed result %d has suppressions %+v", i, res.Suppressions)
		}
		s := res.Suppressions[0]
		if s.Kind != want.kind || s.Justification != want.justification || s.Status != "accepted" || s.GUID == "" {
			t.Errorf("suppression %d = %+v, want kind %s, justification %q", i, s, want.kind, want.justification)
		}
	}
	if fp := results[5].PartialFingerprints[fingerprintKey]; fp != "hgrd1:0123456789abcdef01234567" {
		t.Errorf("a race silenced by a baseline has fingerprint %q", fp)
	}
	for i, res := range results[:4] {
		if len(res.Suppressions) != 0 {
			t.Errorf("reported result %d has suppressions", i)
		}
	}
}

// TestSARIFScopeNoteOnce checks that a scope note the title already
// carries is not repeated.
func TestSARIFScopeNoteOnce(t *testing.T) {
	note := "atomicAdd_block at k.cu:9:5 does not order threads of different blocks"
	race := &Race{Kind: InterBlock, Memory: Global, Message: "write-write race on global out (" + note + ")",
		ScopeNote: note, Second: Access{Access: Write}}
	if got := raceMessage(race); strings.Count(got, note) != 1 {
		t.Errorf("message %q repeats the scope note", got)
	}
}

// checkWitnessFlow checks the code flow of the inter-block race.
func checkWitnessFlow(t *testing.T, race sarifResultJSON) {
	t.Helper()
	if len(race.CodeFlows) != 1 || len(race.CodeFlows[0].ThreadFlows) != 2 {
		t.Fatalf("code flows = %+v", race.CodeFlows)
	}
	flow := race.CodeFlows[0]
	for _, want := range []string{"gridDim=(2,1,1) blockDim=(64,1,1)", "&out[3]", "n=128"} {
		if !strings.Contains(flow.Message.Text, want) {
			t.Errorf("code flow message %q lacks %q", flow.Message.Text, want)
		}
	}
	for i, want := range []string{
		"blockIdx=(0,0,0) threadIdx=(3,0,0) writes out[threadIdx.x]",
		"blockIdx=(1,0,0) threadIdx=(3,0,0) writes out[threadIdx.x]",
	} {
		locs := flow.ThreadFlows[i].Locations
		if len(locs) != 1 || locs[0].Location.Message.Text != want || locs[0].Location.PhysicalLocation.Region.StartLine != 10 {
			t.Errorf("thread flow %d = %+v, want one location saying %q", i, flow.ThreadFlows[i], want)
		}
	}
}

// TestSARIFUndecidedAndFailures checks the result of an undecided pair and
// the invocation's notifications.
func TestSARIFUndecidedAndFailures(t *testing.T) {
	data, _, _ := writeRichSARIF(t)
	run := decodeSARIF(t, data).Runs[0]
	u := run.Results[3]
	if u.RuleID != "HGRD2001" || run.Tool.Driver.Rules[u.RuleIndex].ID != "HGRD2001" || u.Level != "warning" ||
		u.PartialFingerprints[fingerprintKey] == "" || len(u.RelatedLocations) != 1 {
		t.Errorf("undecided result = %+v", u)
	}
	inv := run.Invocations[0]
	if inv.ExecutionSuccessful {
		t.Error("executionSuccessful with a file that could not be analysed")
	}
	var texts []string
	for _, n := range inv.Notifications {
		if len(n.Locs) == 0 {
			t.Errorf("notification %q has no location", n.Message.Text)
		}
		texts = append(texts, n.Level+" "+n.Message.Text)
	}
	all := strings.Join(texts, "\n")
	for _, want := range []string{
		"error src/k.cu: not fully analysed: call to helper",
		"error could not decide whether this write races with the read at src/k.cu:41:7: race query: timeout",
		"warning k.cu:60:1: hgrd:ignore comment silences nothing",
		"unknown type name 'x'\n\tx y;",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("notifications lack %q:\n%s", want, all)
		}
	}
}

// TestSARIFRules checks the rules' help, level and GitHub properties.
func TestSARIFRules(t *testing.T) {
	data, _, _ := writeRichSARIF(t)
	rules := decodeSARIF(t, data).Runs[0].Tool.Driver.Rules
	if len(rules) != len(Rules) {
		t.Fatalf("got %d rules, want %d", len(rules), len(Rules))
	}
	fixes := map[string]string{
		"HGRD1001": "out[blockIdx.x * blockDim.x + threadIdx.x]",
		"HGRD1002": "__syncthreads();",
		"HGRD1003": "__syncwarp();",
	}
	for _, rule := range rules {
		if rule.Name == "" || rule.ShortDescription.Text == "" || rule.FullDescription.Text == "" || rule.Help.Text == "" ||
			!strings.HasPrefix(rule.HelpURI, "https://") || rule.DefaultConfiguration.Level != "warning" {
			t.Errorf("rule %s is incomplete: %+v", rule.ID, rule)
		}
		props := rule.Properties
		if props["precision"] == nil || props["problem.severity"] == nil || !strings.Contains(fmt.Sprint(props["tags"]), "cuda") {
			t.Errorf("rule %s properties = %v", rule.ID, props)
		}
		fix, isRace := fixes[rule.ID]
		if !isRace {
			continue
		}
		md := rule.Help.Markdown
		if rule.ID == "HGRD1002" && !strings.Contains(md, "no `__syncthreads()` separates") {
			t.Errorf("rule %s: CUDA built-ins in the prose are not code spans:\n%s", rule.ID, md)
		}
		if strings.Count(md, "```cuda") != 2 || !strings.Contains(md, "### Racy") || !strings.Contains(md, "### Fixed") {
			t.Errorf("rule %s help markdown lacks the two examples:\n%s", rule.ID, md)
		}
		if fixed := md[strings.Index(md, "### Fixed"):]; !strings.Contains(fixed, fix) {
			t.Errorf("rule %s: the fixed example lacks %q", rule.ID, fix)
		}
		if racy := md[:strings.Index(md, "### Fixed")]; strings.Contains(racy, fix) {
			t.Errorf("rule %s: the racy example already has %q", rule.ID, fix)
		}
	}
}
