// This file defines the outcome of analysing one input: its report, and
// the pipeline state that the second pass and the cache need.

package driver

import (
	"errors"
	"fmt"
	"strings"

	"hgrd/analysis"
	"hgrd/frontend"
	"hgrd/report"
)

// An outcome is what analysing one input gives the driver. It is what a
// worker process answers and what the cache stores; only Result reaches
// the report.
type outcome struct {
	Result *report.FileResult
	// Inputs are the files the analysis read: the source, its headers
	// and the partner files whose host code was used. The cache checks
	// them.
	Inputs []string `json:",omitempty"`
	// Linkage says how other files' host code reaches the file's kernels
	// (see CheckInputs' second pass); nil if the file was not analysed.
	Linkage *analysis.Linkage `json:",omitempty"`
	// Timings are the durations of the file's phases; the cache does not
	// keep them.
	Timings report.Timings
}

// newOutcome returns the outcome of an input not analysed yet: no race.
func newOutcome(path string) *outcome {
	return &outcome{Result: &report.FileResult{Path: path, Races: []*report.Race{}}}
}

// fail records err as the file's one-line error, with tool output as its
// detail; the file then has no race.
func (o *outcome) fail(err error) {
	r := o.Result
	r.Races = []*report.Race{}
	var fe *frontend.Error
	if errors.As(err, &fe) {
		r.Error = fmt.Sprintf("%s: %s", fe.Kind, fe.Msg)
		r.ErrorDetail = fe.Detail
		return
	}
	r.Error = strings.SplitN(err.Error(), "\n", 2)[0]
}

// loaded records what loading the file gave: the files read, the front
// end's notes and its timings.
func (o *outcome) loaded(u *frontend.Unit) {
	o.Inputs = u.Inputs
	for _, n := range u.Notes {
		o.Result.Notes = append(o.Result.Notes, report.Note{Pos: u.Path, Message: n})
	}
	o.Timings.Clang, o.Timings.Normalise, o.Timings.Parse = u.Timings.Clang, u.Timings.Normalise, u.Timings.Parse
}

// analysed records the analysis's findings.
func (o *outcome) analysed(res *analysis.Result) {
	r := o.Result
	r.Races = res.Races
	if r.Races == nil {
		r.Races = []*report.Race{} // JSON's [] for none
	}
	r.Undecided = res.Undecided
	r.Incomplete = res.Incomplete
	r.Explain = res.Explain
	link := res.Linkage
	o.Linkage = &link
	o.Timings.Analysis, o.Timings.Solving = res.Analysis, res.Solving
}
