// Package cmd holds hgrd's command-line interface: the cobra command tree
// of check, version and doctor. It only wires flags to the packages that do
// the work; cmd/hgrd is the executable.
package cmd
