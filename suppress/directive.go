// This file recognises hgrd:ignore comments and says which races each one
// silences.

package suppress

import (
	"slices"
	"strings"

	"hgrd/report"
)

// directive starts every ignore comment.
const directive = "hgrd:ignore"

// An ignore is one hgrd:ignore comment of a source file.
type ignore struct {
	line, column int // where the comment starts
	endLine      int // where it ends (later than line for a /* */ over lines)
	alone        bool
	// kinds lists the kinds of race it silences; nil means every kind.
	kinds  []string
	reason string
	// used is set once it silences a race (or might: see markUndecided).
	used bool
}

// raceKinds are the kinds a kind list may name.
var raceKinds = []string{report.InterBlock, report.IntraBlock, report.IntraWarp}

// parseIgnore returns the ignore comment c is, if it is one: its text,
// after the comment markers and white space, starts with hgrd:ignore,
// followed by the end of the comment, white space or a kind list. A "["
// after the marker and blanks always opens a kind list, so that a list
// written with a space before it still limits the comment's kinds.
func parseIgnore(c comment) (*ignore, bool) {
	rest, ok := strings.CutPrefix(commentBody(c.text), directive)
	if !ok || rest != "" && rest[0] != '[' && !isSpace(rest[0]) {
		return nil, false
	}
	ig := &ignore{line: c.line, column: c.column, endLine: c.endLine, alone: c.alone}
	if list := strings.TrimLeft(rest, " \t"); strings.HasPrefix(list, "[") {
		ig.kinds, rest = parseKindList(list)
	}
	ig.reason = strings.Join(strings.Fields(rest), " ")
	return ig, true
}

// commentBody strips a comment's delimiters and the white space, slashes,
// stars and exclamation marks that open it (as in ///, /** and //!).
func commentBody(text string) string {
	body := text[2:]
	if strings.HasPrefix(text, "/*") {
		body = strings.TrimSuffix(body, "*/")
	}
	return strings.TrimLeft(body, " \t\r\n\v\f/*!")
}

// parseKindList reads the "[kind, kind]" at the start of s and returns the
// kinds it names and the text after it. Unknown kinds are dropped, so a list
// naming none (or lacking its "]") silences nothing.
func parseKindList(s string) (kinds []string, rest string) {
	list, rest, closed := strings.Cut(s[1:], "]")
	kinds = []string{}
	if !closed {
		return kinds, s
	}
	for _, kind := range strings.Split(list, ",") {
		if kind = strings.TrimSpace(kind); slices.Contains(raceKinds, kind) {
			kinds = append(kinds, kind)
		}
	}
	return kinds, rest
}

// covers reports whether the comment applies to a line: one it is on, or,
// when it stands alone, the line just below it.
func (ig *ignore) covers(line int) bool {
	return line == ig.line || line == ig.endLine || ig.alone && line == ig.endLine+1
}

// silences reports whether the comment silences races of a kind.
func (ig *ignore) silences(kind string) bool {
	return ig.kinds == nil || slices.Contains(ig.kinds, kind)
}

// suppression is the reason recorded on the races the comment silences.
func (ig *ignore) suppression() string {
	if ig.reason == "" {
		return directive
	}
	return ig.reason
}

// ignoresIn returns the ignore comments of a source, in source order.
func ignoresIn(src []byte) []*ignore {
	var ignores []*ignore
	for _, c := range scanComments(src) {
		if ig, ok := parseIgnore(c); ok {
			ignores = append(ignores, ig)
		}
	}
	return ignores
}
