package hostanalysis

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/internal/testkit"
)

// TestGolden prints the launches the host walk finds in each test file
// (kernel, shape, arguments, pointer allocations and the facts that hold
// at the launch) and compares them with testdata/<file>.golden; -update
// rewrites those.
func TestGolden(t *testing.T) {
	for _, name := range []string{"apilaunch", "argloop", "bools", "byref", "choices", "facts", "indirect", "invoke", "launches", "loops", "outparams", "pitch", "props", "readback", "structs", "tiles"} {
		t.Run(name, func(t *testing.T) {
			u := testkit.Load(t, "testdata/"+name+".cu")
			var out strings.Builder
			if names := Launchers(u); len(names) > 0 {
				fmt.Fprintf(&out, "launchers %s\n", strings.Join(names, ", "))
			}
			for _, l := range Launches(u) {
				printLaunch(&out, l)
			}
			testkit.Golden(t, name, out.String())
		})
	}
}

// printLaunch prints one launch.
func printLaunch(w *strings.Builder, l *Launch) {
	fmt.Fprintf(w, "launch of %s at %s in %s\n", l.Kernel.Name, testkit.Pos(l.Pos), l.Caller.Name())
	if len(l.Via) > 0 {
		fmt.Fprintf(w, "  via %s\n", positionsText(l.Via))
	}
	fmt.Fprintf(w, "  grid %s = %v\n", dimsText(l.Grid), l.GridDim)
	fmt.Fprintf(w, "  block %s = %v\n", dimsText(l.Block), l.BlockDim)
	for i := 0; i < len(l.Args) || i <= lastPointer(l.Pointers); i++ {
		if p, ok := l.Pointers[i]; ok {
			fmt.Fprintf(w, "  arg %d: pointer into %s at %s%s\n", i, p.Allocation, testkit.Term(p.Offset), sizeText(p))
		} else if fields, ok := l.Fields[i]; ok {
			fmt.Fprintf(w, "  arg %d: by value\n", i)
			for _, f := range fields {
				if f.Pointer != nil {
					fmt.Fprintf(w, "    bytes from %d: pointer into %s at %s%s\n", f.Offset, f.Pointer.Allocation, testkit.Term(f.Pointer.Offset), sizeText(*f.Pointer))
				} else {
					fmt.Fprintf(w, "    bytes from %d: %s\n", f.Offset, testkit.Term(f.Term))
				}
			}
		} else if i < len(l.Args) && l.Args[i] != nil {
			fmt.Fprintf(w, "  arg %d: %s\n", i, testkit.Term(l.Args[i]))
		} else {
			fmt.Fprintf(w, "  arg %d: unknown\n", i)
		}
	}
	for _, f := range l.Facts {
		fmt.Fprintf(w, "  %s fact at %s: %s\n", f.Kind, testkit.Pos(f.Pos), testkit.Term(f.Cond))
	}
}

// sizeText prints the size of a pointer's allocation, if known.
func sizeText(p Pointer) string {
	if p.Size == nil {
		return ""
	}
	return " of " + testkit.Term(p.Size) + " bytes"
}

// dimsText prints a launch's grid or block terms; "?" stands for an unknown.
func dimsText(terms [3]*expr.Term) string {
	s := make([]string, 3)
	for i, t := range terms {
		s[i] = "?"
		if t != nil {
			s[i] = testkit.Term(t)
		}
	}
	return "(" + strings.Join(s, ", ") + ")"
}

// positionsText prints a list of positions.
func positionsText(ps []frontend.Pos) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = testkit.Pos(p)
	}
	return strings.Join(s, ", ")
}

// lastPointer returns the largest parameter index of the pointer
// arguments, or -1 if there are none.
func lastPointer(m map[int]Pointer) int {
	keys := []int{-1}
	for k := range m {
		keys = append(keys, k)
	}
	return slices.Max(keys)
}
