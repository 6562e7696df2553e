// This file defines "hgrd version".

package cmd

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"hgrd/frontend"
	"hgrd/solver"
)

func newVersion(tools *toolFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "print the versions of hgrd, clang and Z3",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			w := c.OutOrStdout()
			fmt.Fprintf(w, "hgrd %s\n", Version)
			fmt.Fprintf(w, "clang: %s\n", toolVersion(frontend.ClangTool, tools.clang))
			fmt.Fprintf(w, "z3: %s\n", solver.Z3Version())
			return nil
		},
	}
}

// toolVersion returns a tool's version line, or why there is none.
func toolVersion(t frontend.Tool, configured string) string {
	path, err := t.Resolve(configured)
	if err != nil {
		return "not found"
	}
	v, err := t.Version(context.Background(), path)
	if err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%s (%s)", v, path)
}
