// This file defines "hgrd check".

package cmd

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"hgrd/driver"
)

// checkFlags are the flags of "hgrd check".
type checkFlags struct {
	analysisFlags
	stdinFilename string
}

func newCheck(tools *toolFlags) *cobra.Command {
	f := &checkFlags{}
	c := &cobra.Command{
		Use:   "check [flags] FILE...",
		Short: "analyse CUDA files (device and host code) for data races",
		Long: `check analyses each CUDA file, its kernels and the host code that launches
them, and reports every data race with a witness execution. A kernel that one
file defines and another launches gets the facts of that launch.

A race is silenced by a comment "// hgrd:ignore reason" on the line of either
access or alone on the line above it.

Exit status: 0 if every file was analysed and none races, 1 if a race was
found, 2 if some file (or some pair of accesses) could not be analysed; the
other files are still analysed and reported.`,
		RunE: func(c *cobra.Command, args []string) error {
			return runCheck(c, tools, f, args)
		},
	}
	f.register(c.Flags())
	c.Flags().StringVar(&f.stdinFilename, "stdin-filename", "", "analyse the source read from standard input as the file PATH (an editor's unsaved buffer)")
	return c
}

func runCheck(c *cobra.Command, tools *toolFlags, f *checkFlags, files []string) error {
	if len(files) == 0 && f.stdinFilename == "" {
		return fmt.Errorf("check: no file given (want FILE... or --stdin-filename PATH)")
	}
	opts, err := f.options(tools)
	if err != nil {
		return err
	}
	var inputs []driver.Input
	for _, path := range files {
		inputs = append(inputs, driver.Input{Path: path})
	}
	if f.stdinFilename != "" {
		src, err := io.ReadAll(c.InOrStdin())
		if err != nil {
			return fmt.Errorf("--stdin-filename %s: reading standard input: %v", f.stdinFilename, err)
		}
		inputs = append(inputs, driver.Input{Path: f.stdinFilename, Source: src})
	}
	return f.run(c, inputs, opts)
}
