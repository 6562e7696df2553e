// This file finds the CUDA sources below directories.

package compiledb

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// FindSources returns every .cu file below the given directories, and the
// .cu files given directly, absolute, sorted and without duplicates. The
// walk skips hidden directories (whose name starts with ".") below the
// given ones and does not follow symbolic links to directories; symbolic
// links to .cu files are listed. A path that does not exist, or a file
// given directly that is not a .cu file, is an error.
func FindSources(paths []string) ([]string, error) {
	found := map[string]bool{}
	for _, p := range paths {
		if err := findSources(p, found); err != nil {
			return nil, err
		}
	}
	files := make([]string, 0, len(found))
	for f := range found {
		files = append(files, f)
	}
	sort.Strings(files)
	return files, nil
}

// findSources adds the .cu files at or below path to found.
func findSources(path string, found map[string]bool) error {
	root, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	info, err := os.Stat(root)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		if !isCUDAFile(root) {
			return fmt.Errorf("%s: not a .cu file", path)
		}
		found[root] = true
		return nil
	}
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && isHidden(d.Name()) {
			return filepath.SkipDir
		}
		if isCUDAFile(p) && isFile(p, d) {
			found[p] = true
		}
		return nil
	})
}

// isCUDAFile reports whether path names a CUDA source by its extension.
func isCUDAFile(path string) bool {
	return filepath.Ext(path) == ".cu"
}

// isHidden reports whether a file or directory name is hidden.
func isHidden(name string) bool {
	return strings.HasPrefix(name, ".")
}

// isFile reports whether the walked entry d at path is a regular file or
// a symbolic link to one.
func isFile(path string, d fs.DirEntry) bool {
	if d.Type().IsRegular() {
		return true
	}
	if d.Type()&fs.ModeSymlink == 0 {
		return false
	}
	info, err := os.Stat(path)
	return err == nil && info.Mode().IsRegular()
}
