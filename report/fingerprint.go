// This file defines race fingerprints: identities of races that survive
// edits which move lines, for baselines and SARIF partialFingerprints.

package report

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
)

// fingerprintVersion prefixes every fingerprint so that a change of what
// is hashed never matches fingerprints of an older hgrd by accident.
const fingerprintVersion = "hgrd1"

// identity returns what a fingerprint hashes: the kind of race, the
// memory, the kernel, the object, and of each access its kind, its source
// expression and its file's base name. Lines and columns are left out, so
// that an edit above a race keeps its fingerprint.
func (r *Race) identity() string {
	side := func(a Access) string {
		return fmt.Sprintf("%s|%s|%s", filepath.Base(a.File), a.Access, a.Expr)
	}
	return fmt.Sprintf("%s|%s|%s|%s|%s|%s", r.Kind, r.Memory, r.Kernel, r.Object, side(r.First), side(r.Second))
}

// SetFingerprints gives each race of the file its fingerprint. Races of
// one identity (the same expressions in two places of one kernel) are
// told apart by their order in the file: the second gets the suffix ":2".
func SetFingerprints(f *FileResult) {
	seen := map[string]int{}
	for _, r := range f.Races {
		id := r.identity()
		seen[id]++
		sum := sha256.Sum256([]byte(id))
		r.Fingerprint = fingerprintVersion + ":" + hex.EncodeToString(sum[:12])
		if n := seen[id]; n > 1 {
			r.Fingerprint += fmt.Sprintf(":%d", n)
		}
	}
}
