// This file finds the comments of a C, C++ or CUDA source, skipping string
// and character literals so that comment markers inside them are not taken
// for comments.

package suppress

import (
	"bytes"
	"sort"
)

// A comment is one // or /* */ comment of a source file.
type comment struct {
	text    string // the comment, delimiters included
	line    int    // 1-based line of its first byte
	column  int    // 1-based byte column of its first byte
	endLine int    // line of its last byte
	// alone is true when nothing but white space and other comments
	// shares its first and last lines.
	alone bool
}

// A lexer walks a source once, recording where its comments are and which
// lines hold code (anything but white space and comments).
type lexer struct {
	src        []byte
	lineStarts []int    // byte offset at which each line begins
	codeLines  []bool   // indexed by 0-based line
	spans      [][2]int // start and end offsets of each comment
}

// scanComments returns the comments of src in source order. It knows
// string and character literals (with escapes and line splices), C++11 raw
// strings R"delim(...)delim" with the prefixes L, u, U and u8, and C++14
// digit separators (1'000). It does not run the preprocessor: comments in
// #if 0 blocks are found too.
func scanComments(src []byte) []comment {
	lx := newLexer(src)
	lx.scan()
	return lx.comments()
}

func newLexer(src []byte) *lexer {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return &lexer{src: src, lineStarts: starts, codeLines: make([]bool, len(starts))}
}

// scan records every comment's span and every line with code.
func (lx *lexer) scan() {
	src := lx.src
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '/' && at(src, i+1) == '/':
			end := lineCommentEnd(src, i)
			lx.spans = append(lx.spans, [2]int{i, end})
			i = end
		case c == '/' && at(src, i+1) == '*':
			end := blockCommentEnd(src, i)
			lx.spans = append(lx.spans, [2]int{i, end})
			i = end
		case c == '"':
			lx.markCode(i)
			if isRawStringStart(src, i) {
				i = rawStringEnd(src, i)
			} else {
				i = quotedEnd(src, i)
			}
		case c == '\'' && !isDigitSeparator(src, i):
			lx.markCode(i)
			i = quotedEnd(src, i)
		case isSpace(c):
			i++
		default:
			lx.markCode(i)
			i++
		}
	}
}

func (lx *lexer) markCode(offset int) {
	lx.codeLines[lx.lineIndex(offset)] = true
}

// lineIndex returns the 0-based line of a byte offset.
func (lx *lexer) lineIndex(offset int) int {
	return sort.SearchInts(lx.lineStarts, offset+1) - 1
}

// comments turns the recorded spans into comments.
func (lx *lexer) comments() []comment {
	out := make([]comment, 0, len(lx.spans))
	for _, span := range lx.spans {
		first, last := lx.lineIndex(span[0]), lx.lineIndex(max(span[0], span[1]-1))
		out = append(out, comment{
			text:    string(lx.src[span[0]:span[1]]),
			line:    first + 1,
			column:  span[0] - lx.lineStarts[first] + 1,
			endLine: last + 1,
			alone:   !lx.codeLines[first] && !lx.codeLines[last],
		})
	}
	return out
}

// at returns src[i], or 0 past the end.
func at(src []byte, i int) byte {
	if i < len(src) {
		return src[i]
	}
	return 0
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// lineCommentEnd returns the offset of the newline that ends the //
// comment at start (or the end of src); a backslash at the end of a line
// continues the comment.
func lineCommentEnd(src []byte, start int) int {
	for i := start + 2; i < len(src); i++ {
		if src[i] == '\n' && !isSpliced(src, i) {
			return i
		}
	}
	return len(src)
}

// isSpliced reports whether the newline at i follows a backslash (with an
// optional carriage return between), joining the two lines.
func isSpliced(src []byte, i int) bool {
	j := i - 1
	if j >= 0 && src[j] == '\r' {
		j--
	}
	return j >= 0 && src[j] == '\\'
}

// blockCommentEnd returns the offset just past the */ that closes the
// comment at start, or the end of src if it is unterminated.
func blockCommentEnd(src []byte, start int) int {
	if n := bytes.Index(src[start+2:], []byte("*/")); n >= 0 {
		return start + 2 + n + 2
	}
	return len(src)
}

// quotedEnd returns the offset just past the string or character literal
// opened at start. An unterminated literal ends at its line's end.
func quotedEnd(src []byte, start int) int {
	quote := src[start]
	for i := start + 1; i < len(src); i++ {
		switch src[i] {
		case '\\':
			i++ // skip the escaped byte, a spliced newline included
		case quote:
			return i + 1
		case '\n':
			return i
		}
	}
	return len(src)
}

// precedingWord returns the identifier or number characters just before i.
func precedingWord(src []byte, i int) []byte {
	j := i
	for j > 0 && (isWordByte(src[j-1]) || src[j-1] == '.') {
		j--
	}
	return src[j:i]
}

// isDigitSeparator reports whether the quote at i separates digits of a
// number, as in 1'000'000, rather than opening a character literal.
func isDigitSeparator(src []byte, i int) bool {
	word := precedingWord(src, i)
	return len(word) > 0 && ('0' <= word[0] && word[0] <= '9' || word[0] == '.')
}

// isRawStringStart reports whether the quote at i opens a raw string:
// it directly follows R, LR, uR, UR or u8R.
func isRawStringStart(src []byte, i int) bool {
	switch string(precedingWord(src, i)) {
	case "R", "LR", "uR", "UR", "u8R":
		return true
	}
	return false
}

// maxRawDelimiter is the longest delimiter a raw string may have.
const maxRawDelimiter = 16

// rawStringEnd returns the offset just past the raw string whose quote is
// at start, or the end of src if it is unterminated. A malformed delimiter
// makes it an ordinary string.
func rawStringEnd(src []byte, start int) int {
	open := bytes.IndexByte(src[start+1:], '(')
	if open < 0 || open > maxRawDelimiter || bytes.ContainsAny(src[start+1:start+1+open], " \t\n\r\\)\"") {
		return quotedEnd(src, start)
	}
	delimiter := src[start+1 : start+1+open]
	closing := append(append([]byte(")"), delimiter...), '"')
	body := start + 1 + open + 1
	if n := bytes.Index(src[body:], closing); n >= 0 {
		return body + n + len(closing)
	}
	return len(src)
}
