// Package driver runs hgrd's pipeline over a list of files and gathers one
// report.FileResult per file.
//
// Each file is analysed in a child process of its own (isolate.go), so
// that its verdicts do not depend on the files before it. It goes
// through the front end (frontend.Loader), then the analysis
// stages. A failure in one file, including a panic inside the analysis or
// the solver, is recorded as that file's error and never stops the others:
// the run's exit status then says that something was not analysed.
//
// A file's race queries are built first, one per conflicting pair of
// accesses, kind of race and launch context, then divided among eight
// lanes by pair of accesses and kind; each lane has its own solver and answers its queries
// in order, lanes in parallel. The division depends only on the queries,
// so the answers are the same on every run and machine.
package driver
