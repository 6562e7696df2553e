package cache

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hgrd/internal/testkit"
	"hgrd/report"
)

// sampleResult returns a typical result for path: races with witnesses,
// each message tagged with variant.
func sampleResult(path string, races int, variant string) *report.FileResult {
	res := &report.FileResult{Path: path, Races: []*report.Race{}}
	for i := 0; i < races; i++ {
		res.Races = append(res.Races, &report.Race{
			Kind:   report.IntraBlock,
			Memory: report.Shared,
			Object: "s",
			First:  report.Access{File: path, Line: 12 + i, Column: 5, Access: report.Write, Expr: "s[tid.x]"},
			Second: report.Access{File: path, Line: 14 + i, Column: 9, Access: report.Read, Expr: "s[tid.x+1]"},
			Witness: &report.Witness{
				GridDim:  [3]int64{1, 1, 1},
				BlockDim: [3]int64{256, 1, 1},
				First:    report.Thread{Thread: [3]int64{1, 0, 0}},
				Second:   report.Thread{Thread: [3]int64{0, 0, 0}},
				Params:   map[string]int64{"n": 1024},
				Address:  "s+4",
				Values:   map[string]uint64{"i": 0, "v": 7},
			},
			Message:     "intra-block write-read race on shared s " + variant,
			Kernel:      "reduce",
			Launch:      "main.cu:40:3",
			Fingerprint: fmt.Sprintf("fp%d", i),
		})
	}
	res.Notes = []report.Note{{Pos: path + ":3:1", Message: "hgrd:ignore silences nothing"}}
	return res
}

// asJSON returns the JSON form of v, for deep comparisons.
func asJSON(t testing.TB, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// keyFor returns a valid key derived from name.
func keyFor(name string) string {
	k := NewKey("test")
	k.AddString("name", name)
	return k.Sum()
}

func openTemp(t testing.TB) *Cache {
	t.Helper()
	c, err := Open(filepath.Join(t.TempDir(), "cache"))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustPut(t testing.TB, c *Cache, key string, res *report.FileResult) {
	t.Helper()
	if err := c.Put(key, res, nil); err != nil {
		t.Fatal(err)
	}
}

// get returns the file result stored under key, if any.
func get(c *Cache, key string) (*report.FileResult, bool) {
	var res *report.FileResult
	ok := c.Get(key, &res)
	return res, ok
}

func TestOpenCreatesDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	c, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if c.Dir() != dir {
		t.Errorf("Dir() = %q, want %q", c.Dir(), dir)
	}
	if info, err := os.Stat(dir); err != nil || !info.IsDir() {
		t.Errorf("Open did not create %s: %v", dir, err)
	}
}

func TestOpenErrors(t *testing.T) {
	if _, err := Open(""); err == nil {
		t.Error("Open(\"\") succeeded")
	}
	file := testkit.TempFile(t, "file", "x")
	if _, err := Open(file); err == nil {
		t.Error("Open of a regular file succeeded")
	}
}

func TestRoundTrip(t *testing.T) {
	c := openTemp(t)
	for _, res := range []*report.FileResult{
		sampleResult("k.cu", 3, ""),
		{Path: "clean.cu", Races: []*report.Race{}},
		{Path: "bad.cu", Races: []*report.Race{}, Error: "compile error: bad.cu:3:5: error: expected ';'", ErrorDetail: "bad.cu:3:5: error: expected ';'\n  x = 1\n       ^"},
	} {
		key := keyFor(res.Path)
		res.Timings.Solving = 3 // not stored
		mustPut(t, c, key, res)
		got, ok := get(c, key)
		if !ok {
			t.Fatalf("%s: Get missed after Put", res.Path)
		}
		if asJSON(t, got) != asJSON(t, res) {
			t.Errorf("%s: Get returned\n%s\nwant\n%s", res.Path, asJSON(t, got), asJSON(t, res))
		}
		if got.Timings != (report.Timings{}) {
			t.Errorf("%s: Timings = %+v, want zero", res.Path, got.Timings)
		}
	}
}

func TestEntryLayout(t *testing.T) {
	c := openTemp(t)
	key := keyFor("layout")
	mustPut(t, c, key, sampleResult("k.cu", 1, ""))
	data, err := os.ReadFile(filepath.Join(c.Dir(), key[:2], key+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var env map[string]json.RawMessage
	if err := json.Unmarshal(data, &env); err != nil {
		t.Fatal(err)
	}
	if string(env["format"]) != fmt.Sprint(formatVersion) || string(env["key"]) != `"`+key+`"` || env["result"] == nil {
		t.Errorf("entry is not a {format, key, result} envelope: %s", data)
	}
}

func TestPutReplaces(t *testing.T) {
	c := openTemp(t)
	key := keyFor("k")
	mustPut(t, c, key, sampleResult("k.cu", 1, "old"))
	want := sampleResult("k.cu", 2, "new")
	mustPut(t, c, key, want)
	if got, ok := get(c, key); !ok || asJSON(t, got) != asJSON(t, want) {
		t.Errorf("Get after two Puts = %v, %v; want the second result", got, ok)
	}
}

func TestMiss(t *testing.T) {
	c := openTemp(t)
	if res, ok := get(c, keyFor("absent")); ok || res != nil {
		t.Errorf("Get of an absent key = %v, %v", res, ok)
	}
}

func TestInvalidKeys(t *testing.T) {
	c := openTemp(t)
	for _, key := range []string{"", "ab", "../" + keyFor("x")[3:], strings.ToUpper(keyFor("x")), keyFor("x") + "0"} {
		if _, ok := get(c, key); ok {
			t.Errorf("Get(%q) hit", key)
		}
		if err := c.Put(key, sampleResult("k.cu", 1, ""), nil); err == nil {
			t.Errorf("Put(%q) succeeded", key)
		}
	}
}

func TestCorruptEntryIsMissAndRemoved(t *testing.T) {
	valid, err := encodeEntry(keyFor("k"), sampleResult("k.cu", 2, ""), nil)
	if err != nil {
		t.Fatal(err)
	}
	envelopeWith := func(format int, key string, result any) []byte {
		data, err := json.Marshal(map[string]any{"format": format, "key": key, "result": result})
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	cases := []struct {
		name    string
		content []byte
	}{
		{"empty", nil},
		{"truncated", valid[:len(valid)/2]},
		{"truncated by one byte", valid[:len(valid)-1]},
		{"garbage", []byte("\x00\xffnot json at all")},
		{"trailing garbage", append(append([]byte{}, valid...), "}{"...)},
		{"wrong key", envelopeWith(formatVersion, keyFor("other"), sampleResult("k.cu", 1, ""))},
		{"format mismatch", envelopeWith(formatVersion+1, keyFor("k"), sampleResult("k.cu", 1, ""))},
		{"no result", envelopeWith(formatVersion, keyFor("k"), nil)},
		{"result of the wrong type", envelopeWith(formatVersion, keyFor("k"), []int{1})},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cache := openTemp(t)
			key := keyFor("k")
			path := filepath.Join(cache.Dir(), key[:2], key+".json")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, c.content, 0o644); err != nil {
				t.Fatal(err)
			}
			if res, ok := get(cache, key); ok {
				t.Fatalf("Get of a corrupt entry hit: %s", asJSON(t, res))
			}
			if _, err := os.Stat(path); !os.IsNotExist(err) {
				t.Errorf("corrupt entry not removed: %v", err)
			}
			mustPut(t, cache, key, sampleResult("k.cu", 1, ""))
			if _, ok := get(cache, key); !ok {
				t.Error("Get missed after recomputing a corrupt entry")
			}
		})
	}
}

func TestUnreadableEntryIsMissAndRemoved(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any file")
	}
	c := openTemp(t)
	key := keyFor("k")
	mustPut(t, c, key, sampleResult("k.cu", 1, ""))
	path := filepath.Join(c.Dir(), key[:2], key+".json")
	if err := os.Chmod(path, 0); err != nil {
		t.Fatal(err)
	}
	if _, ok := get(c, key); ok {
		t.Fatal("Get of an unreadable entry hit")
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("unreadable entry not removed: %v", err)
	}
}

func TestDirectoryInPlaceOfEntryIsMiss(t *testing.T) {
	c := openTemp(t)
	key := keyFor("k")
	path := filepath.Join(c.Dir(), key[:2], key+".json")
	if err := os.MkdirAll(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, ok := get(c, key); ok {
		t.Fatal("Get of a directory hit")
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("directory in place of the entry not removed: %v", err)
	}
}

func entryFiles(t testing.TB, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestNoTemporaryFilesLeft(t *testing.T) {
	c := openTemp(t)
	for i := 0; i < 20; i++ {
		mustPut(t, c, keyFor(fmt.Sprint(i%5)), sampleResult("k.cu", 1, ""))
	}
	for _, f := range entryFiles(t, c.Dir()) {
		if strings.HasPrefix(filepath.Base(f), ".tmp-") {
			t.Errorf("temporary file left: %s", f)
		}
	}
}

func TestClean(t *testing.T) {
	c := openTemp(t)
	keys := []string{keyFor("a"), keyFor("b"), keyFor("c")}
	for _, key := range keys {
		mustPut(t, c, key, sampleResult("k.cu", 1, ""))
	}
	leftover := testkit.WriteFile(t, filepath.Join(c.Dir(), keys[0][:2]), ".tmp-123", "partial")
	foreign := testkit.WriteFile(t, c.Dir(), "README", "not an entry")
	if err := c.Clean(); err != nil {
		t.Fatal(err)
	}
	for _, key := range keys {
		if _, ok := get(c, key); ok {
			t.Errorf("entry %s survived Clean", key)
		}
	}
	if _, err := os.Stat(leftover); !os.IsNotExist(err) {
		t.Errorf("temporary file survived Clean: %v", err)
	}
	if _, err := os.Stat(foreign); err != nil {
		t.Errorf("Clean removed a file that is not the cache's: %v", err)
	}
	mustPut(t, c, keys[0], sampleResult("k.cu", 1, ""))
	if _, ok := get(c, keys[0]); !ok {
		t.Error("cache unusable after Clean")
	}
}

func TestDefaultDirHonoursEnv(t *testing.T) {
	want := filepath.Join(t.TempDir(), "custom")
	t.Setenv(EnvDir, want)
	if got, err := DefaultDir(); err != nil || got != want {
		t.Errorf("DefaultDir() = %q, %v; want %q", got, err, want)
	}
}

func TestDefaultDirFallsBackToUserCacheDir(t *testing.T) {
	t.Setenv(EnvDir, "")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	base, err := os.UserCacheDir()
	if err != nil {
		t.Skipf("no user cache directory: %v", err)
	}
	if got, err := DefaultDir(); err != nil || got != filepath.Join(base, "hgrd") {
		t.Errorf("DefaultDir() = %q, %v; want %q", got, err, filepath.Join(base, "hgrd"))
	}
}

func BenchmarkGetHit(b *testing.B) {
	c := openTemp(b)
	key := keyFor("bench")
	mustPut(b, c, key, sampleResult("kernels/reduce.cu", 4, ""))
	b.ReportAllocs()
	for b.Loop() {
		if _, ok := get(c, key); !ok {
			b.Fatal("miss")
		}
	}
}

func TestChangedInputIsMiss(t *testing.T) {
	c, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	header := filepath.Join(t.TempDir(), "k.cuh")
	if err := os.WriteFile(header, []byte("#define N 4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	key := NewKey("v").Sum()
	res := &report.FileResult{Path: "k.cu", Races: []*report.Race{}}
	if err := c.Put(key, res, []string{header}); err != nil {
		t.Fatal(err)
	}
	if _, ok := get(c, key); !ok {
		t.Fatal("miss with unchanged inputs")
	}
	if err := os.WriteFile(header, []byte("#define N 8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok := get(c, key); ok {
		t.Fatal("hit after an input changed")
	}
	if err := os.Remove(header); err != nil {
		t.Fatal(err)
	}
	if _, ok := get(c, key); ok {
		t.Fatal("hit after an input was removed")
	}
}
