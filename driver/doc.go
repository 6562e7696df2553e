// Package driver runs hgrd's pipeline over a list of inputs and gathers
// one report.FileResult per input.
//
// Each file is analysed in a child process of its own (isolate.go), so
// that its verdicts do not depend on the files before it; Options.Jobs
// files at a time (run.go). It goes through the front end
// (frontend.Loader), then the analysis stages. A failure in one file,
// including a panic inside the analysis or the solver or the per-file
// time budget running out, is recorded as that file's error and never
// stops the others: the run's exit status then says that something was
// not analysed. With Options.Cache, a file whose content, headers, flags
// and hgrd build are unchanged is answered from the cache (cachekey.go).
//
// Host code in other files counts (partners.go): after a first pass, a
// file whose kernels another input launches, or whose launch wrappers
// another input calls, is analysed again with that input's host code
// linked into its own.
//
// A file's race queries are built first, one per conflicting pair of
// accesses, kind of race and launch context, preceded for each pair by
// the union of its kinds' queries, which decides them all when no kind
// can race. They are divided among eight lanes by pair of accesses; each
// lane has its own solver and answers its queries in order, lanes in
// parallel. The division depends only on the queries, so the answers are
// the same on every run and machine.
package driver
