// This file keeps -D and -U in an order-independent form: the front end
// passes every -D before every -U, so the last of the two for a name is
// the only one kept.

package compiledb

import "strings"

// assertsOff is the macro with which <cassert> compiles asserts out.
const assertsOff = "NDEBUG"

// define records -D definition, cancelling an earlier -U of its name. A
// definition of NDEBUG is dropped: hgrd reads the asserts before a launch
// as what the developer states holds there, host facts, also where a
// release build compiles the check out (CMake's Release and
// RelWithDebInfo lines carry -DNDEBUG).
func (t *translator) define(definition string) {
	if macroName(definition) == assertsOff {
		return
	}
	t.flags.Extra = withoutPair(t.flags.Extra, "-U", macroName(definition))
	t.flags.Defines = append(t.flags.Defines, definition)
}

// undefine records -U name, cancelling earlier definitions of name.
func (t *translator) undefine(name string) {
	kept := t.flags.Defines[:0]
	for _, d := range t.flags.Defines {
		if macroName(d) != name {
			kept = append(kept, d)
		}
	}
	t.flags.Defines = kept
	t.flags.Extra = append(withoutPair(t.flags.Extra, "-U", name), "-U", name)
}

// macroName returns the name a -D value defines: NAME of NAME=VALUE and
// of NAME(ARGS)=BODY.
func macroName(definition string) string {
	if i := strings.IndexAny(definition, "=("); i >= 0 {
		return definition[:i]
	}
	return definition
}

// withoutPair returns flags without the pairs flag, value.
func withoutPair(flags []string, flag, value string) []string {
	var kept []string
	for i := 0; i < len(flags); i++ {
		if flags[i] == flag && i+1 < len(flags) && flags[i+1] == value {
			i++
			continue
		}
		kept = append(kept, flags[i])
	}
	return kept
}

// withoutStd returns flags without their -std= flag.
func withoutStd(flags []string) []string {
	var kept []string
	for _, f := range flags {
		if !strings.HasPrefix(f, "-std=") {
			kept = append(kept, f)
		}
	}
	return kept
}
