package report

import (
	"strings"
	"testing"
)

func TestFingerprintsSurviveMovedLinesAndTellDuplicatesApart(t *testing.T) {
	race := func(line int, expr string) *Race {
		return &Race{Kind: IntraBlock, Memory: Shared, Kernel: "k", Object: "s",
			First:  Access{File: "dir/k.cu", Line: line, Column: 3, Access: Write, Expr: expr},
			Second: Access{File: "dir/k.cu", Line: line + 1, Column: 3, Access: Read, Expr: expr}}
	}
	before := &FileResult{Races: []*Race{race(10, "s[tid]"), race(20, "s[tid]"), race(30, "s[tid+1]")}}
	after := &FileResult{Races: []*Race{race(12, "s[tid]"), race(22, "s[tid]"), race(32, "s[tid+1]")}}
	SetFingerprints(before)
	SetFingerprints(after)
	seen := map[string]bool{}
	for i, r := range before.Races {
		if r.Fingerprint != after.Races[i].Fingerprint {
			t.Errorf("race %d: fingerprint changed when lines moved: %s vs %s", i, r.Fingerprint, after.Races[i].Fingerprint)
		}
		if seen[r.Fingerprint] {
			t.Errorf("race %d: fingerprint %s not unique", i, r.Fingerprint)
		}
		seen[r.Fingerprint] = true
		if !strings.HasPrefix(r.Fingerprint, fingerprintVersion+":") {
			t.Errorf("race %d: fingerprint %s lacks the version prefix", i, r.Fingerprint)
		}
	}
	other := &FileResult{Races: []*Race{race(10, "s[tid]")}}
	other.Races[0].Kind = IntraWarp
	SetFingerprints(other)
	if other.Races[0].Fingerprint == before.Races[0].Fingerprint {
		t.Error("races of different kinds share a fingerprint")
	}
}
