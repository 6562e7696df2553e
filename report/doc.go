// Package report holds the results of a run of hgrd and prints them as
// gcc-style text, JSON, SARIF 2.1.0 (sarif.go: rules, code flows,
// fingerprints) or one self-contained HTML page (html.go).
//
// # Result
//
// A Result lists one FileResult per input file, in input order: the races
// found in it, the pairs the solver could not decide, or the error that
// stopped its analysis. Result.ExitCode maps it to hgrd's exit status: 0 when
// every file was analysed and none races, 1 when some race was found and
// every file was analysed, 2 when some file or some pair could not be
// analysed.
//
// # Formats
//
// The JSON form is the contract other tools rely on:
//
//	{"files": [{"path", "error"?, "races": [{"kind", "memory",
//	  "first": {"file", "line", "column", "access"}, "second": {...},
//	  "witness": {...}}]}]}
//
// The text form is gcc-style so that editors and CI parse it, with the
// second access of a race on an indented note line:
//
//	k.cu:12:5: warning: intra-block write-write race on shared s [intra-block]
//		k.cu:14:9: note: conflicting read by another thread
package report
