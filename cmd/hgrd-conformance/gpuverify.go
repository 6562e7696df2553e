// This file defines the run over the labelled suite and its table: each
// case's verdict against its label, and the misses with their reasons.

package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"hgrd/internal/parallel"
)

// A verdict is what hgrd said of a case.
type verdict int

// The verdicts.
const (
	verdictFree        verdict = iota // analysed, no race
	verdictRace                       // at least one race
	verdictNotAnalysed                // an error, a part not seen, an undecided pair
	verdictCrash                      // outside hgrd's contract
)

// verdictOf reads a run's verdict from its report.
func verdictOf(o run) verdict {
	if o.crashed() {
		return verdictCrash
	}
	races, notAnalysed := 0, false
	for _, f := range o.report.Files {
		races += len(f.Races)
		notAnalysed = notAnalysed || f.Error != "" || len(f.Incomplete) > 0 || len(f.Undecided) > 0
	}
	switch {
	case races > 0:
		return verdictRace
	case notAnalysed || o.exit == 2:
		return verdictNotAnalysed
	}
	return verdictFree
}

// A caseResult is one case's run and verdict.
type caseResult struct {
	suiteCase
	run
	verdict verdict
}

// right reports whether the verdict is the label's.
func (c caseResult) right() bool {
	return c.Expect == labelFree && c.verdict == verdictFree || c.Expect == labelRace && c.verdict == verdictRace
}

// missKind names a wrong verdict.
func (c caseResult) missKind() string {
	switch {
	case c.verdict == verdictCrash:
		return "crash"
	case c.verdict == verdictNotAnalysed:
		return "not analysed"
	case c.Expect == labelFree:
		return "false positive"
	}
	return "false negative"
}

// A suiteResult is the run over the labelled suite.
type suiteResult struct {
	cases []caseResult // every case run, in the suite's order
}

// gpuverify runs every case of the suite (or the quick subset) in dir.
func (r *runner) gpuverify(ctx context.Context, dir string, quick bool) (*suiteResult, error) {
	f, err := os.Open(filepath.Join(dir, "labels.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cases, err := parseLabels(f)
	if err != nil {
		return nil, err
	}
	if quick {
		cases = quickCases(cases)
	}
	var inScope []suiteCase
	for _, c := range cases {
		if c.OutOfScope == "" {
			inScope = append(inScope, c)
		}
	}
	res := &suiteResult{cases: make([]caseResult, len(inScope))}
	parallel.ForEach(len(inScope), r.jobs, func(i int) {
		c := inScope[i]
		o := r.hgrdRun(ctx, dir, append(append([]string{"check"}, c.Args...), c.Path)...)
		res.cases[i] = caseResult{suiteCase: c, run: o, verdict: verdictOf(o)}
	})
	return res, nil
}

// A tally counts the verdicts of the cases that count.
type tally struct {
	right, tp, fp, fn, tn, notAnalysed, crashes, counted int
	seconds                                              []float64
	phases                                               phaseShare
}

func (s *suiteResult) tally() tally {
	var t tally
	for _, c := range s.cases {
		if c.verdict == verdictCrash {
			t.crashes++
		}
		if !c.counted() {
			continue
		}
		t.counted++
		t.seconds = append(t.seconds, c.seconds)
		if c.report != nil && len(c.report.Files) > 0 {
			t.phases.add(c.report.Files[0].Phases)
		}
		if c.right() {
			t.right++
		}
		switch {
		case c.verdict == verdictNotAnalysed || c.verdict == verdictCrash:
			t.notAnalysed++
		case c.Expect == labelRace && c.verdict == verdictRace:
			t.tp++
		case c.Expect == labelFree && c.verdict == verdictRace:
			t.fp++
		case c.Expect == labelRace:
			t.fn++
		default:
			t.tn++
		}
	}
	return t
}

// A miss is a counted case hgrd got wrong, with the reason misses.tsv
// gives, if any.
type miss struct {
	caseResult
	reason string
}

// misses returns the counted cases hgrd got wrong, with their reasons,
// and the listed cases it now gets right.
func (s *suiteResult) misses(known map[string]string) (wrong []miss, fixed []string) {
	run := map[string]bool{}
	for _, c := range s.cases {
		run[c.Path] = true
		if c.counted() && !c.right() {
			wrong = append(wrong, miss{c, known[c.Path]})
		} else if _, listed := known[c.Path]; listed {
			fixed = append(fixed, c.Path)
		}
	}
	return wrong, fixed
}

// write prints the suite's table and its misses.
func (s *suiteResult) write(w io.Writer, known map[string]string) {
	t := s.tally()
	fmt.Fprintf(w, "## GPUVerify CUDA suite: %d cases in scope with a race/free label\n\n", t.counted)
	fmt.Fprintln(w, "| right | TP | FP | FN | TN | not analysed | crashes (all cases run) | median s | max s |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	fmt.Fprintf(w, "| %d (%.1f%%) | %d | %d | %d | %d | %d | %d | %.2f | %.2f |\n\n",
		t.right, percent(t.right, t.counted), t.tp, t.fp, t.fn, t.tn, t.notAnalysed, t.crashes, median(t.seconds), maxOf(t.seconds))
	t.phases.write(w)
	wrong, fixed := s.misses(known)
	if len(wrong) > 0 {
		fmt.Fprintln(w, "| miss | case | reason |")
		fmt.Fprintln(w, "|---|---|---|")
		for _, m := range wrong {
			reason := m.reason
			if reason == "" {
				reason = "UNEXPLAINED (add it to misses.tsv): " + firstProblem(m.run)
			}
			fmt.Fprintf(w, "| %s | %s | %s |\n", m.missKind(), m.Path, reason)
		}
		fmt.Fprintln(w)
	}
	for _, p := range fixed {
		fmt.Fprintf(w, "- %s is right now: remove it from misses.tsv\n", p)
	}
	for _, c := range s.cases {
		if c.verdict == verdictCrash {
			fmt.Fprintf(w, "- CRASH on %s (%s, exit %d): %s\n", c.Path, c.Expect, c.exit, strings.TrimSpace(c.stderr))
		}
	}
	fmt.Fprintln(w)
}

// firstProblem describes what made a run wrong, for an unexplained miss.
func firstProblem(o run) string {
	if o.report == nil {
		return fmt.Sprintf("exit %d: %s", o.exit, strings.TrimSpace(o.stderr))
	}
	for _, f := range o.report.Files {
		switch {
		case f.Error != "":
			return f.Error
		case len(f.Incomplete) > 0:
			return "not fully analysed: " + f.Incomplete[0]
		case len(f.Undecided) > 0:
			return "undecided: " + f.Undecided[0].Reason
		case len(f.Races) > 0:
			r := f.Races[0]
			return fmt.Sprintf("%s:%d: %s [%s]", r.First.File, r.First.Line, r.Title(), r.Kind)
		}
	}
	return "no race reported"
}

func percent(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

// median returns the median of xs, 0 if there are none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func maxOf(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}
