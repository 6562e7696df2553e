// This file finds, for the second pass of a run, the inputs whose host
// code launches kernels that another input defines.

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
// in input order. Inputs that failed have no partners and are none.
func findPartners(inputs []Input, files []*report.FileResult, opts Options) [][]frontend.HostSource {
	launchers := map[string][]int{} // kernel IR name -> inputs launching it
	for j, f := range files {
		if f.Error != "" || f.Linkage == nil {
			continue
		}
		for _, k := range f.Linkage.External {
			launchers[k] = append(launchers[k], j)
		}
	}
	partners := make([][]frontend.HostSource, len(inputs))
	for i, f := range files {
		if f.Error != "" || f.Linkage == nil {
			continue
		}
		seen := map[int]bool{i: true}
		for _, k := range f.Linkage.Unlaunched {
			for _, j := range launchers[k] {
				if seen[j] || len(partners[i]) == maxPartners || inputs[j].Source != nil {
					continue
				}
				seen[j] = true
				cfg := opts.Frontend
				if inputs[j].Frontend != nil {
					cfg = *inputs[j].Frontend
				}
				partners[i] = append(partners[i], frontend.HostSource{Path: inputs[j].Path, Config: cfg})
			}
		}
	}
	return partners
}
