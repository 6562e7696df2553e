// This file defines the root command and the process entry point.

package cmd

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"hgrd/frontend"
	"hgrd/report"
)

// Version is hgrd's version.
const Version = "0.1.0-dev"

// toolFlags are the toolchain flags every command shares.
type toolFlags struct {
	clang, opt string
}

// exitError carries an exit status out of a command.
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// newRoot builds the command tree.
func newRoot(stdout, stderr io.Writer) *cobra.Command {
	tools := &toolFlags{}
	root := &cobra.Command{
		Use:   "hgrd",
		Short: "hgrd finds data races in CUDA kernels, guided by the host code that launches them",
		Long: `hgrd is a static data-race analyzer for CUDA programs. It compiles each file's
device and host code with clang-14, finds the memory accesses of every kernel,
and asks the Z3 solver whether two threads can reach the same address without
synchronisation, using what the launching host code knows about the kernel's
parameters and launch shape.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.PersistentFlags().StringVar(&tools.clang, "clang", "", "path of clang-14 (default: $"+frontend.ClangTool.EnvVar+" or clang-14 on PATH)")
	root.PersistentFlags().StringVar(&tools.opt, "opt", "", "path of opt-14 (default: $"+frontend.OptTool.EnvVar+" or opt-14 on PATH)")
	root.AddCommand(newCheck(tools), newScan(tools), newCache(), newVersion(tools), newDoctor(tools))
	return root
}

// Main runs hgrd with the process's arguments and returns its exit status:
// 0 no race, 1 races, 2 something could not be analysed or a usage error.
func Main() int {
	return Run(os.Args[1:], os.Stdout, os.Stderr)
}

// Run runs hgrd with args and returns its exit status.
func Run(args []string, stdout, stderr io.Writer) int {
	root := newRoot(stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	var exit *exitError
	switch {
	case err == nil:
		return report.ExitClean
	case errors.As(err, &exit):
		return exit.code
	default:
		fmt.Fprintf(stderr, "hgrd: %v\n", err)
		return report.ExitIncomplete
	}
}
