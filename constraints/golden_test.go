package constraints

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hgrd/internal/testkit"
	"hgrd/kernelanalysis"
)

// goldenLaunch is the launch of the golden test's queries: two blocks of
// two warps.
var goldenLaunch = &Launch{GridDim: [3]int64{2, 1, 1}, BlockDim: [3]int64{64, 1, 1}}

// TestGolden prints the race queries of every conflicting pair of
// accesses of each kernel in the test files, for each kind of race, and
// compares them with testdata/<file>.golden; -update rewrites those. The
// assertions every query of a file makes (the launch's limits, the
// threads' bounds, the lemmas about global indices) are printed once at
// the top.
func TestGolden(t *testing.T) {
	for _, name := range []string{"pairs"} {
		t.Run(name, func(t *testing.T) {
			path := "testdata/" + name + ".cu"
			u := testkit.Load(t, path)
			var queries []string
			var all [][]string
			for _, fk := range u.Kernels {
				k, err := kernelanalysis.Analyze(u, fk)
				if err != nil {
					t.Fatal(err)
				}
				for _, q := range kernelQueries(k, goldenLaunch) {
					queries = append(queries, q.head)
					all = append(all, q.assertions)
				}
			}
			common := commonLines(all)
			var out strings.Builder
			out.WriteString("every query asserts\n")
			for _, a := range common {
				fmt.Fprintf(&out, "  %s\n", a)
			}
			for i, head := range queries {
				out.WriteString(head)
				for _, a := range all[i] {
					if !slices.Contains(common, a) {
						fmt.Fprintf(&out, "    assert %s\n", a)
					}
				}
			}
			testkit.Golden(t, name, strings.ReplaceAll(out.String(), filepath.Dir(path)+"/", ""))
		})
	}
}

// A printedQuery is a query, or its absence, as the golden file shows it:
// a heading with the pair, the kind and the query's other fields, and its
// assertions.
type printedQuery struct {
	head       string
	assertions []string
}

// kernelQueries prints the queries of a kernel's conflicting pairs.
func kernelQueries(k *kernelanalysis.Kernel, l *Launch) []printedQuery {
	var out []printedQuery
	for i, a := range k.Accesses {
		for _, b := range k.Accesses[i:] {
			if !Conflicting(l, a, b) {
				continue
			}
			for _, kind := range Kinds {
				out = append(out, printQuery(k, a, b, fmt.Sprint(kind), Build(k, a, b, kind, l)))
			}
		}
	}
	return out
}

// printQuery prints one query of a pair, or its absence.
func printQuery(k *kernelanalysis.Kernel, a, b *kernelanalysis.Access, kind string, q *Query) printedQuery {
	var w strings.Builder
	fmt.Fprintf(&w, "%s: %s %s at %s / %s %s at %s, %s\n", k.Name,
		a.Kind, a.Source, testkit.Pos(a.Pos), b.Kind, b.Source, testkit.Pos(b.Pos), kind)
	if q == nil {
		w.WriteString("  no query\n")
		return printedQuery{head: w.String()}
	}
	fmt.Fprintf(&w, "  offsets %s / %s\n", testkit.Term(q.Offset1), testkit.Term(q.Offset2))
	for _, s := range q.Limits {
		fmt.Fprintf(&w, "  limit: %s (%s) at %s; %d assertions with it lifted\n",
			s.Op.Name, s.Op.Scope, testkit.Pos(s.Op.Pos), len(s.Widened))
	}
	for _, g := range q.Guards {
		fmt.Fprintf(&w, "  guarded by %s\n", g)
	}
	if q.ValuesMustDiffer {
		fmt.Fprintf(&w, "  and the stored values differ: %s\n", testkit.Term(q.DifferentValues))
	}
	var assertions []string
	for _, a := range q.Assertions {
		assertions = append(assertions, testkit.Term(a))
	}
	return printedQuery{head: w.String(), assertions: assertions}
}

// commonLines returns the lines every list holds, in the first list's
// order.
func commonLines(lists [][]string) []string {
	var common []string
	for _, line := range firstNonEmpty(lists) {
		if !slices.Contains(common, line) && everyHolds(lists, line) {
			common = append(common, line)
		}
	}
	return common
}

// firstNonEmpty returns the first list that has lines.
func firstNonEmpty(lists [][]string) []string {
	for _, l := range lists {
		if len(l) > 0 {
			return l
		}
	}
	return nil
}

// everyHolds reports whether every non-empty list holds line.
func everyHolds(lists [][]string, line string) bool {
	for _, l := range lists {
		if len(l) > 0 && !slices.Contains(l, line) {
			return false
		}
	}
	return true
}
