// This file is the analysis's report edge: it turns a satisfying model
// into a race report and its witness, race kinds and memory spaces into
// their report strings, and orders the races of a file.

package analysis

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"hgrd/constraints"
	"hgrd/expr"
	"hgrd/frontend"
	"hgrd/kernelanalysis"
	"hgrd/report"
	"hgrd/solver"
)

// raceReport builds the report of a race found by a query.
func raceReport(k *kernelanalysis.Kernel, q *constraints.Query, res *solver.Result, l *constraints.Launch) *report.Race {
	a := q.First
	r := &report.Race{
		Kind: q.Kind.String(), Memory: a.Object.Space.String(), Object: a.Object.Name,
		First: accessReport(q.First), Second: accessReport(q.Second),
		Witness: witness(k, q, res),
		Launch:  l.Origin,
		Kernel:  k.Name,
	}
	r.Message = fmt.Sprintf("%s-%s race on %s %s", r.First.Access, r.Second.Access, r.Memory, r.Object)
	r.Assumptions = assumptionsNote(l)
	if q.Kind == constraints.InterBlock {
		r.Hint = l.InterBlockNote
	}
	unseen, computed := unseenValues(k, q)
	r.Hint = joinNotes(r.Hint, unknownsNote(unseen, computed))
	r.Unseen = append(slices.Clone(unseen), computedAt(computed)...)
	return r
}

// unseenValues returns what the analysis could not see that the two
// accesses depend on: the unknowns their addresses read, such as memory
// contents ("the contents of global perm (read at k.cu:12:9)"), and the
// positions where their addresses or paths compute values by more
// operations than hgrd evaluates (see symbolic.MaxValueOperations).
func unseenValues(k *kernelanalysis.Kernel, q *constraints.Query) (unseen, computed []string) {
	for _, t := range []*expr.Term{q.First.Offset, q.Second.Offset, q.First.Cond, q.Second.Cond} {
		offset := t == q.First.Offset || t == q.Second.Offset
		expr.Inspect(t, func(x *expr.Term) bool {
			if x.Op != expr.OpVar && x.Op != expr.OpApply {
				return true
			}
			u, ok := k.Unknowns[x.Name]
			switch {
			case !ok:
			case u.Computed:
				computed = appendNew(computed, u.Pos.String())
				return false
			case offset && u.Pos.Line > 0:
				unseen = appendNew(unseen, fmt.Sprintf("%s (read at %s)", u.What, u.Pos))
			case offset:
				unseen = appendNew(unseen, u.What)
			}
			return true
		})
	}
	return unseen, computed
}

// computedAt describes each position where unseenValues found values
// computed beyond what hgrd evaluates.
func computedAt(positions []string) []string {
	out := make([]string, len(positions))
	for i, p := range positions {
		out[i] = "values computed at " + p
	}
	return out
}

// unknownsNote says what the race's accesses depend on that hgrd could
// not see (unseenValues): the race may need values of them that the
// program never has, which an assert can state; and where values are
// computed by more operations than hgrd evaluates. "" if there is
// nothing.
func unknownsNote(unseen, computed []string) string {
	var notes []string
	if len(unseen) > 0 {
		notes = append(notes, fmt.Sprintf("the addresses depend on %s, which hgrd cannot see: if the program never holds values that make them meet, an assert stating so rules the race out",
			strings.Join(unseen, " and ")))
	}
	if len(computed) > 0 {
		notes = append(notes, fmt.Sprintf("the accesses depend on values computed at %s by more operations than hgrd evaluates (a hash, say), which it takes as unknown functions of the thread's inputs: the race may need values the program never computes, such as two threads' hashes that meet",
			strings.Join(computed, ", ")))
	}
	return strings.Join(notes, "; ")
}

// appendNew appends s to list unless it is there already.
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}

// accessReport describes one access.
func accessReport(a *kernelanalysis.Access) report.Access {
	return report.Access{File: a.Pos.File, Line: a.Pos.Line, Column: a.Pos.Column,
		Access: a.Kind.String(), Expr: a.Source}
}

// witness reads the two threads, the launch and the parameters from the
// model.
func witness(k *kernelanalysis.Kernel, q *constraints.Query, res *solver.Result) *report.Witness {
	val := func(t *expr.Term) int64 {
		v, _ := res.Vars[t.Name]
		return expr.SignExtend(v, t.Width)
	}
	w := &report.Witness{Params: map[string]int64{}}
	for axis := 0; axis < 3; axis++ {
		w.GridDim[axis] = val(kernelanalysis.GridDim(axis))
		w.BlockDim[axis] = val(kernelanalysis.BlockDim(axis))
		w.First.Block[axis] = val(expr.Instantiate(kernelanalysis.BlockIdx(axis), 1))
		w.First.Thread[axis] = val(expr.Instantiate(kernelanalysis.ThreadIdx(axis), 1))
		w.Second.Block[axis] = val(expr.Instantiate(kernelanalysis.BlockIdx(axis), 2))
		w.Second.Thread[axis] = val(expr.Instantiate(kernelanalysis.ThreadIdx(axis), 2))
	}
	for _, p := range k.Params {
		if p.Term != nil {
			if _, ok := res.Vars[p.Term.Name]; ok {
				w.Params[p.Name] = val(p.Term)
			}
		}
	}
	w.Address = fmt.Sprintf("%s byte %d", q.First.Object.Name, int64(res.Values[0]))
	if res.Values[0] != res.Values[1] {
		w.Address += fmt.Sprintf(" (accesses at bytes %d and %d)", int64(res.Values[0]), int64(res.Values[1]))
	}
	w.Values = res.Vars
	return w
}

// before reports whether position p comes before q in the source.
func before(p, q frontend.Pos) bool {
	if p.File != q.File {
		return p.File < q.File
	}
	if p.Line != q.Line {
		return p.Line < q.Line
	}
	return p.Column < q.Column
}

// sortRaces orders races by first access, second access and kind.
func sortRaces(races []*report.Race) {
	kindOrder := map[string]int{}
	for i, k := range constraints.Kinds {
		kindOrder[k.String()] = i
	}
	sort.SliceStable(races, func(i, j int) bool {
		a, b := races[i], races[j]
		if a.First != b.First {
			return lessAccess(a.First, b.First)
		}
		if a.Second != b.Second {
			return lessAccess(a.Second, b.Second)
		}
		return kindOrder[a.Kind] < kindOrder[b.Kind]
	})
}

func lessAccess(a, b report.Access) bool {
	return before(frontend.Pos{File: a.File, Line: a.Line, Column: a.Column},
		frontend.Pos{File: b.File, Line: b.Line, Column: b.Column})
}
