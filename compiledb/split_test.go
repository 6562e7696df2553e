package compiledb

import (
	"strings"
	"testing"
)

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`nvcc -c a.cu`, []string{"nvcc", "-c", "a.cu"}},
		{"  nvcc\t-c \n a.cu  ", []string{"nvcc", "-c", "a.cu"}},
		{`nvcc '-DMSG="hi there"' -c a.cu`, []string{"nvcc", `-DMSG="hi there"`, "-c", "a.cu"}},
		{`nvcc "-I/path with space" -c`, []string{"nvcc", "-I/path with space", "-c"}},
		{`nvcc -DMSG=\"hi\" a\ b.cu`, []string{"nvcc", `-DMSG="hi"`, "a b.cu"}},
		{`nvcc "-DS=\"x\\y\"" "-Dp=\n"`, []string{"nvcc", `-DS="x\y"`, `-Dp=\n`}},
		{`nvcc "-DV=\$HOME" -DW=$HOME ~/x '*.cu'`, []string{"nvcc", "-DV=$HOME", "-DW=$HOME", "~/x", "*.cu"}},
		{`a'b'"c"d`, []string{"abcd"}},
		{`nvcc '' "" x`, []string{"nvcc", "", "", "x"}},
		{"nvcc -c \\\n a.cu", []string{"nvcc", "-c", "a.cu"}},
		{`nvcc -c a.cu && rm -rf x; echo $(id)`, []string{"nvcc", "-c", "a.cu", "&&", "rm", "-rf", "x;", "echo", "$(id)"}},
		{``, nil},
	}
	for _, tt := range tests {
		got, err := SplitCommand(tt.in)
		if err != nil {
			t.Errorf("SplitCommand(%q): %v", tt.in, err)
			continue
		}
		if !equalStrings(got, tt.want) || (got == nil) != (tt.want == nil) {
			t.Errorf("SplitCommand(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

func TestSplitCommandErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{`nvcc 'unterminated`, "unterminated single quote"},
		{`nvcc "unterminated`, "unterminated double quote"},
		{`nvcc "ends with escape\"`, "unterminated double quote"},
		{`nvcc trailing\`, "ends with a backslash"},
	}
	for _, tt := range tests {
		_, err := SplitCommand(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("SplitCommand(%q) error = %v; want one containing %q", tt.in, err, tt.want)
		}
	}
}
