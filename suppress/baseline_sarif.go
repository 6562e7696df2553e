// This file reads the fingerprints of a baseline in SARIF form.

package suppress

import (
	"encoding/json"
	"fmt"
	"strings"
)

// fingerprintKeyPrefix starts the partialFingerprints key under which hgrd
// writes a race's fingerprint ("hgrdRace/v1").
const fingerprintKeyPrefix = "hgrdRace"

// sarifLog is the part of a SARIF 2.1.0 log a baseline needs.
type sarifLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Name string `json:"name"`
			} `json:"driver"`
		} `json:"tool"`
		Results []sarifResult `json:"results"`
	} `json:"runs"`
}

type sarifResult struct {
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Suppressions        []struct {
		Kind string `json:"kind"`
	} `json:"suppressions"`
}

// sarifFingerprints returns the fingerprints of the results of the hgrd
// runs of a SARIF log (runs of other tools are skipped).
func sarifFingerprints(data []byte) (map[string]bool, error) {
	var log sarifLog
	if err := json.Unmarshal(data, &log); err != nil {
		return nil, fmt.Errorf("malformed SARIF: %v", err)
	}
	fingerprints := map[string]bool{}
	for i, run := range log.Runs {
		if name := run.Tool.Driver.Name; name != "" && name != "hgrd" {
			continue
		}
		for j, result := range run.Results {
			if result.suppressedInSource() {
				continue
			}
			found := result.hgrdFingerprints()
			if len(found) == 0 {
				return nil, fmt.Errorf("SARIF run %d result %d has no %s partial fingerprint (written by an older hgrd?)", i, j, fingerprintKeyPrefix)
			}
			for _, fingerprint := range found {
				fingerprints[fingerprint] = true
			}
		}
	}
	return fingerprints, nil
}

// hgrdFingerprints returns the result's partial fingerprints whose key
// starts with "hgrdRace".
func (r sarifResult) hgrdFingerprints() []string {
	var found []string
	for key, value := range r.PartialFingerprints {
		if strings.HasPrefix(key, fingerprintKeyPrefix) && value != "" {
			found = append(found, value)
		}
	}
	return found
}

// suppressedInSource reports whether the result was silenced by a comment
// (an hgrd:ignore) rather than reported or silenced by a baseline.
func (r sarifResult) suppressedInSource() bool {
	for _, s := range r.Suppressions {
		if s.Kind == "inSource" {
			return true
		}
	}
	return false
}
