// Package racetest runs hgrd on example CUDA programs and checks the races
// it reports against expectations written in the programs themselves, the
// way golang.org/x/tools/go/analysis/analysistest checks diagnostics.
//
// # Layout
//
// A case is a directory holding one or more .cu files. [Run] analyses each
// case's .cu files with [hgrd/driver.Check] and compares the races with the
// case's // want comments. A case's launch shape comes from its host code;
// a kernel no host code launches takes the shape given on the first line of
// a file of the case:
//
//	// hgrd-flags: --grid-dim 4 --block-dim 64,2
//
// # Expectations
//
// A race is expected by a comment on the line of its first access, the
// earlier of its two accesses by (line, column). The comment holds one
// quoted Go regexp per expected race, in double quotes (with Go escapes) or
// back quotes (raw):
//
//	s[tid] = v; // want "intra-warp write-read race on shared s with line 14"
//
// A race is described as
//
//	{kind} {first access}-{second access} race on {memory} {object} with line {second line}
//
// for instance "inter-block write-write race on global out with line 12"
// (see [Describe]). A regexp matches a race if it matches its description or
// a substring of it. Each race must match a want on its line and each want
// exactly one race; a line with no want must have no race. A file the
// driver could not analyse, and a pair it could not decide, fail the case.
//
// # Testing the harness
//
// [Run] takes a [Testing], the part of *testing.T it needs, so that the
// harness's own tests can watch it fail. The matching itself is the pure
// function [Match], and [ParseWants] reads the comments.
package racetest
