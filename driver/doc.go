// Package driver runs hgrd's pipeline over a list of files and gathers one
// report.FileResult per file.
//
// Each file goes through the front end (frontend.Loader), then the analysis
// stages. A failure in one file, including a panic inside the analysis or
// the solver, is recorded as that file's error and never stops the others:
// the run's exit status then says that something was not analysed.
package driver
