// Package suppress silences races a user has reviewed: those marked by an
// hgrd:ignore comment in the source, and those of a baseline, an earlier
// run's output. Silenced races move from a file result's Races to its
// Suppressed list, with the reason in their Suppression; they are still in
// the JSON output but no longer make the exit status 1.
//
// # Ignore comments
//
// A comment that starts with hgrd:ignore silences the races one of whose
// two accesses is on its line:
//
//	s[tid] = v; // hgrd:ignore benign: every thread writes the same value
//
// or, when the comment is alone on its line, on the line directly below:
//
//	// hgrd:ignore benign: every thread writes the same value
//	s[tid] = v;
//
// A comment two lines above, or after code on the line above, silences
// nothing. Block comments work too (/* hgrd:ignore reason */); one spanning
// several lines counts as being on its first and on its last line. The text
// after hgrd:ignore is the reason, recorded as the race's suppression; it
// may be left out, and the suppression is then "hgrd:ignore". The marker
// must start the comment, after white space and the extra / * or ! of
// ///, /** and //! comments, and be followed by white space, the end of the
// comment or a kind list.
//
// A kind list in brackets after the marker limits the comment to some
// kinds of race (inter-block, intra-block, intra-warp, separated by
// commas):
//
//	s[tid] = v; // hgrd:ignore[intra-warp,intra-block] reason
//
// silences the intra-warp and intra-block races of that line but still
// reports an inter-block one. Unknown kinds in the list are ignored, so a
// list that names no known kind, or lacks its "]", silences nothing. A "["
// after the marker always opens a kind list, even after a space, so a
// reason cannot start with one.
//
// Comments are found by a small lexer that skips string and character
// literals (C++11 raw strings and C++14 digit separators included), so an
// "hgrd:ignore" inside a string is not a comment. It does not run the
// preprocessor: a comment in an #if 0 block counts.
//
// With --report-unused-ignores, every ignore comment that silences no race
// is reported as a note, so that stale comments do not pile up. Only the
// comments of files analysed without error are checked: the input files and
// the files (headers) their races are in. A comment that would silence a
// race already suppressed (by a baseline applied first) counts as used, as
// does one on a line of a pair the solver could not decide.
//
// # Baselines
//
// A baseline lets hgrd be adopted on code with known races: only races new
// since the baseline are reported. It is the output of an earlier run, in
// hgrd's JSON form (--format json, or as WriteBaseline writes it) or in
// SARIF 2.1.0 (--format sarif). Races are matched by fingerprint (see
// report.SetFingerprints), which survives edits that move lines but changes
// when the racing expressions, the kernel or the kind of race change. The
// baseline is a set of fingerprints: one present silences every race that
// has it. Races a baseline silences get the suppression "baseline".
//
// From hgrd JSON the baseline takes the reported races and those an earlier
// baseline silenced, not those an ignore comment silenced; races without a
// fingerprint (output of an older hgrd) get theirs computed. From SARIF it
// takes each result's partialFingerprints entry whose key starts with
// "hgrdRace" ("hgrdRace/v1"), skipping results suppressed in source and the
// runs of other tools. WriteBaseline writes the reported races only, without
// their witnesses, so that a committed baseline changes only when the races
// do.
package suppress
