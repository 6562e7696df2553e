package report

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// kernelSource is a source file of the HTML tests: line 10 has the
// inter-block write at column 5, line 13 a comparison with "<", line 14
// the intra-block read at column 12 after a tab.
const kernelSource = `// line 1
// line 2
// line 3
// line 4
// line 5
// line 6
// line 7
__global__ void scale(float *out, int n) {
    int i = threadIdx.x;
    out[threadIdx.x] = 1.0f;
}
__global__ void shift(float *t, int n) {
    if (i < n && n > 0) t[i] = 0;
	float x = t[i + 1];
}
`

// htmlResult returns a result whose files are in root: src/k.cu exists,
// src/gone.cu does not, src/bad.cu could not be analysed.
func htmlResult(root string) *Result {
	k := filepath.Join(root, "src", "k.cu")
	gone := filepath.Join(root, "src", "gone.cu")
	r := &Result{}
	f := r.AddFile(k)
	f.Races = append(f.Races,
		withMessage(scopedRace(k), "write-write race on global memory out (atomicAdd_block at k.cu:9:5 does not order threads of different blocks)"),
		&Race{Kind: IntraBlock, Memory: Shared, Object: "t", Kernel: "shift", Message: "race on <t> & co",
			First:  Access{File: k, Line: 13, Column: 26, Access: Write, Expr: "t[i]"},
			Second: Access{File: k, Line: 14, Column: 12, Access: Read, Expr: "t[i + 1]"}},
		&Race{Kind: IntraWarp, Memory: Shared, Object: "s",
			First:  Access{File: gone, Line: 3, Column: 1, Access: Write},
			Second: Access{File: gone, Line: 4, Column: 1, Access: Read}})
	f.Undecided = append(f.Undecided, &Undecided{
		First:  Access{File: k, Line: 13, Column: 26, Access: Write},
		Second: Access{File: k, Line: 14, Column: 12, Access: Read},
		Reason: "race query: timeout"})
	f.Incomplete = append(f.Incomplete, "call to helper without a body")
	bad := r.AddFile(filepath.Join(root, "src", "bad.cu"))
	bad.Error = "compile error: unknown type name 'x'"
	bad.ErrorDetail = "bad.cu:1:1: error: unknown type name 'x'\n"
	return r
}

// writeHTMLPage writes k.cu into a temporary root and renders htmlResult.
func writeHTMLPage(t *testing.T) (page, root string) {
	t.Helper()
	root = t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "src", "k.cu"), []byte(kernelSource), 0o644); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteHTML(&buf, htmlResult(root), HTMLOptions{Title: "nightly <scan>", Root: root, Version: "1.2.3"}); err != nil {
		t.Fatal(err)
	}
	return buf.String(), root
}

// TestHTMLExcerpts checks both accesses' excerpts, the highlighted lines,
// the carets and the escaping of the source.
func TestHTMLExcerpts(t *testing.T) {
	page, _ := writeHTMLPage(t)
	for _, want := range []string{
		`<div class="line"><span class="ln">9</span>    int i = threadIdx.x;</div>`,
		`<div class="line current"><span class="ln">10</span>    out[threadIdx.x] = 1.0f;</div>`,
		`<div class="line marker"><span class="ln"></span>    ^</div>`,
		`<div class="line current"><span class="ln">13</span>    if (i &lt; n &amp;&amp; n &gt; 0) t[i] = 0;</div>`,
		`<div class="line current"><span class="ln">14</span>` + "\tfloat x = t[i &#43; 1];</div>",
		`<div class="line marker"><span class="ln"></span>` + "\t          ^</div>",
		`write of <code>out[threadIdx.x]</code> at <code>src/k.cu:10:5</code> by <code>blockIdx=(1,0,0) threadIdx=(3,0,0)</code>`,
		`read of <code>t[i &#43; 1]</code> at <code>src/k.cu:14:12</code>`,
		`race on &lt;t&gt; &amp; co`,
		`<title>nightly &lt;scan&gt;</title>`,
		`<h3>write-write race on global memory out <span class="badge inter-block">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n := strings.Count(page, `class="line current"`); n != 4 {
		t.Errorf("%d highlighted lines, want 4 (two per race with a readable source)", n)
	}
	if n := strings.Count(page, "does not order threads"); n != 1 {
		t.Errorf("the scope note is shown %d times, want once", n)
	}
	if strings.Contains(page, `<span class="ln">16</span>`) {
		t.Error("the excerpt shows a line after the source's final newline")
	}
	if strings.Contains(page, "i < n") || strings.Contains(page, "<t>") {
		t.Error("source or message text is not escaped")
	}
	if n := strings.Count(page, "source not available"); n != 2 {
		t.Errorf("%d unavailable sources, want 2 (both accesses in gone.cu)", n)
	}
}

// TestHTMLWitnessAndProblems checks the witness, the counts, the section of
// what could not be analysed and the paths relative to the root.
func TestHTMLWitnessAndProblems(t *testing.T) {
	page, root := writeHTMLPage(t)
	for _, want := range []string{
		`<code>gridDim=(2,1,1) blockDim=(64,1,1)</code>`,
		`<dt>thread 1</dt><dd><code>blockIdx=(0,0,0) threadIdx=(3,0,0)</code></dd>`,
		`<dt>thread 2</dt><dd><code>blockIdx=(1,0,0) threadIdx=(3,0,0)</code></dd>`,
		`<dt>address</dt><dd><code>&amp;out[3]</code></dd>`,
		`<tr><td><code>n</code></td><td><code>128</code></td></tr>`,
		`<p class="scope">atomicAdd_block at k.cu:9:5 does not order threads of different blocks</p>`,
		`<tr><th>races</th><td>3</td></tr>`,
		`<tr><th>intra-warp</th><td>1</td></tr>`,
		`<tr><th>files not analysed</th><td class="bad">1</td></tr>`,
		`<a href="#race-2">`,
		`<article class="race" id="race-2">`,
		`<li><code>src/bad.cu</code>: compile error: unknown type name &#39;x&#39;`,
		`<code>src/k.cu:13:26</code> and <code>src/k.cu:14:12</code>: race query: timeout`,
		`<li><code>src/k.cu</code>: call to helper without a body</li>`,
		`Generated by hgrd 1.2.3.`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(page, root) {
		t.Error("page shows a path inside the root as absolute")
	}
}

// TestHTMLSelfContained checks that the page loads nothing from elsewhere
// and that its elements are balanced.
func TestHTMLSelfContained(t *testing.T) {
	page, _ := writeHTMLPage(t)
	for _, banned := range []string{"http://", "https://", "<link", "<script", "<img", "@import", "url("} {
		if strings.Contains(page, banned) {
			t.Errorf("page contains %q", banned)
		}
	}
	if !strings.HasPrefix(page, "<!DOCTYPE html>") {
		t.Error("page lacks its doctype")
	}
	if err := checkBalanced(page); err != nil {
		t.Error(err)
	}
}

// TestHTMLReadFile checks the ReadFile option, relative paths read from
// the root, and a source that cannot be read.
func TestHTMLReadFile(t *testing.T) {
	root := filepath.FromSlash("/scan/root")
	var asked []string
	read := func(path string) ([]byte, error) {
		asked = append(asked, path)
		if filepath.Base(path) == "k.cu" {
			return []byte(kernelSource), nil
		}
		return nil, errors.New("no such file")
	}
	r := &Result{}
	f := r.AddFile("k.cu")
	f.Races = append(f.Races, &Race{Kind: IntraBlock, Memory: Shared,
		First:  Access{File: "k.cu", Line: 10, Column: 5, Access: Write},
		Second: Access{File: "other.cu", Line: 2, Column: 1, Access: Read}})
	var buf bytes.Buffer
	if err := WriteHTML(&buf, r, HTMLOptions{Root: root, ReadFile: read}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if want := filepath.Join(root, "k.cu"); len(asked) != 2 || asked[0] != want {
		t.Errorf("read %q, want %q first", asked, want)
	}
	if !strings.Contains(page, `<span class="ln">10</span>    out[threadIdx.x]`) || strings.Count(page, "source not available") != 1 {
		t.Errorf("page has the wrong excerpts:\n%s", page)
	}
	if !strings.Contains(page, "<title>hgrd report</title>") {
		t.Error("an empty title is not replaced by the default")
	}
}

// TestCaret checks that the caret lines up under tabs and past the end.
func TestCaret(t *testing.T) {
	tests := []struct {
		text string
		col  int
		want string
	}{
		{"x = 1;", 1, "^"},
		{"\tx = 1;", 2, "\t^"},
		{"\t  s[i] = 1;", 6, "\t    ^"},
		{"ab", 9, "  ^"},
		{"ab", 0, "^"},
	}
	for _, tt := range tests {
		if got := caret(tt.text, tt.col); got != tt.want {
			t.Errorf("caret(%q, %d) = %q, want %q", tt.text, tt.col, got, tt.want)
		}
	}
}

// htmlTag matches an opening or closing tag.
var htmlTag = regexp.MustCompile(`<(/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>`)

// voidElements have no closing tag.
var voidElements = map[string]bool{"meta": true, "br": true, "hr": true, "img": true, "input": true, "link": true, "wbr": true}

// checkBalanced reports an error unless every element the page opens is
// closed in order; the page's template closes every element explicitly.
func checkBalanced(page string) error {
	var open []string
	for _, m := range htmlTag.FindAllStringSubmatch(page, -1) {
		closing, name := m[1] == "/", strings.ToLower(m[2])
		switch {
		case voidElements[name]:
		case !closing:
			open = append(open, name)
		case len(open) == 0 || open[len(open)-1] != name:
			return errors.New("</" + name + "> closes " + strings.Join(open, " > "))
		default:
			open = open[:len(open)-1]
		}
	}
	if len(open) != 0 {
		return errors.New("unclosed: " + strings.Join(open, " > "))
	}
	return nil
}
