// This file applies hgrd:ignore comments to a result.

package suppress

import (
	"fmt"
	"os"
	"path/filepath"

	"hgrd/report"
)

// unusedMessage is the message of the note for an ignore comment that
// silences no race.
const unusedMessage = "hgrd:ignore comment silences no race"

// Apply moves each race of the result that an hgrd:ignore comment silences
// from Races to Suppressed (Suppression = the comment's reason, or
// "hgrd:ignore" if none), reading sources with read (nil = os.ReadFile; an
// unreadable file silences nothing). It returns the ignore comments that
// silenced nothing, as report.Note{Pos: "file:line:col", Message:
// "hgrd:ignore comment silences no race"}, for --report-unused-ignores;
// only comments in files of the result that were analysed without error
// count (both the analysed files and the files named by race accesses, e.g.
// headers).
//
// A comment that would silence a race already in Suppressed (silenced by a
// baseline, or by an earlier Apply) counts as used, as does one on a line
// of an undecided pair, which may yet be a race. Each file is read once.
func Apply(r *report.Result, read func(string) ([]byte, error)) (unused []report.Note) {
	sources := newSourceCache(read)
	for _, f := range r.Files {
		for _, race := range f.Suppressed {
			sources.silencingIgnore(race)
		}
		silenceIgnored(f, sources)
		markUndecided(f, sources)
	}
	return unusedIgnores(r, sources)
}

// silenceIgnored moves the races of f that an ignore comment silences to
// f.Suppressed.
func silenceIgnored(f *report.FileResult, sources *sourceCache) {
	kept := make([]*report.Race, 0, len(f.Races))
	for _, race := range f.Races {
		ig := sources.silencingIgnore(race)
		if ig == nil {
			kept = append(kept, race)
			continue
		}
		race.Suppression = ig.suppression()
		f.Suppressed = append(f.Suppressed, race)
	}
	f.Races = kept
}

// markUndecided marks as used the ignore comments on the lines of f's
// undecided pairs: the pair may be a race a later run reports.
func markUndecided(f *report.FileResult, sources *sourceCache) {
	for _, pair := range f.Undecided {
		for _, access := range []report.Access{pair.First, pair.Second} {
			for _, ig := range sources.ignores(access.File) {
				if ig.covers(access.Line) {
					ig.used = true
				}
			}
		}
	}
}

// unusedIgnores returns a note for each unused ignore comment of the files
// whose comments count, file by file and in source order.
func unusedIgnores(r *report.Result, sources *sourceCache) []report.Note {
	var notes []report.Note
	for _, path := range filesCheckedForUnused(r) {
		for _, ig := range sources.ignores(path) {
			if !ig.used {
				notes = append(notes, report.Note{
					Pos:     fmt.Sprintf("%s:%d:%d", path, ig.line, ig.column),
					Message: unusedMessage,
				})
			}
		}
	}
	return notes
}

// filesCheckedForUnused lists, once each and in order of appearance, the
// files of the result analysed without error and the files their races'
// accesses name.
func filesCheckedForUnused(r *report.Result) []string {
	var paths []string
	seen := map[string]bool{}
	add := func(path string) {
		if key := filepath.Clean(path); path != "" && !seen[key] {
			seen[key] = true
			paths = append(paths, path)
		}
	}
	for _, f := range r.Files {
		if f.Error != "" {
			continue
		}
		add(f.Path)
		for _, races := range [][]*report.Race{f.Races, f.Suppressed} {
			for _, race := range races {
				add(race.First.File)
				add(race.Second.File)
			}
		}
	}
	return paths
}

// A sourceCache holds the ignore comments of each file read so far.
type sourceCache struct {
	read    func(string) ([]byte, error)
	byClean map[string][]*ignore // keyed by filepath.Clean of the path
}

func newSourceCache(read func(string) ([]byte, error)) *sourceCache {
	if read == nil {
		read = os.ReadFile
	}
	return &sourceCache{read: read, byClean: map[string][]*ignore{}}
}

// ignores returns the ignore comments of a file, reading it on first use;
// an unreadable file has none.
func (c *sourceCache) ignores(path string) []*ignore {
	if path == "" {
		return nil
	}
	key := filepath.Clean(path)
	if ignores, ok := c.byClean[key]; ok {
		return ignores
	}
	var ignores []*ignore
	if src, err := c.read(path); err == nil {
		ignores = ignoresIn(src)
	}
	c.byClean[key] = ignores
	return ignores
}

// silencingIgnore marks as used every ignore comment that silences the
// race and returns the first of them (those of the first access first), or
// nil if none does.
func (c *sourceCache) silencingIgnore(race *report.Race) *ignore {
	var first *ignore
	for _, access := range []report.Access{race.First, race.Second} {
		for _, ig := range c.ignores(access.File) {
			if ig.covers(access.Line) && ig.silences(race.Kind) {
				ig.used = true
				if first == nil {
					first = ig
				}
			}
		}
	}
	return first
}
