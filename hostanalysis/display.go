// This file defines how host terms are spelled for users.

package hostanalysis

import (
	"strings"

	"hgrd/expr"
)

// Display spells a host term without the evaluators' namespaces:
// "main#1.n" becomes "n", abbreviated beyond expr.DisplayMax bytes: host
// terms share sub-terms, and printed as trees they can be exponentially
// long (sa-cuda's launch facts ran a worker out of memory being spelled).
func Display(t *expr.Term) string {
	return expr.Substitute(t, func(v *expr.Term) *expr.Term {
		if i := strings.IndexByte(v.Name, '#'); i >= 0 {
			if j := strings.IndexByte(v.Name[i:], '.'); j >= 0 {
				return expr.Renamed(v, v.Name[i+j+1:])
			}
		}
		return nil
	}).Abbrev(expr.DisplayMax)
}
