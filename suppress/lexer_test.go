package suppress

import (
	"reflect"
	"testing"
)

func TestScanCommentsSkipsLiterals(t *testing.T) {
	cases := []struct {
		name string
		src  string
		want []string
	}{
		{"line and block", "a; // one\nb; /* two */ c;", []string{"// one", "/* two */"}},
		{"string", `p("// no /* no */"); // yes`, []string{"// yes"}},
		{"escaped quote", `p("\" // no"); // yes`, []string{"// yes"}},
		{"char quote", `c = '"'; // yes "`, []string{`// yes "`}},
		{"char escape", `c = '\''; // yes`, []string{"// yes"}},
		{"prefixed char", `c = u8'"'; // yes`, []string{"// yes"}},
		{"digit separator", `n = 1'000; // yes '`, []string{"// yes '"}},
		{"hex digit separator", `n = 0xff'ff; // yes`, []string{"// yes"}},
		{"raw string", `s = R"x(// no ")" /* no */)x"; // yes`, []string{"// yes"}},
		{"prefixed raw string", `s = u8R"(// no)"; // yes`, []string{"// yes"}},
		{"raw string over lines", "s = R\"(\n// no\n)\"; // yes", []string{"// yes"}},
		{"not a raw string", `s = BAR"// no"; // yes`, []string{"// yes"}},
		{"unterminated string ends at its line", "p(\"// no\n// yes", []string{"// yes"}},
		{"spliced line comment", "// one \\\n still one\nx; // two", []string{"// one \\\n still one", "// two"}},
		{"unterminated block", "x; /* open", []string{"/* open"}},
		{"slashes in block", "/* a // b */ c; // d", []string{"/* a // b */", "// d"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, comment := range scanComments([]byte(c.src)) {
				got = append(got, comment.text)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("comments %q, want %q", got, c.want)
			}
		})
	}
}

func TestScanCommentsPositionsAndAloneness(t *testing.T) {
	src := "x = 1; // after code\n" +
		"\t// alone\n" +
		"/* a */ // two on a line\n" +
		"  /* over\n  lines */\n" +
		"/* before */ y = 2;\n"
	want := []comment{
		{text: "// after code", line: 1, column: 8, endLine: 1, alone: false},
		{text: "// alone", line: 2, column: 2, endLine: 2, alone: true},
		{text: "/* a */", line: 3, column: 1, endLine: 3, alone: true},
		{text: "// two on a line", line: 3, column: 9, endLine: 3, alone: true},
		{text: "/* over\n  lines */", line: 4, column: 3, endLine: 5, alone: true},
		{text: "/* before */", line: 6, column: 1, endLine: 6, alone: false},
	}
	if got := scanComments([]byte(src)); !reflect.DeepEqual(got, want) {
		t.Errorf("comments\n%+v\nwant\n%+v", got, want)
	}
}

func TestParseIgnore(t *testing.T) {
	cases := []struct {
		text   string
		ok     bool
		kinds  []string
		reason string
	}{
		{"// hgrd:ignore  benign   race ", true, nil, "benign race"},
		{"//hgrd:ignore", true, nil, ""},
		{"/// hgrd:ignore doc", true, nil, "doc"},
		{"/** hgrd:ignore starred */", true, nil, "starred"},
		{"/*\n * hgrd:ignore over lines\n */", true, nil, "over lines"},
		{"// hgrd:ignore[intra-warp] lanes agree", true, []string{"intra-warp"}, "lanes agree"},
		{"// hgrd:ignore[ bogus ] why", true, []string{}, "why"},
		{"// hgrd:ignorex", false, nil, ""},
		{"// nothing to see", false, nil, ""},
	}
	for _, c := range cases {
		ig, ok := parseIgnore(comment{text: c.text})
		if ok != c.ok {
			t.Errorf("%q: ok %v, want %v", c.text, ok, c.ok)
			continue
		}
		if ok && (!reflect.DeepEqual(ig.kinds, c.kinds) || ig.reason != c.reason) {
			t.Errorf("%q: kinds %#v reason %q, want %#v %q", c.text, ig.kinds, ig.reason, c.kinds, c.reason)
		}
	}
}
