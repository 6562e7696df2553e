// This file defines "hgrd check".

package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/spf13/cobra"

	"hgrd/cuda"
	"hgrd/driver"
	"hgrd/frontend"
	"hgrd/report"
)

// checkFlags are the flags of "hgrd check".
type checkFlags struct {
	format            string
	includes, defines []string
	gridDim, blockDim string
	cudaPath          string
	explain           bool
}

func newCheck(tools *toolFlags) *cobra.Command {
	f := &checkFlags{}
	c := &cobra.Command{
		Use:   "check [flags] FILE...",
		Short: "analyse CUDA files (device and host code) for data races",
		Long: `check analyses each CUDA file, its kernels and the host code that launches
them, and reports every data race with a witness execution.

Exit status: 0 if every file was analysed and none races, 1 if a race was
found, 2 if some file (or some pair of accesses) could not be analysed; the
other files are still analysed and reported.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return runCheck(c, tools, f, args)
		},
	}
	fl := c.Flags()
	fl.StringVar(&f.format, "format", "text", "output format: text, json, sarif or html")
	fl.StringArrayVarP(&f.includes, "include-dir", "I", nil, "add DIR to the include search path")
	fl.StringArrayVarP(&f.defines, "define", "D", nil, "define macro NAME[=VALUE]")
	fl.StringVar(&f.gridDim, "grid-dim", "", "gridDim X[,Y[,Z]] of kernels that no analysed host code launches")
	fl.StringVar(&f.blockDim, "block-dim", "", "blockDim X[,Y[,Z]] of kernels that no analysed host code launches")
	fl.StringVar(&f.cudaPath, "cuda-path", "", "use the headers of the CUDA SDK in DIR instead of hgrd's prelude")
	fl.BoolVar(&f.explain, "explain", false, "print each launch with the host facts the analysis uses")
	return c
}

func runCheck(c *cobra.Command, tools *toolFlags, f *checkFlags, files []string) error {
	write, err := formatter(f.format)
	if err != nil {
		return err
	}
	opts := driver.Options{Frontend: frontend.Config{
		Clang: tools.clang, Opt: tools.opt, CUDAPath: f.cudaPath,
		IncludeDirs: f.includes, Defines: f.defines,
	}, Explain: f.explain}
	if f.gridDim != "" {
		if opts.GridDim, err = parseDim("--grid-dim", f.gridDim, cuda.CheckGridDim); err != nil {
			return err
		}
	}
	if f.blockDim != "" {
		if opts.BlockDim, err = parseDim("--block-dim", f.blockDim, cuda.CheckBlockDim); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res := driver.Check(ctx, files, opts)
	if err := write(c.OutOrStdout(), res); err != nil {
		return err
	}
	if f.format == "text" {
		summarise(c, res)
	}
	if code := res.ExitCode(); code != report.ExitClean {
		return &exitError{code}
	}
	return nil
}

// formatter returns the writer of a --format value. SARIF URIs and HTML
// paths are relative to the working directory, the scan root.
func formatter(name string) (func(io.Writer, *report.Result) error, error) {
	switch name {
	case "text":
		return report.WriteText, nil
	case "json":
		return report.WriteJSON, nil
	case "sarif":
		return func(w io.Writer, r *report.Result) error {
			root, err := os.Getwd()
			if err != nil {
				return err
			}
			return report.WriteSARIF(w, r, report.SARIFOptions{Version: Version, Root: root})
		}, nil
	case "html":
		return func(w io.Writer, r *report.Result) error {
			root, err := os.Getwd()
			if err != nil {
				return err
			}
			return report.WriteHTML(w, r, report.HTMLOptions{Title: "hgrd report", Root: root, Version: Version})
		}, nil
	}
	return nil, fmt.Errorf("unknown --format %q (want text, json, sarif or html)", name)
}

// summarise prints a one-line count to standard error for the text format.
func summarise(c *cobra.Command, res *report.Result) {
	files, races, failed := res.Counts()
	msg := fmt.Sprintf("hgrd: %d file(s), %d race(s)", files, races)
	if failed > 0 {
		msg += fmt.Sprintf(", %d not analysed", failed)
	}
	fmt.Fprintln(c.ErrOrStderr(), msg)
}

// parseDim parses a --grid-dim or --block-dim value.
func parseDim(flag, s string, check func([3]int64) error) ([3]int64, error) {
	d, err := cuda.ParseDim(s, check)
	if err != nil {
		return d, fmt.Errorf("%s %q: %v", flag, s, err)
	}
	return d, nil
}
