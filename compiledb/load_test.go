package compiledb

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hgrd/internal/testkit"
)

// writeDatabase writes entries as the compile_commands.json of dir.
func writeDatabase(t *testing.T, dir string, entries []map[string]any) string {
	t.Helper()
	data, err := json.MarshalIndent(entries, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return testkit.WriteFile(t, dir, DatabaseName, string(data))
}

// sampleDatabase writes a database in the layout CMake and bear produce,
// a build directory below a source directory, and returns the build
// directory.
func sampleDatabase(t *testing.T) (src, build string) {
	src = t.TempDir()
	build = filepath.Join(src, "build")
	writeDatabase(t, build, []map[string]any{{
		// CMake: "command", absolute file.
		"directory": build,
		"command":   `/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DUSE_FOO -I` + src + `/include -O3 -x cu -c ` + src + `/a.cu -o CMakeFiles/a.dir/a.cu.o`,
		"file":      src + "/a.cu",
		"output":    "CMakeFiles/a.dir/a.cu.o",
	}, {
		// bear: "arguments", file relative to the directory.
		"directory": build,
		"arguments": []string{"nvcc", "-ccbin", "g++", "--expt-relaxed-constexpr", "-gencode", "arch=compute_70,code=sm_70", "-I../include", "-c", "../kernels/b.cu"},
		"file":      "../kernels/b.cu",
	}, {
		"directory": build,
		"command":   "/usr/bin/c++ -DHOST -I" + src + "/include -c " + src + "/main.cpp",
		"file":      src + "/main.cpp",
	}, {
		// A C++ file compiled as CUDA.
		"directory": build,
		"arguments": []string{"clang++", "-x", "cuda", "--cuda-gpu-arch=sm_70", "-DAS_CUDA", "-c", src + "/c.cpp"},
		"file":      src + "/c.cpp",
	}, {
		"directory": build,
		"command":   "nvcc -c ../a.cu -DSECOND",
		"file":      "../a.cu",
	}, {
		"directory": build,
		"command":   "as -c " + src + "/start.S",
		"file":      src + "/start.S",
	}, {
		"command": "nvcc -c lost.cu",
		"file":    "lost.cu",
	}, {
		"directory": build,
		"command":   "nvcc 'unterminated -c d.cu",
		"file":      "d.cu",
	}, {
		"directory": build,
		"file":      "e.cu",
	}, {
		"directory": build,
		"command":   "nvcc -fopenmp -c f.cu",
		"file":      "f.cu",
	}, {
		// A second entry of a host file, with a flag Translate does not
		// know: neither is warned about.
		"directory": build,
		"command":   "/usr/bin/c++ -fopenmp -DAGAIN -c ../main.cpp",
		"file":      "../main.cpp",
	}})
	return src, build
}

func TestLoadAll(t *testing.T) {
	src, build := sampleDatabase(t)
	for _, path := range []string{build, filepath.Join(build, DatabaseName)} {
		cuda, other, warnings, err := LoadAll(path)
		if err != nil {
			t.Fatalf("LoadAll(%s): %v", path, err)
		}
		wantCUDA := []Entry{{
			File: src + "/a.cu", Dir: build,
			Flags: Flags{IncludeDirs: []string{src + "/include"}, Defines: []string{"USE_FOO"}},
		}, {
			File: src + "/kernels/b.cu", Dir: build,
			Flags: Flags{IncludeDirs: []string{src + "/include"}},
		}, {
			File: src + "/c.cpp", Dir: build,
			Flags: Flags{Defines: []string{"AS_CUDA"}},
		}, {
			File: build + "/f.cu", Dir: build,
		}}
		wantOther := []Entry{{
			File: src + "/main.cpp", Dir: build,
			Flags: Flags{IncludeDirs: []string{src + "/include"}, Defines: []string{"HOST"}},
		}}
		checkEntries(t, "cuda", cuda, wantCUDA)
		checkEntries(t, "other", other, wantOther)
		wantWarnings := []string{
			`entry 5 (../a.cu): a second entry for the file; the first is kept`,
			`entry 7 (lost.cu): no "directory"; skipped`,
			`entry 8 (d.cu): "command": unterminated single quote in command; skipped`,
			`entry 9 (e.cu): neither "arguments" nor "command"; skipped`,
			`entry 10 (f.cu): unknown flag "-fopenmp" dropped`,
		}
		if len(warnings) != len(wantWarnings) {
			t.Fatalf("warnings = %q; want %d", warnings, len(wantWarnings))
		}
		for i, w := range warnings {
			if !strings.HasPrefix(w, filepath.Join(build, DatabaseName)+": ") || !strings.HasSuffix(w, wantWarnings[i]) {
				t.Errorf("warning %d = %q; want the database's path and %q", i, w, wantWarnings[i])
			}
		}
	}
}

func TestLoadKeepsCUDAEntries(t *testing.T) {
	src, build := sampleDatabase(t)
	cuda, warnings, err := Load(build)
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	for _, e := range cuda {
		files = append(files, e.File)
	}
	want := []string{src + "/a.cu", src + "/kernels/b.cu", src + "/c.cpp", build + "/f.cu"}
	if !reflect.DeepEqual(files, want) || len(warnings) != 5 {
		t.Errorf("Load = %q with %d warnings; want %q with 5", files, len(warnings), want)
	}
}

func TestLoadRelativeDirectory(t *testing.T) {
	root := t.TempDir()
	writeDatabase(t, root, []map[string]any{{
		"directory": "build",
		"arguments": []string{"nvcc", "-Iinc", "-c", "k.cu"},
		"file":      "k.cu",
	}})
	cuda, _, err := Load(root)
	if err != nil {
		t.Fatal(err)
	}
	want := []Entry{{
		File: root + "/build/k.cu", Dir: root + "/build",
		Flags: Flags{IncludeDirs: []string{root + "/build/inc"}},
	}}
	checkEntries(t, "cuda", cuda, want)
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	malformed := testkit.WriteFile(t, dir, filepath.Join("bad", DatabaseName), "[\n  {\"directory\": \"/b\", \"file\": \"a.cu\",}\n]")
	wrongType := testkit.WriteFile(t, dir, filepath.Join("type", DatabaseName), `[{"directory": "/b", "file": "a.cu", "arguments": "nvcc -c a.cu"}]`)
	wrongFile := testkit.WriteFile(t, dir, filepath.Join("file", DatabaseName), `[{"directory": "/b", "file": 3}]`)
	notObject := testkit.WriteFile(t, dir, filepath.Join("number", DatabaseName), `[1]`)
	notArray := testkit.WriteFile(t, dir, filepath.Join("object", DatabaseName), `{"directory": "/b"}`)
	testkit.WriteFile(t, dir, "empty/README", "")

	tests := []struct {
		path string
		want []string
	}{
		{malformed, []string{malformed + ":2:38: malformed compilation database", "invalid character '}'"}},
		{filepath.Join(dir, "bad"), []string{malformed + ":2:38: malformed compilation database"}},
		{wrongType, []string{wrongType + ":1:64: malformed compilation database: \"arguments\" is a JSON string; want an array of strings"}},
		{wrongFile, []string{wrongFile + ":1:", "malformed compilation database: \"file\" is a JSON number; want a string"}},
		{notArray, []string{notArray + ":1:1: malformed compilation database: want an array of entries, found a JSON object"}},
		{notObject, []string{notObject + ":1:2: malformed compilation database: want an array of entries"}},
		{filepath.Join(dir, "empty"), []string{"empty: no compile_commands.json in this directory", "CMAKE_EXPORT_COMPILE_COMMANDS"}},
		{filepath.Join(dir, "absent.json"), []string{"absent.json", "no such file"}},
	}
	for _, tt := range tests {
		_, _, err := Load(tt.path)
		if err == nil {
			t.Errorf("Load(%s) succeeded; want an error", tt.path)
			continue
		}
		for _, w := range tt.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("Load(%s) error = %q; want it to contain %q", tt.path, err, w)
			}
		}
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		file, language string
		want           kind
	}{
		{"a.cu", "", cudaSource},
		{"a.cpp", "cu", cudaSource},
		{"a.cc", "cuda", cudaSource},
		{"a.cu", "c++", hostSource},
		{"a.cpp", "", hostSource},
		{"a.c", "", hostSource},
		{"a.cxx", "", hostSource},
		{"a.cuh", "", otherLanguage},
		{"a.S", "", otherLanguage},
		{"a.cpp", "assembler", otherLanguage},
		{"a.cu", "none", cudaSource},
	}
	for _, tt := range tests {
		if got := classify(tt.file, tt.language); got != tt.want {
			t.Errorf("classify(%s, %q) = %d; want %d", tt.file, tt.language, got, tt.want)
		}
	}
}

// checkEntries compares entries, taking nil and empty flag lists as equal.
func checkEntries(t *testing.T, what string, got, want []Entry) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s entries: got %d, want %d:\n%+v", what, len(got), len(want), got)
		return
	}
	for i := range got {
		if got[i].File != want[i].File || got[i].Dir != want[i].Dir || !equalFlags(got[i].Flags, want[i].Flags) {
			t.Errorf("%s entry %d:\n got %+v\nwant %+v", what, i, got[i], want[i])
		}
	}
}
