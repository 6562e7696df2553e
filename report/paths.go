// This file maps the paths of a result to the scan root, for the SARIF
// and HTML forms.

package report

import (
	"net/url"
	"path/filepath"
	"strings"
)

// absRoot returns the absolute form of a scan root, or "" for none.
func absRoot(root string) (string, error) {
	if root == "" {
		return "", nil
	}
	return filepath.Abs(root)
}

// A pathMapper maps the paths of a result to URIs and to display paths
// relative to the scan root.
type pathMapper struct {
	root string // absolute, or "" for none
}

// relative returns the path relative to the root with forward slashes,
// and whether it lies inside the root. A relative path is taken to be
// relative to the root.
func (m pathMapper) relative(path string) (string, bool) {
	if m.root == "" {
		return path, false
	}
	abs := path
	if !filepath.IsAbs(path) {
		abs = filepath.Join(m.root, path)
	}
	rel, err := filepath.Rel(m.root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path, false
	}
	return filepath.ToSlash(rel), true
}

// display returns the path to show a person: relative to the root when
// inside it, else as given.
func (m pathMapper) display(path string) string {
	rel, _ := m.relative(path)
	return rel
}

// fileURI returns the file URI of an absolute path, ending in "/" when
// dir is set.
func fileURI(path string, dir bool) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: file:///C:/...
	}
	if dir && !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
