// This file embeds the CUDA prelude and writes it where clang can read it.

package frontend

import (
	"embed"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

//go:embed prelude/include
var preludeFS embed.FS

// PreludeHeader is the header passed to clang with -include: hgrd's stand-in
// for the cuda_runtime.h that nvcc includes implicitly.
const PreludeHeader = "hgrd_prelude.h"

// annotationsHeader declares the GPUVerify annotations; it is included even
// when a real CUDA SDK replaces the prelude.
const annotationsHeader = "hgrd_annotations.h"

// writePrelude copies the embedded headers into a new temporary directory
// and returns its path.
func writePrelude() (string, error) {
	dir, err := os.MkdirTemp("", "hgrd-prelude-")
	if err != nil {
		return "", fmt.Errorf("couldn't create the prelude directory: %w", err)
	}
	root, err := fs.Sub(preludeFS, "prelude/include")
	if err != nil {
		return "", err
	}
	err = fs.WalkDir(root, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == "." {
			return err
		}
		dst := filepath.Join(dir, path)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := fs.ReadFile(root, path)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		os.RemoveAll(dir)
		return "", fmt.Errorf("couldn't write the prelude: %w", err)
	}
	return dir, nil
}

// PreludeFiles lists the names of the embedded prelude headers.
func PreludeFiles() []string {
	var names []string
	fs.WalkDir(preludeFS, "prelude/include", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel("prelude/include", path)
			names = append(names, rel)
		}
		return nil
	})
	return names
}
