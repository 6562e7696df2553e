// Package testkit holds the helpers the module's tests share: loading CUDA
// files through the front end, finding the line of a marker comment,
// writing temporary files, and comparing output with golden files.
//
// A marker is a comment "// @name" at the end of a source line; tests
// name lines by their markers rather than by number, so that editing a
// test input does not break the tests that point into it.
//
// Golden files live in the testdata directory of the package under test
// as testdata/<name>.golden. Running the package's tests with -update
// rewrites them from the current output; the diff of the rewritten files
// then shows what changed, for review.
package testkit
