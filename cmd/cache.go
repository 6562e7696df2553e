// This file defines "hgrd cache".

package cmd

import (
	"fmt"

	"github.com/spf13/cobra"

	"hgrd/cache"
)

func newCache() *cobra.Command {
	c := &cobra.Command{
		Use:   "cache",
		Short: "show or clean the result cache",
		Long: `hgrd keeps each file's result under the user cache directory ($HGRD_CACHE
overrides it), keyed by the content of every input, the flags and hgrd's
build. "hgrd cache dir" prints the directory, "hgrd cache clean" empties it.`,
	}
	c.AddCommand(&cobra.Command{
		Use:   "dir",
		Short: "print the cache directory",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			dir, err := cache.DefaultDir()
			if err != nil {
				return err
			}
			fmt.Fprintln(c.OutOrStdout(), dir)
			return nil
		},
	}, &cobra.Command{
		Use:   "clean",
		Short: "remove every cached result",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			dir, err := cache.DefaultDir()
			if err != nil {
				return err
			}
			cc, err := cache.Open(dir)
			if err != nil {
				return err
			}
			return cc.Clean()
		},
	})
	return c
}
