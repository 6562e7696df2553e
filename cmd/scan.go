// This file defines "hgrd scan".

package cmd

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"hgrd/compiledb"
	"hgrd/driver"
	"hgrd/frontend"
)

// scanFlags are the flags of "hgrd scan".
type scanFlags struct {
	analysisFlags
	database string
	shard    string
}

func newScan(tools *toolFlags) *cobra.Command {
	f := &scanFlags{}
	c := &cobra.Command{
		Use:   "scan [flags] [DIR...]",
		Short: "analyse every CUDA file of a compilation database or of directories",
		Long: `scan analyses a whole repository. With -p it reads a compilation database
(compile_commands.json, as CMake, bear or ninja write it) and analyses its
CUDA entries, each with the include paths and macros of its command line:
nvcc's flags are translated to clang-14's and the recorded command is never
run. Without -p it analyses every .cu file below the directories (default:
the working directory) with the command line's flags and the -D and -I
flags a Makefile beside it assigns (outside conditionals); a .cu file that
another one includes (a kernel file included by its wrapper) is analysed
through that one, as build systems compile it, and the report says so.

Results are cached by the content of every input, the flags and hgrd's
build, so an unchanged rescan costs almost nothing. --shard I/N splits one
scan across machines: each file lands in the same shard on every run.

Exit status: 0 if every file was analysed and none races, 1 if a race was
found, 2 if some file or pair could not be analysed.`,
		RunE: func(c *cobra.Command, args []string) error {
			return runScan(c, tools, f, args)
		},
	}
	f.register(c.Flags())
	c.Flags().StringVarP(&f.database, "build-dir", "p", "", "build directory with compile_commands.json, or the database file itself")
	c.Flags().StringVar(&f.shard, "shard", "", "analyse only shard I of N (I/N, from 0)")
	return c
}

func runScan(c *cobra.Command, tools *toolFlags, f *scanFlags, dirs []string) error {
	opts, err := f.options(tools)
	if err != nil {
		return err
	}
	inputs, err := f.inputs(c, dirs, opts)
	if err != nil {
		return err
	}
	if f.shard != "" {
		if inputs, err = f.shardOf(inputs); err != nil {
			return err
		}
	}
	if len(inputs) == 0 {
		fmt.Fprintln(c.ErrOrStderr(), "hgrd: no CUDA file to analyse")
	}
	return f.run(c, inputs, opts)
}

// inputs lists the files to analyse: the database's CUDA entries with
// their flags, or the .cu files below dirs.
func (f *scanFlags) inputs(c *cobra.Command, dirs []string, opts driver.Options) ([]driver.Input, error) {
	if f.database != "" {
		if len(dirs) > 0 {
			return nil, fmt.Errorf("scan: give either -p or directories, not both")
		}
		cudaEntries, hostEntries, warnings, err := compiledb.LoadAll(f.database)
		if err != nil {
			return nil, err
		}
		for _, w := range warnings {
			fmt.Fprintf(c.ErrOrStderr(), "hgrd: %s\n", w)
		}
		var inputs []driver.Input
		for _, e := range cudaEntries {
			inputs = append(inputs, driver.Input{Path: displayPath(e.File), Frontend: entryConfig(opts, e)})
		}
		// The C++ entries' host code counts: the launch wrappers they
		// call and the facts around those calls.
		for _, e := range hostEntries {
			inputs = append(inputs, driver.Input{Path: displayPath(e.File), Frontend: entryConfig(opts, e), Auxiliary: true})
		}
		return inputs, nil
	}
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	files, err := compiledb.FindSources(dirs)
	if err != nil {
		return nil, err
	}
	// A .cu file that another includes is compiled through it, as its
	// build system does, not alone.
	through := compiledb.IncludedSources(files, opts.Frontend.IncludeDirs)
	inputs := make([]driver.Input, len(files))
	for i, file := range files {
		inputs[i] = driver.Input{Path: displayPath(file)}
		// The macros and include directories its Makefile passes to
		// nvcc, as its build compiles it.
		if flags, ok := compiledb.MakefileFlags(filepath.Dir(file)); ok {
			inputs[i].Frontend = entryConfig(opts, compiledb.Entry{Flags: flags})
		}
		if includer, ok := through[file]; ok {
			inputs[i].Through = displayPath(includer)
		}
	}
	return inputs, nil
}

// entryConfig returns the front-end flags of a database entry: the
// command line's, then the entry's own.
func entryConfig(opts driver.Options, e compiledb.Entry) *frontend.Config {
	cfg := opts.Frontend
	cfg.IncludeDirs = append(append([]string(nil), cfg.IncludeDirs...), e.Flags.IncludeDirs...)
	cfg.Defines = append(append([]string(nil), cfg.Defines...), e.Flags.Defines...)
	cfg.ExtraFlags = append(append([]string(nil), cfg.ExtraFlags...), e.Flags.Extra...)
	return &cfg
}

// shardOf keeps the inputs of --shard's shard.
func (f *scanFlags) shardOf(inputs []driver.Input) ([]driver.Input, error) {
	i, n, err := compiledb.ParseShard(f.shard)
	if err != nil {
		return nil, err
	}
	root, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	byPath := map[string]driver.Input{}
	var paths []string
	for _, in := range inputs {
		abs, _ := filepath.Abs(in.Path)
		byPath[abs] = in
		paths = append(paths, abs)
	}
	var kept []driver.Input
	for _, p := range compiledb.Shard(paths, root, i, n) {
		kept = append(kept, byPath[p])
	}
	return kept, nil
}

// displayPath returns an absolute path relative to the working directory
// when it lies below it, as users and editors expect to see it.
func displayPath(abs string) string {
	wd, err := os.Getwd()
	if err != nil {
		return abs
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil || !filepath.IsLocal(rel) {
		return abs
	}
	return rel
}
