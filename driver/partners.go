// This file finds, for the second pass of a run, the inputs whose host
// code reaches launches that another input makes or kernels it defines.

package driver

import (
	"hgrd/frontend"
	"hgrd/report"
)

// maxPartners bounds the files whose host code is linked into one
// input's: a kernel launched from many files is analysed with the first.
const maxPartners = 8

// findPartners returns, for each input, the other inputs whose host code
// launches a kernel that the input defines and does not launch itself,
// or calls a function of the input's from which a launch is reachable (a
// launch wrapper), in input order. Inputs that failed have no partners
// and are none; auxiliary inputs (host code only) have none but may be
// one.
func findPartners(inputs []Input, files []*report.FileResult, opts Options) [][]frontend.HostSource {
	launchers := map[string][]int{} // kernel IR name -> inputs launching it
	callers := map[string][]int{}   // function IR name -> inputs calling it
	for j, f := range files {
		if f.Error != "" || f.Linkage == nil || inputs[j].Source != nil {
			continue
		}
		for _, k := range f.Linkage.External {
			launchers[k] = append(launchers[k], j)
		}
		for _, fn := range f.Linkage.Imported {
			callers[fn] = append(callers[fn], j)
		}
	}
	partners := make([][]frontend.HostSource, len(inputs))
	for i, f := range files {
		if f.Error != "" || f.Linkage == nil || inputs[i].Auxiliary {
			continue
		}
		var candidates []int
		for _, k := range f.Linkage.Unlaunched {
			candidates = append(candidates, launchers[k]...)
		}
		for _, fn := range f.Linkage.Launchers {
			candidates = append(candidates, callers[fn]...)
		}
		seen := map[int]bool{i: true}
		for _, j := range candidates {
			if seen[j] || len(partners[i]) == maxPartners {
				continue
			}
			seen[j] = true
			partners[i] = append(partners[i], frontend.HostSource{Path: inputs[j].Path, Config: inputConfig(inputs[j], opts)})
		}
	}
	return partners
}

// inputConfig returns the front-end flags of an input.
func inputConfig(in Input, opts Options) frontend.Config {
	if in.Frontend != nil {
		return *in.Frontend
	}
	return opts.Frontend
}
