// This file defines the run over the real applications: each program's
// folder scanned by hgrd, so that kernels launched from another file get
// that file's host facts, and the table of files, reasons, races, time and
// memory.

package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"hgrd/internal/parallel"
	"hgrd/report"
)

// quickPrograms are the applications --quick scans: small ones, with host
// code; one of them has a file hgrd cannot analyse.
var quickPrograms = []string{"affine-cuda", "allreduce-cuda", "atomicCost-cuda"}

// A programResult is one application's scan.
type programResult struct {
	name string
	run
}

// An appsResult is the run over the applications.
type appsResult struct {
	programs []programResult
}

// hecbench scans every application folder of dir (or the quick ones).
func (r *runner) hecbench(ctx context.Context, dir string, quick bool) (*appsResult, error) {
	names := quickPrograms
	if !quick {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		names = nil
		for _, e := range entries {
			if e.IsDir() {
				names = append(names, e.Name())
			}
		}
	}
	res := &appsResult{programs: make([]programResult, len(names))}
	parallel.ForEach(len(names), r.jobs, func(i int) {
		// Each file may use its budget in both passes of the scan: a
		// program of many files gets more than the usual ten budgets.
		budgets := max(10, 3*countSources(filepath.Join(dir, names[i])))
		o := r.hgrdRunWithin(ctx, budgets, dir, "scan", "-j", "1", names[i])
		res.programs[i] = programResult{names[i], o}
		if err := r.keep(names[i], o); err != nil {
			fmt.Fprintln(os.Stderr, "hgrd-conformance:", err)
		}
	})
	return res, nil
}

// countSources returns the number of .cu files below dir.
func countSources(dir string) int {
	n := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(path) == ".cu" {
			n++
		}
		return nil
	})
	return n
}

// A fileOutcome is one .cu file's result in a scan.
type fileOutcome struct {
	program string
	file    *report.FileResult
}

// files returns every file's result, and the programs whose scan crashed.
func (a *appsResult) files() (files []fileOutcome, crashed []programResult) {
	for _, p := range a.programs {
		if p.crashed() {
			crashed = append(crashed, p)
			continue
		}
		for _, f := range p.report.Files {
			files = append(files, fileOutcome{p.name, f})
		}
	}
	return files, crashed
}

// reasonOf classifies why a file was not analysed, or "" if it was.
func reasonOf(f *report.FileResult) string {
	switch {
	case f.Error != "":
		return errorReason(f.Error)
	case len(f.Incomplete) > 0:
		return "not fully analysed: " + incompleteReason(f.Incomplete[0])
	case len(f.Undecided) > 0:
		return "undecided pair (solver budget)"
	}
	return ""
}

var (
	missingHeader = regexp.MustCompile(`'([^']+)' file not found`)
	clangError    = regexp.MustCompile(`error: (.*)$`)
	quoted        = regexp.MustCompile(`'[^']*'`)
	calledFunc    = regexp.MustCompile(`call to (\S+)`)
)

// errorReason turns a file's error into a reason shared by files failing
// alike: the missing header, the kind of compile error, the budget.
func errorReason(msg string) string {
	if m := missingHeader.FindStringSubmatch(msg); m != nil {
		return "missing header " + m[1]
	}
	kind, rest, _ := strings.Cut(msg, ":")
	if kind == "compile error" {
		if m := clangError.FindStringSubmatch(rest); m != nil {
			return "compile error: " + quoted.ReplaceAllString(m[1], "'…'")
		}
	}
	return kind
}

// incompleteReason names what the analysis could not see into.
func incompleteReason(note string) string {
	if m := calledFunc.FindStringSubmatch(note); m != nil {
		return "call to " + m[1] + " without a body"
	}
	if before, _, ok := strings.Cut(note, " ran out while solving"); ok {
		return before + " ran out while solving (races found before are reported)"
	}
	return note
}

// write prints the applications' table, the reasons and the races.
func (a *appsResult) write(w io.Writer) {
	files, crashed := a.files()
	var seconds []float64
	var phases phaseShare
	reasons := map[string]int{}
	analysed, races := 0, 0
	var peak int64
	for _, p := range a.programs {
		peak = max(peak, p.maxRSS)
	}
	for _, f := range files {
		seconds = append(seconds, f.file.Seconds)
		phases.add(f.file.Phases)
		races += len(f.file.Races)
		if r := reasonOf(f.file); r != "" {
			reasons[r]++
		} else {
			analysed++
		}
	}
	fmt.Fprintf(w, "## Applications: %d programs, %d .cu files\n\n", len(a.programs), len(files))
	fmt.Fprintln(w, "| files analysed | not analysed | races | median s/file | max s/file | peak memory | crashed programs |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|")
	fmt.Fprintf(w, "| %d (%.0f%%) | %d | %d | %.2f | %.2f | %d MiB | %d |\n\n", analysed, percent(analysed, len(files)),
		len(files)-analysed, races, median(seconds), maxOf(seconds), peak>>20, len(crashed))
	phases.write(w)
	if len(reasons) > 0 {
		fmt.Fprintln(w, "| files | not analysed because |")
		fmt.Fprintln(w, "|---|---|")
		for _, r := range sortedByCount(reasons) {
			fmt.Fprintf(w, "| %d | %s |\n", reasons[r], r)
		}
		fmt.Fprintln(w)
	}
	writeNotAnalysed(w, files)
	writeSlowest(w, files, slowestShown)
	writeLargest(w, files, largestShown)
	for _, p := range crashed {
		fmt.Fprintf(w, "- CRASH scanning %s (exit %d): %s\n", p.name, p.exit, strings.TrimSpace(p.stderr))
	}
	if races > 0 {
		fmt.Fprintln(w, "| race | kind | first access | second access |")
		fmt.Fprintln(w, "|---|---|---|---|")
		for _, f := range files {
			for _, r := range f.file.Races {
				fmt.Fprintf(w, "| %s | %s | %s:%d:%d | %s:%d:%d |\n", r.Title(), r.Kind,
					r.First.File, r.First.Line, r.First.Column, r.Second.File, r.Second.Line, r.Second.Column)
			}
		}
		fmt.Fprintln(w)
	}
}

// A phaseShare compares, over files, the time in clang-14 and opt-14
// with hgrd's own (parsing, analysis, solving).
type phaseShare struct {
	frontEnd, own []float64
	ownNoLonger   int // files whose own time is at most their front end's
}

// add counts one file's phases (nil: a file with none, not counted).
func (p *phaseShare) add(ph *report.PhaseSeconds) {
	if ph == nil {
		return
	}
	p.frontEnd = append(p.frontEnd, ph.FrontEnd())
	p.own = append(p.own, ph.Own())
	if ph.OwnNoLonger() {
		p.ownNoLonger++
	}
}

// write prints the comparison as a table.
func (p *phaseShare) write(w io.Writer) {
	if len(p.own) == 0 {
		return
	}
	fmt.Fprintln(w, "| files timed | median s in clang+opt (both sides, summed) | median s in hgrd's own work (parse, analysis, solving) | max s in hgrd's own work | files whose own work took no longer than clang+opt |")
	fmt.Fprintln(w, "|---|---|---|---|---|")
	fmt.Fprintf(w, "| %d | %.2f | %.2f | %.2f | %d (%.0f%%) |\n\n", len(p.own), median(p.frontEnd), median(p.own), maxOf(p.own),
		p.ownNoLonger, percent(p.ownNoLonger, len(p.own)))
}

// writeNotAnalysed lists each file not analysed with its reason.
func writeNotAnalysed(w io.Writer, files []fileOutcome) {
	header := false
	for _, f := range files {
		r := reasonOf(f.file)
		if r == "" {
			continue
		}
		if !header {
			fmt.Fprintln(w, "| file not analysed | reason |")
			fmt.Fprintln(w, "|---|---|")
			header = true
		}
		fmt.Fprintf(w, "| %s/%s | %s |\n", f.program, f.file.Path, r)
	}
	if header {
		fmt.Fprintln(w)
	}
}

// slowestShown is how many files the table of the slowest lists.
const slowestShown = 15

// writeSlowest lists the n analysed files whose own work (parse,
// analysis, solving) took longest, with their time in clang and opt: a
// figure of work that two runs on machines of different speeds can
// compare, where a file's wall clock against the per-file budget is what
// a slower day changes most.
func writeSlowest(w io.Writer, files []fileOutcome, n int) {
	var timed []fileOutcome
	for _, f := range files {
		if reasonOf(f.file) == "" && f.file.Phases != nil {
			timed = append(timed, f)
		}
	}
	sort.SliceStable(timed, func(i, j int) bool { return timed[i].file.Phases.Own() > timed[j].file.Phases.Own() })
	if len(timed) == 0 {
		return
	}
	fmt.Fprintln(w, "| slowest analysed file | s in hgrd's own work | s in clang+opt | peak MiB |")
	fmt.Fprintln(w, "|---|---|---|---|")
	for _, f := range timed[:min(n, len(timed))] {
		fmt.Fprintf(w, "| %s/%s | %.2f | %.2f | %d |\n", f.program, f.file.Path, f.file.Phases.Own(), f.file.Phases.FrontEnd(), f.file.PeakMiB)
	}
	fmt.Fprintln(w)
}

// largestShown is how many files the table of the largest peaks lists.
const largestShown = 5

// writeLargest lists the n files, analysed or not, whose analysis held
// the most memory: the bound is on every file's.
func writeLargest(w io.Writer, files []fileOutcome, n int) {
	sized := slices.Clone(files)
	sort.SliceStable(sized, func(i, j int) bool { return sized[i].file.PeakMiB > sized[j].file.PeakMiB })
	fmt.Fprintln(w, "| largest file | peak MiB | s in all |")
	fmt.Fprintln(w, "|---|---|---|")
	for _, f := range sized[:min(n, len(sized))] {
		fmt.Fprintf(w, "| %s/%s | %d | %.2f |\n", f.program, f.file.Path, f.file.PeakMiB, f.file.Seconds)
	}
	fmt.Fprintln(w)
}

// sortedByCount returns the keys of counts, most frequent first.
func sortedByCount(counts map[string]int) []string {
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if counts[keys[i]] != counts[keys[j]] {
			return counts[keys[i]] > counts[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}
