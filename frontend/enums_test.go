package frontend_test

import (
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"

	"hgrd/frontend"
	"hgrd/internal/testkit"
)

func TestEnumParametersHoldTheirEnumeratorsRange(t *testing.T) {
	u := testkit.Load(t, "testdata/enums.cu")
	want := map[string][]frontend.ParamRange{
		"modes": {
			{Index: 1, Type: "Mode", Lo: 0, Hi: 2},
			{Index: 2, Type: "ns::Dir", Lo: -1, Hi: 4},
			{Index: 3, Type: "Flags", Lo: 0, Hi: 7}, // flags combine
			{Index: 5, Type: "ns::Options::Level", Lo: 10, Hi: 20},
		},
		"nested": {{Index: 1, Type: "ns::Dir", Lo: -1, Hi: 4}},
		"plain":  nil,
	}
	for name, w := range want {
		k := u.Kernel(name)
		if k == nil {
			t.Fatalf("no kernel %s in %v", name, u.KernelNames())
		}
		if diff := cmp.Diff(w, k.ParamRanges); diff != "" {
			t.Errorf("%s: ParamRanges (-want +got):\n%s", name, diff)
		}
	}
}

// TestASTDeclLineMatchesTheDumpGrammar checks the scanner of AST dump
// lines against the grammar it replaces, written as a regexp: tree
// prefix, branch, kind, address, rest.
func TestASTDeclLineMatchesTheDumpGrammar(t *testing.T) {
	grammar := regexp.MustCompile(`^([| ` + "`" + `]*)[|` + "`" + `]-(\w+) 0x[0-9a-f]+ (.*)$`)
	lines := []string{
		"TranslationUnitDecl 0x55d0c8a0e8 <<invalid sloc>> <invalid sloc>",
		"|-TypedefDecl 0x55d0c8a9a0 <<invalid sloc>> <invalid sloc> implicit __int128_t '__int128'",
		"| `-BuiltinType 0x55d0c8a680 '__int128'",
		"`-FunctionDecl 0x55d0c8 <a.cu:3:1, line:5:1> line:3:17 f 'void (int)'",
		"| | |-CUDAGlobalAttr 0x1 <col:3>",
		"|   `-EnumConstantDecl 0xabc <line:2:3> col:3 Red 'Color'",
		"|     `-value: Int 4",
		"| |-NonTypeTemplateParmDecl 0x12 <col:11, col:15> col:15 'int' depth 0 index 0 N",
		"  `-IntegerLiteral 0x9 <col:5> 'int' 0",
		" -NoBranch 0x1 x",
		"|-0x12 rest",
		"|-Kind 0x rest",
		"|-Kind 0x12",
		"|-Kind 0xZZ rest",
		"|-Kind 0x12 ",
		"",
		"|",
		"|-",
	}
	for _, line := range lines {
		depth, kind, rest, ok := frontend.ASTDeclLine(line)
		m := grammar.FindStringSubmatch(line)
		if ok != (m != nil) {
			t.Errorf("%q: scanner says %v, grammar %v", line, ok, m != nil)
			continue
		}
		if m == nil {
			continue
		}
		if want := len(m[1])/2 + 1; depth != want || kind != m[2] || rest != m[3] {
			t.Errorf("%q: scanner (%d, %q, %q), grammar (%d, %q, %q)", line, depth, kind, rest, want, m[2], m[3])
		}
	}
}
