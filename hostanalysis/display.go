// This file defines how host terms are spelled for users.

package hostanalysis

import (
	"strings"

	"hgrd/expr"
)

// displayMax bounds the length of a displayed term: host terms share
// sub-terms (a value computed in a loop of string operations), and
// printed as trees they can be exponentially long (sa-cuda's launch
// facts ran a worker out of memory while being spelled).
const displayMax = 512

// Display spells a host term without the evaluators' namespaces:
// "main#1.n" becomes "n", abbreviated beyond displayMax bytes.
func Display(t *expr.Term) string {
	return expr.Substitute(t, func(v *expr.Term) *expr.Term {
		if i := strings.IndexByte(v.Name, '#'); i >= 0 {
			if j := strings.IndexByte(v.Name[i:], '.'); j >= 0 {
				return expr.Renamed(v, v.Name[i+j+1:])
			}
		}
		return nil
	}).Abbrev(displayMax)
}
