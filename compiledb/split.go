// This file splits "command" strings into words.

package compiledb

import (
	"errors"
	"strings"
)

// SplitCommand splits a "command" string into words as a POSIX shell
// would: blanks separate words; single quotes keep everything up to the
// next single quote; double quotes keep everything up to the next
// unescaped double quote, a backslash in them escaping only $, `, ", \
// and a newline; outside quotes a backslash escapes the next character,
// and a backslash-newline joins lines. Nothing is expanded: $VAR, ~,
// globs and operators such as ; and && stay as written. No shell is run.
// An unterminated quote or a trailing backslash is an error.
func SplitCommand(s string) ([]string, error) {
	var sp splitter
	for i := 0; i < len(s); i++ {
		var err error
		i, err = sp.step(s, i)
		if err != nil {
			return nil, err
		}
	}
	sp.endWord()
	return sp.words, nil
}

// A splitter holds the words split so far and the one being read.
type splitter struct {
	words  []string
	word   strings.Builder
	inWord bool // a word has begun, perhaps as an empty quoted string
}

// step reads the character at s[i], and whatever it quotes or escapes,
// and returns the index of the last character read.
func (sp *splitter) step(s string, i int) (int, error) {
	switch c := s[i]; c {
	case ' ', '\t', '\n', '\r':
		sp.endWord()
		return i, nil
	case '\'':
		return sp.singleQuoted(s, i)
	case '"':
		return sp.doubleQuoted(s, i)
	case '\\':
		if i+1 == len(s) {
			return i, errors.New("command ends with a backslash")
		}
		if s[i+1] != '\n' {
			sp.add(s[i+1])
		}
		return i + 1, nil
	default:
		sp.add(c)
		return i, nil
	}
}

// singleQuoted reads the single-quoted string that opens at s[i].
func (sp *splitter) singleQuoted(s string, i int) (int, error) {
	end := strings.IndexByte(s[i+1:], '\'')
	if end < 0 {
		return i, errors.New("unterminated single quote in command")
	}
	sp.inWord = true
	sp.word.WriteString(s[i+1 : i+1+end])
	return i + 1 + end, nil
}

// doubleQuoted reads the double-quoted string that opens at s[i].
func (sp *splitter) doubleQuoted(s string, i int) (int, error) {
	sp.inWord = true
	for i++; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"':
			return i, nil
		case c == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0:
			i++
			if s[i] != '\n' {
				sp.word.WriteByte(s[i])
			}
		default:
			sp.word.WriteByte(c)
		}
	}
	return i, errors.New("unterminated double quote in command")
}

// add appends c to the current word.
func (sp *splitter) add(c byte) {
	sp.inWord = true
	sp.word.WriteByte(c)
}

// endWord ends the current word, if one has begun.
func (sp *splitter) endWord() {
	if sp.inWord {
		sp.words = append(sp.words, sp.word.String())
		sp.word.Reset()
		sp.inWord = false
	}
}
