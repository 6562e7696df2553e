package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// brokenKernel does not compile: hgrd reports a file-level error and
// repeats clang's error, at brokenError, indented under it.
const brokenKernel = `__global__ void k(int *a) {
  a[0] = x;
}
`

// brokenError is the position, "line:col", of brokenKernel's compile error.
const brokenError = "2:10"

// diagnostic is one problem as an editor shows it. Line and Col are 0 for
// a problem of a whole file; Type is 'E', 'W' or 'N' (error, warning, note).
type diagnostic struct {
	File      string
	Line, Col int
	Type      byte
	Text      string
}

func (d diagnostic) String() string {
	return fmt.Sprintf("%c %s:%d:%d %q", d.Type, d.File, d.Line, d.Col, d.Text)
}

// TestEditor checks the editor integrations of docs/ against real hgrd
// output (a racy file and one that does not compile): the Vim compiler
// plugin docs/hgrd.vim, through Vim's quickfix list, and the problem
// matchers of docs/vscode-tasks.json, applied with Go's regexp (their
// regexps are in the syntax common to JavaScript and Go).
func TestEditor(t *testing.T) {
	start := time.Now()
	root := repoRoot(t)
	bin := buildHgrd(t, root)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"racy.cu": racyKernel, "broken.cu": brokenKernel})
	// :make reads standard output and error together, as this does.
	output, err := runErr(dir, os.Environ(), bin, "check", "racy.cu", "broken.cu")
	if code := exitCode(err); code != 2 {
		t.Fatalf("hgrd check racy.cu broken.cu: exit status %d (%v), want 2; output:\n%s", code, err, output)
	}
	want := expectedDiagnostics(output)
	for _, d := range []diagnostic{
		{"racy.cu", line(racyRace), col(racyRace), 'W', "write-read race"},
		{"racy.cu", line(racyRace) + 1, 35, 'N', "conflicting read"},
		{"racy.cu", line(racyRace), col(racyRace), 'N', "witness"},
		{"broken.cu", 0, 0, 'E', "compile error"},
		{"broken.cu", line(brokenError), col(brokenError), 'E', "use of undeclared identifier 'x'"},
	} {
		if !containsDiagnostic(want, d) {
			t.Fatalf("hgrd's output has no %v (has the output format changed?):\n%s", d, output)
		}
	}

	t.Run("vim", func(t *testing.T) {
		if _, err := exec.LookPath("vim"); err != nil {
			if testing.Short() {
				t.Skip("vim is not on PATH")
			}
			t.Fatal("vim is not on PATH: run scripts/setup.sh, which installs what the tests need")
		}
		rtp := filepath.Join(t.TempDir(), "vimfiles")
		if err := copyFile(filepath.Join(root, "docs", "hgrd.vim"), filepath.Join(rtp, "compiler", "hgrd.vim")); err != nil {
			t.Fatal(err)
		}
		outFile := filepath.Join(dir, "hgrd.out")
		if err := os.WriteFile(outFile, []byte(output), 0o644); err != nil {
			t.Fatal(err)
		}
		got, efm := vimQuickfix(t, dir, rtp, "", "cgetfile "+outFile)
		compareDiagnostics(t, "the quickfix list of :cgetfile", got, want)
		// docs/editors.md shows the same settings by hand and for nvim-lint.
		doc := readDoc(t, root, "editors.md")
		for _, set := range compilerSets(readDoc(t, root, "hgrd.vim")) {
			if local := "setlocal " + set; !strings.Contains(doc, local) {
				t.Errorf("docs/editors.md lacks the setting of docs/hgrd.vim\n%s", local)
			}
		}
		if lua := "[[" + efm + "]]"; !strings.Contains(doc, lua) {
			t.Errorf("docs/editors.md lacks the errorformat of docs/hgrd.vim as a Lua string %s", lua)
		}

		// :make runs the makeprg of the plugin on the current file. The
		// witnesses of this second analysis may differ: compare positions.
		path := filepath.Dir(bin) + string(os.PathListSeparator) + os.Getenv("PATH")
		got, _ = vimQuickfix(t, dir, rtp, "racy.cu", "let $PATH = "+vimString(path), "silent make")
		var wantRacy []diagnostic
		for _, d := range want {
			if d.File == "racy.cu" {
				wantRacy = append(wantRacy, d)
			}
		}
		compareDiagnostics(t, "the quickfix list of :make in racy.cu", withoutText(got), withoutText(wantRacy))
	})

	t.Run("vscode", func(t *testing.T) {
		matchers := vscodeMatchers(t, filepath.Join(root, "docs", "vscode-tasks.json"))
		doc := readDoc(t, root, "editors.md")
		for _, m := range matchers {
			quoted, _ := json.Marshal(m.Pattern.Regexp)
			if !strings.Contains(doc, string(quoted[1:len(quoted)-1])) {
				t.Errorf("docs/editors.md does not show the regexp %s of docs/vscode-tasks.json", quoted)
			}
		}
		var got []diagnostic
		for _, l := range strings.Split(output, "\n") {
			var found []diagnostic
			for _, m := range matchers {
				if d, ok := m.match(l); ok {
					found = append(found, d)
				}
			}
			if len(found) > 1 {
				t.Errorf("several problem matchers match %q: %v", l, found)
			}
			got = append(got, found...)
		}
		compareDiagnostics(t, "the problems of the VS Code task", got, want)
	})
	t.Logf("editor tests took %v", time.Since(start).Round(time.Millisecond))
}

// buildHgrd builds cmd/hgrd of the repository at root into a temporary
// directory and returns the binary's path.
func buildHgrd(t *testing.T, root string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "hgrd")
	if out, err := runErr(root, os.Environ(), "go", "build", "-o", bin, "./cmd/hgrd"); err != nil {
		t.Fatalf("go build ./cmd/hgrd: %v\n%s", err, out)
	}
	return bin
}

// exitCode returns the exit status of a command that returned err.
func exitCode(err error) int {
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// expectedDiagnostics returns the problems an editor should find in hgrd's
// text output, read without regular expressions: each line, indented or
// not, "FILE:LINE:COL: SEVERITY: MESSAGE", and each unindented line
// "FILE: SEVERITY: MESSAGE" where FILE has no colon.
func expectedDiagnostics(output string) []diagnostic {
	var ds []diagnostic
	for _, l := range strings.Split(output, "\n") {
		trimmed := strings.TrimLeft(l, " \t")
		at, sev := -1, ""
		for _, s := range []string{"error", "warning", "note"} {
			if i := strings.Index(trimmed, ": "+s+": "); i >= 0 && (at < 0 || i < at) {
				at, sev = i, s
			}
		}
		if at < 0 {
			continue
		}
		d := diagnostic{Type: sev[0] - 'a' + 'A', Text: trimmed[at+len(": "+sev+": "):]}
		prefix := trimmed[:at]
		if ln, c, ok := splitPos(prefix); ok {
			d.File, d.Line, d.Col = ln, line(c), col(c)
		} else if !strings.Contains(prefix, ":") && trimmed == l && d.Type != 'N' {
			d.File = prefix
		} else {
			continue
		}
		ds = append(ds, d)
	}
	return ds
}

// splitPos splits "FILE:LINE:COL" into FILE and "LINE:COL".
func splitPos(s string) (file, pos string, ok bool) {
	i := strings.LastIndex(s, ":")
	if i < 0 {
		return "", "", false
	}
	j := strings.LastIndex(s[:i], ":")
	if j <= 0 {
		return "", "", false
	}
	if _, err := strconv.Atoi(s[j+1 : i]); err != nil {
		return "", "", false
	}
	if _, err := strconv.Atoi(s[i+1:]); err != nil {
		return "", "", false
	}
	return s[:j], s[j+1:], true
}

// line and col return the numbers of a "LINE:COL" position.
func line(pos string) int { n, _ := strconv.Atoi(strings.SplitN(pos, ":", 2)[0]); return n }
func col(pos string) int  { n, _ := strconv.Atoi(strings.SplitN(pos, ":", 2)[1]); return n }

// containsDiagnostic reports whether ds has d, whose Text is a prefix.
func containsDiagnostic(ds []diagnostic, d diagnostic) bool {
	for _, e := range ds {
		if e.File == d.File && e.Line == d.Line && e.Col == d.Col && e.Type == d.Type && strings.HasPrefix(e.Text, d.Text) {
			return true
		}
	}
	return false
}

// compareDiagnostics fails unless got and want are the same list.
func compareDiagnostics(t *testing.T, what string, got, want []diagnostic) {
	t.Helper()
	ok := len(got) == len(want)
	for i := 0; ok && i < len(got); i++ {
		ok = got[i] == want[i]
	}
	if !ok {
		t.Errorf("%s differs from hgrd's output:\ngot:\n%s\nwant:\n%s", what, listDiagnostics(got), listDiagnostics(want))
	}
}

func listDiagnostics(ds []diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "\t%v\n", d)
	}
	return b.String()
}

// withoutText returns ds with no texts.
func withoutText(ds []diagnostic) []diagnostic {
	var out []diagnostic
	for _, d := range ds {
		d.Text = ""
		out = append(out, d)
	}
	return out
}

// vimQuickfix runs Vim in Ex mode in dir with rtp in front of its
// runtimepath, edits file (unless it is ""), selects the hgrd compiler
// plugin for its buffer, runs the commands and returns the quickfix list.
// Each entry must be valid: the plugin's errorformat drops the lines that
// are no problem. It also returns the buffer's errorformat.
func vimQuickfix(t *testing.T, dir, rtp, file string, commands ...string) ([]diagnostic, string) {
	t.Helper()
	jsonFile := filepath.Join(t.TempDir(), "qf.json")
	script := []string{"set runtimepath^=" + strings.ReplaceAll(rtp, " ", `\ `)}
	if file != "" {
		script = append(script, "edit "+file)
	}
	script = append(script, "compiler hgrd")
	script = append(script, commands...)
	script = append(script,
		"call writefile([json_encode({'efm': &l:errorformat, 'items': map(getqflist(), {_, e -> extend(e, {'filename': bufname(e.bufnr)})})})], "+vimString(jsonFile)+")",
		"qall!")
	scriptFile := filepath.Join(t.TempDir(), "test.vim")
	if err := os.WriteFile(scriptFile, []byte(strings.Join(script, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runErr(dir, os.Environ(), "vim", "-Nu", "NONE", "-i", "NONE", "-es", "-S", scriptFile)
	data, readErr := os.ReadFile(jsonFile)
	if readErr != nil {
		t.Fatalf("vim wrote no quickfix list (%v, %v); script:\n%s\noutput:\n%s", err, readErr, strings.Join(script, "\n"), out)
	}
	var qf struct {
		Efm   string
		Items []struct {
			Filename  string
			Lnum, Col int
			Type      string
			Text      string
			Valid     int
		}
	}
	if err := json.Unmarshal(data, &qf); err != nil {
		t.Fatalf("quickfix list %s: %v", data, err)
	}
	var ds []diagnostic
	for _, it := range qf.Items {
		if it.Valid != 1 || len(it.Type) != 1 {
			t.Errorf("invalid quickfix entry %+v", it)
			continue
		}
		ds = append(ds, diagnostic{it.Filename, it.Lnum, it.Col, it.Type[0], it.Text})
	}
	return ds, qf.Efm
}

// compilerSets returns the arguments of the CompilerSet commands of a Vim
// script, each with its continuation lines.
func compilerSets(script string) []string {
	var sets []string
	for _, l := range strings.Split(script, "\n") {
		if set, ok := strings.CutPrefix(l, "CompilerSet "); ok {
			sets = append(sets, set)
		} else if len(sets) > 0 && strings.HasPrefix(strings.TrimLeft(l, " "), "\\") {
			sets[len(sets)-1] += "\n" + l
		}
	}
	return sets
}

// readDoc returns the content of docs/name.
func readDoc(t *testing.T, root, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "docs", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// vimString quotes s as a Vim string literal.
func vimString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// problemMatcher is a problem matcher of a VS Code task with one pattern.
type problemMatcher struct {
	Owner   string
	Pattern struct {
		Regexp                                string
		Kind                                  string
		File, Line, Column, Severity, Message int
	}
	re *regexp.Regexp
}

// match applies the matcher to a line of output.
func (m *problemMatcher) match(l string) (diagnostic, bool) {
	sub := m.re.FindStringSubmatch(l)
	if sub == nil {
		return diagnostic{}, false
	}
	p := m.Pattern
	group := func(i int) string {
		if i <= 0 || i >= len(sub) {
			return ""
		}
		return sub[i]
	}
	d := diagnostic{File: group(p.File), Text: group(p.Message)}
	if sev := group(p.Severity); sev != "" {
		d.Type = sev[0] - 'a' + 'A'
	}
	if p.Kind != "file" {
		d.Line, _ = strconv.Atoi(group(p.Line))
		d.Col, _ = strconv.Atoi(group(p.Column))
	}
	return d, true
}

// jsOnly finds regexp syntax that Go accepts and JavaScript does not (or
// reads otherwise): inline flags and named groups, \A \z \Q \p, and POSIX
// classes.
var jsOnly = regexp.MustCompile(`\(\?[^:=!]|\\[AzQpP]|\[\[:`)

// vscodeMatchers reads the problem matchers of the "hgrd check" task in a
// tasks.json, a plain JSON file, and checks the task runs hgrd check on the
// current file.
func vscodeMatchers(t *testing.T, path string) []*problemMatcher {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var tasks struct {
		Tasks []struct {
			Label          string
			Command        string
			Args           []string
			ProblemMatcher json.RawMessage
		}
	}
	if err := json.Unmarshal(data, &tasks); err != nil {
		t.Fatalf("%s is not plain JSON: %v", path, err)
	}
	if len(tasks.Tasks) != 1 {
		t.Fatalf("%s: %d tasks, want 1", path, len(tasks.Tasks))
	}
	task := tasks.Tasks[0]
	if task.Command != "hgrd" || strings.Join(task.Args, " ") != "check ${file}" {
		t.Errorf("task %q runs %s %q, want hgrd check ${file}", task.Label, task.Command, task.Args)
	}
	var matchers []*problemMatcher
	if err := json.Unmarshal(task.ProblemMatcher, &matchers); err != nil {
		t.Fatalf("%s: problemMatcher is not a list of matchers with one pattern each: %v", path, err)
	}
	for _, m := range matchers {
		if m.Owner != "hgrd" {
			t.Errorf("problem matcher owner %q, want hgrd", m.Owner)
		}
		if js := jsOnly.FindString(m.Pattern.Regexp); js != "" {
			t.Errorf("regexp %q uses %q, which JavaScript reads otherwise", m.Pattern.Regexp, js)
		}
		if m.re, err = regexp.Compile(m.Pattern.Regexp); err != nil {
			t.Fatalf("regexp of a problem matcher: %v", err)
		}
	}
	return matchers
}
