// This file defines how inputs that another input includes get their
// results: through their includer, never analysed alone.

package driver

import "hgrd/report"

// splitIncluded returns the inputs analysed on their own, in order, and
// the indices of those analysed through another input (Input.Through).
// An input whose includer is not among the inputs is analysed on its own.
func splitIncluded(inputs []Input) (own []Input, through []int) {
	present := map[string]bool{}
	for _, in := range inputs {
		if in.Through == "" {
			present[in.Path] = true
		}
	}
	for i, in := range inputs {
		if in.Through != "" && present[in.Through] {
			through = append(through, i)
			continue
		}
		in.Through = ""
		own = append(own, in)
	}
	return own, through
}

// mergeIncluded returns the run's result in input order: the results of
// the inputs analysed on their own, and for each included input a result
// that names its includer and carries the includer's error, if any. Its
// races, found in the includer's analysis, are reported there once.
func mergeIncluded(inputs []Input, own *report.Result, through []int) *report.Result {
	if len(through) == 0 {
		return own
	}
	byPath := map[string]*report.FileResult{}
	for _, f := range own.Files {
		byPath[f.Path] = f
	}
	isThrough := map[int]bool{}
	for _, i := range through {
		isThrough[i] = true
	}
	res := &report.Result{}
	next := 0
	for i, in := range inputs {
		if in.Auxiliary && !isThrough[i] {
			continue
		}
		if !isThrough[i] {
			res.Files = append(res.Files, own.Files[next])
			next++
			continue
		}
		f := &report.FileResult{Path: in.Path, Through: in.Through, Races: []*report.Race{}}
		if inc := byPath[in.Through]; inc != nil {
			f.Error, f.ErrorDetail = inc.Error, inc.ErrorDetail
		}
		res.Files = append(res.Files, f)
	}
	return res
}
