// This file defines the analysis of kernel templates that a file never
// instantiates (a header-style library kernel): clang emits no code for
// them, so the device side is compiled from a wrapper that includes the
// file and takes the address of an instance of each, for types its body
// accepts.

package frontend

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// A kernelTemplate is a __global__ function template of the main file
// that the file does not instantiate.
type kernelTemplate struct {
	name   string
	params []templateParam
}

// A templateParam is one parameter of a kernel template.
type templateParam struct {
	typeParam bool   // a type; otherwise a value of type typ
	typ       string // the type of a value parameter, as clang prints it
}

// candidateTypes are tried, in order, for every type parameter.
var candidateTypes = []string{"int", "float"}

// valueFor returns the argument tried for a value parameter of a type: a
// block-sized 256 for integers, true for bool.
func valueFor(typ string) string {
	if typ == "bool" {
		return "true"
	}
	return "256"
}

// args returns the template arguments of an instance: ty for every type
// parameter.
func (t kernelTemplate) args(ty string) string {
	var as []string
	for _, p := range t.params {
		if p.typeParam {
			as = append(as, ty)
		} else {
			as = append(as, valueFor(p.typ))
		}
	}
	return t.name + "<" + strings.Join(as, ", ") + ">"
}

// instantiate returns the source of a wrapper that includes path and
// instantiates each of its uninstantiated kernel templates with the first
// candidate type that compiles, what it instantiated (for notes), and the
// templates no candidate fits. Files that mention no template are left
// alone at no cost; "" means no wrapper is needed.
func (l *Loader) instantiate(ctx context.Context, cfg Config, path string, ast *astDump) (wrapper string, done, failed []string) {
	src, err := os.ReadFile(path)
	if err != nil || !declaresKernelTemplate(string(src)) {
		return "", nil, nil
	}
	templates := uninstantiated(ast)
	if len(templates) == 0 {
		return "", nil, nil
	}
	abs, _ := filepath.Abs(path)
	var lines []string
	for i, t := range templates {
		fitted := false
		for _, ty := range candidateTypes {
			line := fmt.Sprintf("static void *__hgrd_instance_%d = (void *)&%s;", i, t.args(ty))
			if l.compiles(ctx, cfg, path, abs, append(append([]string(nil), lines...), line)) {
				lines = append(lines, line)
				done = append(done, t.args(ty))
				fitted = true
				break
			}
		}
		if !fitted {
			failed = append(failed, fmt.Sprintf("kernel template %s: no instantiation in the file, and none of %s fits it",
				t.name, strings.Join(candidateTypes, ", ")))
		}
	}
	if len(lines) == 0 {
		return "", nil, failed
	}
	return wrapperSource(abs, lines), done, failed
}

// declaresKernelTemplate reports whether a source file may declare a
// kernel template: a template head followed, before the declaration's
// first ';', '{' or '}', by __global__ or by a macro the file defines to
// hold it. A file that uses thrust mentions both words without one; the
// AST dump that lists kernel templates then costs a second parse of
// every header (hecbench-dev's strash.cu: a 90 MB dump, 2.4 s of clang
// before the compiles start).
func declaresKernelTemplate(src string) bool {
	if !strings.Contains(src, "template") || !strings.Contains(src, "__global__") {
		return false
	}
	markers := append([]string{"__global__"}, globalMacros(src)...)
	for rest := src; ; {
		i := templateWord.FindStringIndex(rest)
		if i == nil {
			return false
		}
		rest = rest[i[1]:]
		head := rest
		if end := strings.IndexAny(rest, ";{}"); end >= 0 {
			head = rest[:end]
		}
		for _, m := range markers {
			if containsWord(head, m) {
				return true
			}
		}
	}
}

// templateWord matches the keyword template.
var templateWord = regexp.MustCompile(`\btemplate\b`)

// globalDefine matches a macro definition that holds __global__, such as
// "#define KERNEL __global__ static".
var globalDefine = regexp.MustCompile(`(?m)^\s*#\s*define\s+(\w+)\b[^\n]*\b__global__\b`)

// globalMacros returns the names of the macros src defines to hold
// __global__.
func globalMacros(src string) []string {
	var names []string
	for _, m := range globalDefine.FindAllStringSubmatch(src, -1) {
		names = append(names, m[1])
	}
	return names
}

// containsWord reports whether s holds word as a whole word.
func containsWord(s, word string) bool {
	for i := strings.Index(s, word); i >= 0; {
		end := i + len(word)
		before := i == 0 || !isWordByte(s[i-1])
		after := end == len(s) || !isWordByte(s[end])
		if before && after {
			return true
		}
		next := strings.Index(s[i+1:], word)
		if next < 0 {
			return false
		}
		i += 1 + next
	}
	return false
}

// wrapperSource returns a file that includes the file at abs and adds
// lines.
func wrapperSource(abs string, lines []string) string {
	return fmt.Sprintf("#include %q\n%s\n", abs, strings.Join(lines, "\n"))
}

// compiles reports whether the file with the given added lines compiles
// on the device side.
func (l *Loader) compiles(ctx context.Context, cfg Config, path, abs string, lines []string) bool {
	w, err := l.writeWrapper(path, wrapperSource(abs, lines))
	if err != nil {
		return false
	}
	defer os.Remove(w)
	args := append(l.syntaxArgs(cfg, w), "-fsyntax-only")
	_, _, err = run(ctx, l.clang, args, nil)
	return err == nil
}

// writeWrapper writes a wrapper source beside the prelude and returns its
// path.
func (l *Loader) writeWrapper(path, src string) (string, error) {
	f, err := os.CreateTemp(l.preludeDir, "instance-*-"+filepath.Base(path))
	if err != nil {
		return "", err
	}
	defer f.Close()
	_, err = f.WriteString(src)
	return f.Name(), err
}

// syntaxArgs returns clang's arguments for the device side of path,
// without output.
func (l *Loader) syntaxArgs(cfg Config, path string) []string {
	args := l.clangArgs(cfg, Device, path, "")
	args = args[:len(args)-2] // "-o", "-"
	var out []string
	for _, a := range args {
		if a != "-S" && a != "-emit-llvm" {
			out = append(out, a)
		}
	}
	return out
}

// astDeclLine splits a node line of clang's text AST dump, such as
//
//	| |-FunctionDecl 0x55d0c8 <a.cu:3:1, line:5:1> line:3:17 f 'void (int)'
//
// into its depth in the tree (1 for the top level's children), its kind
// and the rest after the node's address. It is a hand-written scanner,
// not a regexp: a dump has tens of thousands of lines, and a backtracking
// match of each took a quarter of a small file's analysis.
func astDeclLine(line string) (depth int, kind, rest string, ok bool) {
	i := 0
	for i < len(line) && (line[i] == '|' || line[i] == ' ' || line[i] == '`') {
		i++
	}
	// The prefix ends with "|-" or "`-": the last of its characters is
	// the branch.
	if i == 0 || i >= len(line) || line[i] != '-' || line[i-1] == ' ' {
		return 0, "", "", false
	}
	depth = (i-1)/2 + 1
	j := i + 1
	for j < len(line) && isWordByte(line[j]) {
		j++
	}
	if j == i+1 || !strings.HasPrefix(line[j:], " 0x") {
		return 0, "", "", false
	}
	kind = line[i+1 : j]
	k := j + 3
	for k < len(line) && isHexDigit(line[k]) {
		k++
	}
	if k == j+3 || k >= len(line) || line[k] != ' ' {
		return 0, "", "", false
	}
	return depth, kind, line[k+1:], true
}

// isWordByte reports whether c may be part of an identifier.
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f'
}

// astFile matches the file of a source range in an AST dump line.
var astFile = regexp.MustCompile(`<([^:<>]+\.\w+):\d+:\d+`)

// An astDump is clang's text AST dump of a file's device side, made at
// most once per load, when first asked for.
type astDump struct {
	l    *Loader
	ctx  context.Context
	cfg  Config
	path string

	done bool
	text string
	err  error
	took time.Duration // clang's time making the dump
}

// get returns the dump, running clang the first time.
func (a *astDump) get() (string, error) {
	if !a.done {
		args := append(a.l.syntaxArgs(a.cfg, a.path), "-fsyntax-only", "-Xclang", "-ast-dump", "-fno-color-diagnostics")
		start := time.Now()
		out, _, err := run(a.ctx, a.l.clang, args, nil)
		a.done, a.text, a.err, a.took = true, string(out), err, time.Since(start)
	}
	return a.text, a.err
}

// uninstantiated lists the main file's kernel templates without an
// instance, from clang's AST of the device side.
func uninstantiated(ast *astDump) []kernelTemplate {
	dump, err := ast.get()
	if err != nil {
		return nil
	}
	return parseTemplates(dump, ast.path)
}

// parseTemplates reads clang's text AST dump for the top-level function
// templates of file that carry __global__ and have no specialization.
func parseTemplates(dump, file string) []kernelTemplate {
	var out []kernelTemplate
	var cur *kernelTemplate
	var funcs int
	global, inMain := false, false
	currentFile := ""
	flush := func() {
		if cur != nil && inMain && global && funcs == 1 {
			out = append(out, *cur)
		}
		cur = nil
	}
	sc := bufio.NewScanner(strings.NewReader(dump))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		if m := astFile.FindStringSubmatch(line); m != nil {
			currentFile = m[1]
		}
		depth, kind, rest, ok := astDeclLine(line)
		if !ok {
			continue
		}
		switch {
		case depth == 1:
			flush()
			if kind == "FunctionTemplateDecl" {
				fields := strings.Fields(rest)
				cur = &kernelTemplate{name: fields[len(fields)-1]}
				funcs, global = 0, false
				inMain = filepath.Base(currentFile) == filepath.Base(file)
			}
		case cur == nil:
		case depth == 2 && kind == "TemplateTypeParmDecl":
			cur.params = append(cur.params, templateParam{typeParam: true})
		case depth == 2 && kind == "NonTypeTemplateParmDecl":
			typ := ""
			if q := regexp.MustCompile(`'([^']*)'`).FindStringSubmatch(rest); q != nil {
				typ = q[1]
			}
			cur.params = append(cur.params, templateParam{typ: typ})
		case depth == 2 && kind == "FunctionDecl":
			funcs++
		case depth == 3 && kind == "CUDAGlobalAttr" && funcs == 1:
			global = true
		}
	}
	flush()
	return out
}
