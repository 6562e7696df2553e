// This file translates a compile command line into Flags.

package compiledb

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Translate turns one command line, args[0] being the compiler, run in
// dir, into Flags, with relative paths resolved against dir. nvcc's
// conventions apply when the compiler's base name is nvcc, clang's
// otherwise; a compiler launcher in front (ccache, sccache, distcc) is
// skipped. The warnings name the flags that were not understood and were
// dropped. Translate reads response files but never runs anything.
func Translate(args []string, dir string) (Flags, []string) {
	t := newTranslator(args, dir)
	return t.flags, t.warnings
}

// maxResponseDepth bounds the nesting of response files, which could
// otherwise include one another for ever.
const maxResponseDepth = 8

// A translator holds the state of the translation of one command line.
type translator struct {
	dir      string
	nvcc     bool   // the compiler is nvcc
	language string // the value of the last -x, if any
	depth    int    // how many response files are being read
	flags    Flags
	warnings []string
}

// newTranslator translates args, run in dir.
func newTranslator(args []string, dir string) *translator {
	args = withoutLauncher(args)
	t := &translator{dir: dir}
	if len(args) > 0 {
		t.nvcc = isNVCC(args[0])
		t.translate(args[1:])
	}
	return t
}

// launchers are the programs a build may put in front of the compiler.
var launchers = map[string]bool{"ccache": true, "sccache": true, "distcc": true, "buildcache": true}

// withoutLauncher returns args from the compiler on.
func withoutLauncher(args []string) []string {
	for len(args) > 1 && launchers[compilerName(args[0])] {
		args = args[1:]
	}
	return args
}

// compilerName returns the base name of a program, without .exe.
func compilerName(program string) string {
	base := filepath.Base(strings.ReplaceAll(program, `\`, "/"))
	return strings.TrimSuffix(strings.ToLower(base), ".exe")
}

// isNVCC reports whether program is nvcc.
func isNVCC(program string) bool {
	return compilerName(program) == "nvcc"
}

// translate reads the arguments after the compiler.
func (t *translator) translate(args []string) {
	for i := 0; i < len(args); i++ {
		arg := args[i]
		switch {
		case strings.HasPrefix(arg, "@"):
			t.readResponseFile(arg[1:])
		case !strings.HasPrefix(arg, "-") || arg == "-":
			// An input: the source file itself, or an object or library.
		default:
			i += t.option(args[i:])
		}
	}
}

// option translates the option at args[0] and returns how many of the
// following arguments it took as its value.
func (t *translator) option(args []string) int {
	arg := args[0]
	name, value, hasValue := splitOption(arg)
	if opt, ok := options[name]; ok {
		if !opt.takesValue || hasValue {
			t.apply(opt, arg, value)
			return 0
		}
		if len(args) < 2 {
			t.warnf("flag %q lacks its value; dropped", arg)
			return 0
		}
		t.apply(opt, arg, args[1])
		return 1
	}
	if opt, value, ok := joinedValue(arg); ok {
		t.apply(opt, arg, value)
		return 0
	}
	t.warnf("unknown flag %q dropped", arg)
	return 0
}

// splitOption returns the name of an option, without its leading dashes,
// and the value written after '=', if any.
func splitOption(arg string) (name, value string, hasValue bool) {
	body := strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-")
	return strings.Cut(body, "=")
}

// joinedValue reads a single-dash option whose value follows its name:
// -Idir, -DNAME=1, and also nvcc's -I=dir.
func joinedValue(arg string) (option, string, bool) {
	if strings.HasPrefix(arg, "--") {
		return option{}, "", false
	}
	body := arg[1:]
	for _, j := range joined {
		if strings.HasPrefix(body, j.prefix) {
			return j.option, strings.TrimPrefix(body[len(j.prefix):], "="), true
		}
	}
	return option{}, "", false
}

// apply does what opt says with its value; arg is the option as written,
// for warnings.
func (t *translator) apply(opt option, arg, value string) {
	if opt.act == drop {
		return
	}
	if value == "" {
		t.warnf("flag %q has an empty value; dropped", arg)
		return
	}
	for _, v := range t.values(opt, value) {
		t.applyOne(opt.act, v)
	}
}

// values splits value on commas where nvcc would.
func (t *translator) values(opt option, value string) []string {
	if !t.nvcc || !opt.nvccList {
		return []string{value}
	}
	var values []string
	for _, v := range strings.Split(value, ",") {
		if v != "" {
			values = append(values, v)
		}
	}
	return values
}

// applyOne records one value of a kept option.
func (t *translator) applyOne(act action, value string) {
	f := &t.flags
	switch act {
	case includeDir:
		f.IncludeDirs = append(f.IncludeDirs, t.path(value))
	case systemDir:
		f.Extra = append(f.Extra, "-isystem", t.path(value))
	case quoteDir:
		f.Extra = append(f.Extra, "-iquote", t.path(value))
	case dirAfter:
		f.Extra = append(f.Extra, "-idirafter", t.path(value))
	case define:
		t.define(value)
	case undefine:
		t.undefine(value)
	case standard:
		f.Extra = append(withoutStd(f.Extra), "-std="+value)
	case preInclude:
		f.Extra = append(f.Extra, "-include", t.includeFile(value))
	case language:
		t.language = value
	case optionsFile:
		t.readResponseFile(value)
	}
}

// path returns p resolved against the command's directory.
func (t *translator) path(p string) string {
	return absPath(t.dir, p)
}

// absPath returns p resolved against dir, absolute and cleaned; a
// relative dir is taken relative to the working directory.
func absPath(dir, p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	if abs, err := filepath.Abs(p); err == nil {
		return abs
	}
	return filepath.Clean(p)
}

// includeFile resolves an -include file as the compiler would first look
// for it, in the directory the command ran in; a file not there is left
// as written, for clang to look up in the include path.
func (t *translator) includeFile(file string) string {
	if filepath.IsAbs(file) {
		return filepath.Clean(file)
	}
	if p := t.path(file); fileExists(p) {
		return p
	}
	return file
}

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir()
}

// warnf records a warning.
func (t *translator) warnf(format string, args ...any) {
	t.warnings = append(t.warnings, fmt.Sprintf(format, args...))
}
