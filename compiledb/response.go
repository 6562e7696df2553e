// This file reads response files: @FILE, and nvcc's --options-file FILE.

package compiledb

import "os"

// readResponseFile translates the arguments written in file, a path
// relative to the command's directory, as if they stood in its place.
func (t *translator) readResponseFile(file string) {
	if file == "" {
		t.warnf("response file with no name; dropped")
		return
	}
	if t.depth >= maxResponseDepth {
		t.warnf("response file %q nested more than %d deep; not read", file, maxResponseDepth)
		return
	}
	data, err := os.ReadFile(t.path(file))
	if err != nil {
		t.warnf("response file %q not read: %v", file, err)
		return
	}
	args, err := SplitCommand(string(data))
	if err != nil {
		t.warnf("response file %q not read: %v", file, err)
		return
	}
	t.depth++
	t.translate(args)
	t.depth--
}
