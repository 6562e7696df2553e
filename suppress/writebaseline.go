// This file writes baseline files.

package suppress

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"hgrd/report"
)

// WriteBaseline writes the result's races (not the suppressed ones) as a
// baseline file: the hgrd JSON form, which LoadBaseline reads. Only files
// with races are listed, and races are written without their witness, so
// that the file, meant to be committed, changes only when the races do.
// Races lacking a fingerprint are written with the one
// report.SetFingerprints gives them; r itself is not changed. The file is
// replaced atomically: written to a temporary file in the same directory,
// then renamed.
func WriteBaseline(path string, r *report.Result) error {
	data, err := json.MarshalIndent(baselineOf(r), "", "  ")
	if err != nil {
		return fmt.Errorf("baseline %s: %w", path, err)
	}
	if err := writeFileAtomic(path, append(data, '\n')); err != nil {
		return fmt.Errorf("baseline %s: %w", path, err)
	}
	return nil
}

// baselineOf returns the result as a baseline stores it: copies of the
// files with races, holding copies of their races without witness.
func baselineOf(r *report.Result) *report.Result {
	out := &report.Result{Files: []*report.FileResult{}}
	for _, f := range r.Files {
		if len(f.Races) == 0 {
			continue
		}
		races := make([]*report.Race, len(f.Races))
		for i, race := range f.Races {
			stored := *race
			stored.Witness = nil
			stored.Suppression = ""
			races[i] = &stored
		}
		stored := &report.FileResult{Path: f.Path, Races: races}
		fillMissingFingerprints(stored)
		out.Files = append(out.Files, stored)
	}
	return out
}

// baselineMode is the permission of a written baseline file.
const baselineMode = 0o644

// writeFileAtomic replaces the file at path with data, so that readers see
// either the old content or the new, never part of it.
func writeFileAtomic(path string, data []byte) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(baselineMode); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
