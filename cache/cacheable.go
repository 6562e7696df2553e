// This file decides which results may be cached.

package cache

import (
	"slices"
	"strings"

	"hgrd/report"
)

// transientErrorMarkers are lowercase fragments of errors that depend on
// the run rather than on the inputs: budgets, cancellation, crashes, a
// missing or unreadable toolchain or file.
var transientErrorMarkers = []string{
	"timeout",
	"timed out",
	"time budget",
	"deadline exceeded",
	"canceled",
	"cancelled",
	"internal error",
	"killed",
	"signal",
	"out of memory",
	"memory limit",
	"toolchain error",
	"read error",
}

// Cacheable reports whether res is determined by its inputs, so that it
// may be cached: a clean result, a result with races or a compile error
// is; nil, a result with undecided pairs, or one whose Error or an
// Incomplete entry is transient (see transientErrorMarkers: a time
// budget that ran out while solving) is not.
func Cacheable(res *report.FileResult) bool {
	if res == nil || len(res.Undecided) > 0 || slices.ContainsFunc(res.Incomplete, isTransientError) {
		return false
	}
	return !isTransientError(res.Error)
}

// isTransientError reports whether msg names a failure that another run
// with the same inputs might not have.
func isTransientError(msg string) bool {
	msg = strings.ToLower(msg)
	for _, marker := range transientErrorMarkers {
		if strings.Contains(msg, marker) {
			return true
		}
	}
	return false
}
