// This file finds, for the second pass of a run, the inputs whose host
// code reaches another input's kernels from outside it.

package driver

import "hgrd/frontend"

// maxPartners bounds the files whose host code is linked into one
// input's: a kernel launched from many files is analysed with the first.
const maxPartners = 8

// findPartners returns, for each input, the other inputs whose host code
// calls one of the functions the input exports to them (Linkage.Exported:
// the launch stub of a kernel it does not launch itself, or a launch
// wrapper), in input order. Inputs that failed have no partners and are
// none; auxiliary inputs (host code only) have none but may be one.
func findPartners(inputs []Input, outcomes []*outcome, opts Options) [][]frontend.HostSource {
	callers := map[string][]int{} // function IR name -> inputs calling it
	for j, f := range outcomes {
		if f.Result.Error != "" || f.Linkage == nil || inputs[j].Source != nil {
			continue
		}
		for _, fn := range f.Linkage.Imported {
			callers[fn] = append(callers[fn], j)
		}
	}
	partners := make([][]frontend.HostSource, len(inputs))
	for i, f := range outcomes {
		if f.Result.Error != "" || f.Linkage == nil || inputs[i].Auxiliary {
			continue
		}
		seen := map[int]bool{i: true}
		for _, fn := range f.Linkage.Exported {
			for _, j := range callers[fn] {
				if seen[j] || len(partners[i]) == maxPartners {
					continue
				}
				seen[j] = true
				partners[i] = append(partners[i], frontend.HostSource{Path: inputs[j].Path, Config: inputConfig(inputs[j], opts)})
			}
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
