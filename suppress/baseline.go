// This file defines baselines: the races of an earlier run, which a later
// run does not report again.

package suppress

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"hgrd/report"
)

// baselineSuppression is the Suppression of races a baseline silences.
const baselineSuppression = "baseline"

// A Baseline is the set of races of an earlier run, by fingerprint.
//
// It is a set, not a multiset: a fingerprint in the baseline silences every
// race that has it. Races of one identity are told apart by the ":2", ":3"
// suffixes of report.SetFingerprints, so this only matters when such a
// suffix shifts, as when an earlier race of the same identity is fixed.
type Baseline struct {
	fingerprints map[string]bool
}

// LoadBaseline reads an earlier run's JSON (hgrd --format json) or SARIF
// 2.1.0 (hgrd --format sarif) output; the format is detected from the
// content ("$schema"/"runs" for SARIF, "files" for hgrd JSON). Errors name
// the file and the reason.
//
// Of hgrd JSON, the baseline holds the races and the suppressed races whose
// Suppression is "baseline" (they were in the earlier run's baseline);
// races lacking a fingerprint (older output) get one from
// report.SetFingerprints. Of SARIF, it holds the fingerprint of every result
// except those suppressed in source (by an hgrd:ignore comment); a result
// without one is an error.
func LoadBaseline(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pathErr *fs.PathError
		if errors.As(err, &pathErr) {
			err = pathErr.Err
		}
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	fingerprints, err := parseBaseline(data)
	if err != nil {
		return nil, fmt.Errorf("baseline %s: %w", path, err)
	}
	return &Baseline{fingerprints: fingerprints}, nil
}

// parseBaseline returns the fingerprints of hgrd JSON or SARIF output.
func parseBaseline(data []byte) (map[string]bool, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, fmt.Errorf("not a JSON object: %v", err)
	}
	if has(top, "$schema") || has(top, "runs") {
		return sarifFingerprints(data)
	}
	if has(top, "files") {
		return jsonFingerprints(data)
	}
	return nil, errors.New(`neither hgrd JSON output (no "files") nor SARIF (no "runs")`)
}

func has(object map[string]json.RawMessage, key string) bool {
	_, ok := object[key]
	return ok
}

// jsonFingerprints returns the fingerprints of hgrd JSON output.
func jsonFingerprints(data []byte) (map[string]bool, error) {
	var old report.Result
	if err := json.Unmarshal(data, &old); err != nil {
		return nil, fmt.Errorf("malformed hgrd JSON: %v", err)
	}
	fingerprints := map[string]bool{}
	for _, f := range old.Files {
		if f == nil {
			continue
		}
		f.Races = slices.DeleteFunc(f.Races, isNilRace)
		fillMissingFingerprints(f)
		for _, race := range f.Races {
			fingerprints[race.Fingerprint] = true
		}
		for _, race := range f.Suppressed {
			if race != nil && race.Suppression == baselineSuppression && race.Fingerprint != "" {
				fingerprints[race.Fingerprint] = true
			}
		}
	}
	return fingerprints, nil
}

func isNilRace(race *report.Race) bool { return race == nil }

func lacksFingerprint(race *report.Race) bool { return race.Fingerprint == "" }

// fillMissingFingerprints gives the races of f that lack a fingerprint the
// one report.SetFingerprints computes, keeping the others' fingerprints.
func fillMissingFingerprints(f *report.FileResult) {
	if !slices.ContainsFunc(f.Races, lacksFingerprint) {
		return
	}
	had := make([]string, len(f.Races))
	for i, race := range f.Races {
		had[i] = race.Fingerprint
	}
	report.SetFingerprints(f)
	for i, fingerprint := range had {
		if fingerprint != "" {
			f.Races[i].Fingerprint = fingerprint
		}
	}
}

// Len returns the number of fingerprints in the baseline.
func (b *Baseline) Len() int {
	if b == nil {
		return 0
	}
	return len(b.fingerprints)
}

// Filter moves every race whose fingerprint is in the baseline from Races
// to Suppressed with Suppression "baseline", and returns how many it moved.
// Races lacking a fingerprint first get one from report.SetFingerprints.
// A nil Baseline moves nothing.
func (b *Baseline) Filter(r *report.Result) int {
	if b == nil {
		return 0
	}
	moved := 0
	for _, f := range r.Files {
		fillMissingFingerprints(f)
		kept := make([]*report.Race, 0, len(f.Races))
		for _, race := range f.Races {
			if !b.fingerprints[race.Fingerprint] {
				kept = append(kept, race)
				continue
			}
			race.Suppression = baselineSuppression
			f.Suppressed = append(f.Suppressed, race)
			moved++
		}
		f.Races = kept
	}
	return moved
}
