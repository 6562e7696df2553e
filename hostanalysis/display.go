// This file defines how host terms are spelled for users.

package hostanalysis

import (
	"strings"

	"hgrd/expr"
)

// Display spells a host term without the evaluators' namespaces:
// "main#1.n" becomes "n".
func Display(t *expr.Term) string {
	return expr.Substitute(t, func(v *expr.Term) *expr.Term {
		if i := strings.IndexByte(v.Name, '#'); i >= 0 {
			if j := strings.IndexByte(v.Name[i:], '.'); j >= 0 {
				return expr.Renamed(v, v.Name[i+j+1:])
			}
		}
		return nil
	}).String()
}
