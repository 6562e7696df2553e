// This file defines the progress line a run prints on a terminal.

package cmd

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// clearLine erases the progress line.
const clearLine = "\r\033[K"

// isTerminal reports whether w is a terminal: progress is shown there
// and nowhere else (not in CI logs, not in an editor's output pane).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// progressBar returns a driver progress callback that redraws one line:
// a bar, the count and the file just done.
func progressBar(w io.Writer) func(done, total int, path string) {
	var mu sync.Mutex
	const width = 24
	return func(done, total int, path string) {
		mu.Lock()
		defer mu.Unlock()
		filled := 0
		if total > 0 {
			filled = width * done / total
		}
		bar := make([]byte, width)
		for i := range bar {
			bar[i] = ' '
			if i < filled {
				bar[i] = '='
			}
		}
		fmt.Fprintf(w, "%s[%s] %d/%d %s", clearLine, bar, done, total, filepath.Base(path))
	}
}
