// This file defines Want and the parser of // want comments.

package racetest

import (
	"bufio"
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A Want is one expected race: a regexp that its description must match,
// at the line of its first access.
//
// Example printed form:
//
//	k.cu:12: "inter-block write-write race on global a with line 12"
type Want struct {
	File    string
	Line    int
	Pattern *regexp.Regexp
}

// String returns the want's position and quoted pattern.
func (w Want) String() string {
	return fmt.Sprintf("%s:%d: %q", w.File, w.Line, w.Pattern.String())
}

// wantPrefix starts a want comment.
const wantPrefix = "want"

// ParseWants returns the wants of a source file, in line order. A comment
// whose text starts with the word "want" must be followed by one or more
// quoted regexps; anything else there is an error.
func ParseWants(file string, src []byte) ([]Want, error) {
	var wants []Want
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text, ok := wantText(sc.Text())
		if !ok {
			continue
		}
		patterns, err := parsePatterns(text)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", file, line, err)
		}
		for _, p := range patterns {
			re, err := regexp.Compile(p)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: bad want regexp: %v", file, line, err)
			}
			wants = append(wants, Want{File: file, Line: line, Pattern: re})
		}
	}
	return wants, sc.Err()
}

// wantText returns what follows "want" in a line's want comment.
func wantText(line string) (string, bool) {
	for off := 0; ; {
		i := strings.Index(line[off:], "//")
		if i < 0 {
			return "", false
		}
		rest := strings.TrimLeft(line[off+i+2:], " \t")
		if after, ok := strings.CutPrefix(rest, wantPrefix); ok &&
			(after == "" || after[0] == ' ' || after[0] == '\t') {
			return after, true
		}
		off += i + 2
	}
}

// parsePatterns splits the text after "want" into its quoted strings.
func parsePatterns(text string) ([]string, error) {
	var out []string
	for {
		text = strings.TrimLeft(text, " \t")
		if text == "" {
			break
		}
		var lit string
		switch text[0] {
		case '"':
			end := closingQuote(text)
			if end < 0 {
				return nil, fmt.Errorf("want: unterminated string %s", text)
			}
			s, err := strconv.Unquote(text[:end+1])
			if err != nil {
				return nil, fmt.Errorf("want: bad string %s: %v", text[:end+1], err)
			}
			lit, text = s, text[end+1:]
		case '`':
			end := strings.IndexByte(text[1:], '`')
			if end < 0 {
				return nil, fmt.Errorf("want: unterminated raw string %s", text)
			}
			lit, text = text[1:end+1], text[end+2:]
		default:
			return nil, fmt.Errorf("want: expected a quoted regexp, found %q", text)
		}
		out = append(out, lit)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("want: no regexp")
	}
	return out, nil
}

// closingQuote returns the index of the double quote that closes the
// string starting at s[0], or -1.
func closingQuote(s string) int {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}
