// This file defines the gcc-style text and the JSON forms of a Result.

package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"hgrd/cuda"
)

// maxDetailLines bounds how much of a tool's output the text form repeats.
const maxDetailLines = 20

// Title returns the one-line description of a race, such as
// "write-write race on shared memory s".
func (r *Race) Title() string {
	if r.Message != "" {
		return r.Message
	}
	what := r.Memory + " memory"
	if r.Object != "" {
		what += " " + r.Object
	}
	return fmt.Sprintf("%s-%s race on %s", r.First.Access, r.Second.Access, what)
}

// Pos returns "file:line:col" of the access.
func (a Access) Pos() string { return fmt.Sprintf("%s:%d:%d", a.File, a.Line, a.Column) }

// WriteText prints the result gcc-style: one warning per race with its
// second access as a note, one error per file that could not be analysed.
func WriteText(w io.Writer, r *Result) error {
	var b strings.Builder
	for _, f := range r.Files {
		if f.Error != "" && f.Through != "" {
			fmt.Fprintf(&b, "%s: error: not analysed: %s failed, which includes it: %s\n", f.Path, f.Through, f.Error)
		} else if f.Error != "" {
			fmt.Fprintf(&b, "%s: error: %s\n", f.Path, f.Error)
			writeDetail(&b, f.ErrorDetail)
		} else if f.Through != "" {
			fmt.Fprintf(&b, "%s: note: analysed through %s, which includes it\n", f.Path, f.Through)
		}
		for _, race := range f.Races {
			fmt.Fprintf(&b, "%s: warning: %s [%s]\n", race.First.Pos(), race.Title(), race.Kind)
			fmt.Fprintf(&b, "\t%s: note: conflicting %s by another thread\n", race.Second.Pos(), race.Second.Access)
			if race.Witness != nil {
				context := ""
				if race.Launch != "" {
					context = " (" + race.Launch + ")"
				}
				fmt.Fprintf(&b, "\t%s: note: witness%s: %s\n", race.First.Pos(), context, race.Witness)
			}
			for _, note := range []string{race.Assumptions, race.Hint} {
				if note != "" {
					fmt.Fprintf(&b, "\t%s: note: %s\n", race.First.Pos(), note)
				}
			}
		}
		for _, n := range f.Explain {
			fmt.Fprintf(&b, "%s: note: %s\n", n.Pos, n.Message)
		}
		for _, n := range f.Notes {
			fmt.Fprintf(&b, "%s: warning: %s\n", n.Pos, n.Message)
		}
		for _, note := range f.Incomplete {
			fmt.Fprintf(&b, "%s: error: not fully analysed: %s\n", f.Path, note)
		}
		for _, u := range f.Undecided {
			fmt.Fprintf(&b, "%s: error: could not decide whether this %s races with the %s at %s: %s\n",
				u.First.Pos(), u.First.Access, u.Second.Access, u.Second.Pos(), u.Reason)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeDetail(b *strings.Builder, detail string) {
	lines := strings.Split(strings.TrimRight(detail, "\n"), "\n")
	for i, line := range lines {
		if line == "" {
			continue
		}
		if i == maxDetailLines {
			fmt.Fprintf(b, "\t... (%d more lines)\n", len(lines)-i)
			return
		}
		fmt.Fprintf(b, "\t%s\n", line)
	}
}

// String returns the witness in one line, as the text form prints it.
func (w *Witness) String() string {
	s := fmt.Sprintf("%s; thread %s vs thread %s", w.shape(), w.First, w.Second)
	if w.Address != "" {
		s += "; both access " + w.Address
	}
	if params := paramList(w.Params); params != "" {
		s += "; parameters " + params
	}
	return s
}

// shape returns the witness's launch shape, such as
// "gridDim=(2,1,1) blockDim=(32,1,1)".
func (w *Witness) shape() string {
	return fmt.Sprintf("%s=%s %s=%s", cuda.RegNctaid.CUDAName(), dim(w.GridDim), cuda.RegNtid.CUDAName(), dim(w.BlockDim))
}

// String returns "blockIdx=(x,y,z) threadIdx=(x,y,z)".
func (t Thread) String() string {
	return fmt.Sprintf("%s=%s %s=%s", cuda.RegCtaid.CUDAName(), dim(t.Block), cuda.RegTid.CUDAName(), dim(t.Thread))
}

func dim(d [3]int64) string { return fmt.Sprintf("(%d,%d,%d)", d[0], d[1], d[2]) }

// WriteJSON prints the result as JSON, indented.
func WriteJSON(w io.Writer, r *Result) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}
