package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"hgrd/cmd"
	"hgrd/examples/racetest"
	"hgrd/report"
)

// sarifSchemaURL is the id of the official SARIF 2.1.0 schema, which the
// report package's tests keep in their testdata.
const sarifSchemaURL = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// sarifSchemaPath is the schema's file, found before any test changes
// the working directory.
var sarifSchemaPath = mustAbs("../../report/testdata/sarif-schema-2.1.0.json")

// scanProject copies testdata/scanproject into a temporary directory,
// writes its build directory's compile_commands.json with nvcc command
// lines as CMake writes them, makes it the working directory, and
// returns its path.
func scanProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata/scanproject")); err != nil {
		t.Fatal(err)
	}
	// Two of the examples, with their inline wants, join the project.
	for name, example := range map[string]string{"rotate": "shared_no_sync/shared_no_sync.cu", "vector_add": "vector_add_ok/vector_add_ok.cu"} {
		src, err := os.ReadFile(filepath.Join("..", "..", "examples", example))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "src", name+".cu"), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build := filepath.Join(dir, "build")
	if err := os.Mkdir(build, 0o755); err != nil {
		t.Fatal(err)
	}
	var entries []map[string]any
	for _, name := range []string{"main", "stencil", "rotate", "vector_add", "ignored", "shift"} {
		src := filepath.Join(dir, "src", name+".cu")
		command := "/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DTILE=32 -I" + filepath.Join(dir, "include") +
			" -isystem /usr/local/cuda/include -O3 -DNDEBUG --generate-code=arch=compute_80,code=[compute_80,sm_80]" +
			" -Xcompiler=-fPIC --expt-relaxed-constexpr -std=c++17 -x cu -rdc=true -c " + src +
			" -o CMakeFiles/app.dir/src/" + name + ".cu.o"
		entries = append(entries, map[string]any{"directory": build, "command": command, "file": src,
			"output": "CMakeFiles/app.dir/src/" + name + ".cu.o"})
	}
	// C++ entries, as CMake lists them beside the CUDA ones: app.cpp
	// calls shift.cu's launch wrapper.
	entries = append(entries, map[string]any{"directory": build, "file": filepath.Join(dir, "src", "util.cpp"),
		"arguments": []string{"/usr/bin/c++", "-O2", "-c", "../src/util.cpp", "-o", "util.o"}})
	entries = append(entries, map[string]any{"directory": build, "file": "../src/app.cpp",
		"arguments": []string{"/usr/bin/c++", "-DTILE=32", "-I../include", "-isystem", "/usr/local/cuda/include", "-g", "-c", "../src/app.cpp", "-o", "app.o"}})
	data, err := json.MarshalIndent(entries, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(build, "compile_commands.json"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	t.Setenv("HGRD_CACHE", filepath.Join(t.TempDir(), "cache"))
	return dir
}

// runHgrd runs the command line in this process and returns its exit
// status and output.
func runHgrd(t *testing.T, args ...string) (int, []byte, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := cmd.Run(args, &stdout, &stderr)
	return code, stdout.Bytes(), stderr.String()
}

// TestScanCompilationDatabase scans a project through its compilation
// database: the races are exactly the wanted ones (the kernel launched
// from another file is race-free thanks to that file's assert, a race
// with an hgrd:ignore comment is silenced and only it), and a second scan
// answers the same from the cache.
func TestScanCompilationDatabase(t *testing.T) {
	dir := scanProject(t)
	code, out, stderr := runHgrd(t, "scan", "-p", "build", "--format", "json")
	if code != report.ExitRaces {
		t.Fatalf("exit status %d, want 1; stderr:\n%s", code, stderr)
	}
	var res report.Result
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 6 {
		t.Fatalf("reported %d files, want the 6 CUDA entries (the C++ ones only lend their host code)", len(res.Files))
	}
	var races []*report.Race
	var wants []racetest.Want
	for _, f := range res.Files {
		if f.Error != "" || !f.Analysed() {
			t.Errorf("%s not analysed: %s %v %v", f.Path, f.Error, f.Undecided, f.Incomplete)
		}
		if filepath.IsAbs(f.Path) {
			t.Errorf("path %s is not relative to the working directory", f.Path)
		}
		src, err := os.ReadFile(filepath.Join(dir, f.Path))
		if err != nil {
			t.Fatal(err)
		}
		ws, err := racetest.ParseWants(f.Path, src)
		if err != nil {
			t.Fatal(err)
		}
		wants = append(wants, ws...)
		races = append(races, f.Races...)
	}
	for _, p := range racetest.Match(races, wants) {
		t.Error(p)
	}
	suppressed := 0
	for _, f := range res.Files {
		for _, r := range f.Suppressed {
			suppressed++
			if f.Path != filepath.Join("src", "ignored.cu") || r.First.Line != 9 || r.Suppression != "any block's mark will do" {
				t.Errorf("unexpected suppressed race %s:%d (%s)", f.Path, r.First.Line, r.Suppression)
			}
		}
	}
	if suppressed == 0 {
		t.Error("the hgrd:ignore comment silenced nothing")
	}

	again, out2, _ := runHgrd(t, "scan", "-p", "build", "--format", "json")
	if again != code || !bytes.Equal(out, out2) {
		t.Errorf("second scan (from the cache) differs: status %d, output\n%s\nwant\n%s", again, out2, out)
	}
}

// TestScanNeedsTheOtherFilesHostCode checks the premise of the scan test:
// analysed alone, without main.cu's launch or app.cpp's call, stencil.cu
// and shift.cu race.
func TestScanNeedsTheOtherFilesHostCode(t *testing.T) {
	scanProject(t)
	for _, file := range []string{"src/stencil.cu", "src/shift.cu"} {
		code, _, stderr := runHgrd(t, "check", "--no-cache", "-I", "include", "-D", "TILE=32", file)
		if code != report.ExitRaces || !strings.Contains(stderr, "race(s)") {
			t.Errorf("%s alone: exit status %d, want 1 (races); stderr:\n%s", file, code, stderr)
		}
	}
}

// TestScanSARIF checks the scan's SARIF against the 2.1.0 schema, with
// URIs relative to the scan root and the second access as a related
// location.
func TestScanSARIF(t *testing.T) {
	dir := scanProject(t)
	code, out, stderr := runHgrd(t, "scan", "-p", "build", "--format", "sarif", "--root", dir)
	if code != report.ExitRaces {
		t.Fatalf("exit status %d, want 1; stderr:\n%s", code, stderr)
	}
	validateSARIF(t, out)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				RelatedLocations    []json.RawMessage `json:"relatedLocations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
				Suppressions        []json.RawMessage `json:"suppressions"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out, &log); err != nil {
		t.Fatal(err)
	}
	reported := 0
	for _, r := range log.Runs[0].Results {
		if len(r.Suppressions) > 0 {
			continue
		}
		reported++
		loc := r.Locations[0].PhysicalLocation.ArtifactLocation
		if !strings.HasPrefix(loc.URI, "src/") || loc.URIBaseID != "%SRCROOT%" {
			t.Errorf("result URI %q (base %q), want src/... relative to %%SRCROOT%%", loc.URI, loc.URIBaseID)
		}
		if len(r.RelatedLocations) == 0 {
			t.Errorf("result at %s has no related location", loc.URI)
		}
		if r.PartialFingerprints["hgrdRace/v1"] == "" {
			t.Errorf("result at %s has no fingerprint", loc.URI)
		}
	}
	if reported != 3 {
		t.Errorf("%d results, want the 3 races", reported)
	}
}

// validateSARIF fails the test unless data is valid SARIF 2.1.0.
func validateSARIF(t *testing.T, data []byte) {
	t.Helper()
	schemaFile, err := os.Open(sarifSchemaPath)
	if err != nil {
		t.Fatal(err)
	}
	defer schemaFile.Close()
	c := jsonschema.NewCompiler()
	if err := c.AddResource(sarifSchemaURL, schemaFile); err != nil {
		t.Fatal(err)
	}
	schema, err := c.Compile(sarifSchemaURL)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Errorf("SARIF does not validate against the 2.1.0 schema: %v", err)
	}
}
