// Package driver runs hgrd's analysis over a list of inputs and gathers
// one report.FileResult per input. It is plumbing: the analysis of one
// file is package analysis's.
//
// Each file is analysed in a child process of its own (isolate.go), so
// that its verdicts do not depend on the files before it; Options.Jobs
// files at a time (run.go). The child is the running executable itself:
// its main function (and the TestMain of tests that analyse files) calls
// ServeIfWorker first. A file goes through the front end
// (frontend.Loader), then analysis.File. A failure in one file,
// including a panic inside the analysis or the solver or the per-file
// time budget running out, is recorded as that file's error and never
// stops the others: the run's exit status then says that something was
// not analysed. With Options.Cache, a file whose content, headers, flags
// and hgrd build are unchanged is answered from the cache (cachekey.go).
//
// Host code in other files counts (partners.go): after a first pass, a
// file whose kernels another input launches, or whose launch wrappers
// another input calls, is analysed again with that input's host code
// linked into its own. What the passes and the cache need besides the
// report (the files read, the functions linking files) travels in the
// driver's own outcome type (outcome.go), never in report types.
package driver
