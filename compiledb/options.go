// This file lists the nvcc and clang options Translate knows and what it
// does with each.

package compiledb

// An action is what Translate does with an option it knows.
type action int

const (
	drop        action = iota // has no bearing on parsing: code generation, linking, output, warnings
	includeDir                // -I DIR
	systemDir                 // -isystem DIR
	quoteDir                  // -iquote DIR
	dirAfter                  // -idirafter DIR
	define                    // -D NAME[=VALUE]
	undefine                  // -U NAME
	standard                  // -std=STD
	preInclude                // -include FILE
	language                  // -x LANGUAGE
	optionsFile               // nvcc's --options-file FILE
)

// An option is the spelling-independent description of a known option.
type option struct {
	takesValue bool   // the value follows after '=' or as the next argument
	act        action // what Translate does with it
	// nvccList says that nvcc splits the value on commas, as it does for
	// its options whose value is a list of paths.
	nvccList bool
}

// The descriptions the tables below share.
var (
	includeDirOpt  = option{takesValue: true, act: includeDir, nvccList: true}
	systemDirOpt   = option{takesValue: true, act: systemDir, nvccList: true}
	quoteDirOpt    = option{takesValue: true, act: quoteDir}
	dirAfterOpt    = option{takesValue: true, act: dirAfter}
	defineOpt      = option{takesValue: true, act: define}
	undefineOpt    = option{takesValue: true, act: undefine}
	stdOpt         = option{takesValue: true, act: standard}
	preIncludeOpt  = option{takesValue: true, act: preInclude}
	languageOpt    = option{takesValue: true, act: language}
	optionsFileOpt = option{takesValue: true, act: optionsFile}
	dropValue      = option{takesValue: true, act: drop}
	dropFlag       = option{act: drop}
)

// options maps the name of an option, without its leading dashes, to what
// it is. nvcc writes most of its options with one or two dashes alike,
// so the number of dashes is not part of the name.
var options = map[string]option{
	// Kept: they change how the source parses.
	"I": includeDirOpt, "include-path": includeDirOpt, "include-directory": includeDirOpt,
	"isystem": systemDirOpt, "system-include": systemDirOpt,
	"iquote": quoteDirOpt, "idirafter": dirAfterOpt,
	"D": defineOpt, "define-macro": defineOpt,
	"U": undefineOpt, "undefine-macro": undefineOpt,
	"std": stdOpt, "include": preIncludeOpt, "pre-include": preIncludeOpt,
	"x": languageOpt, "language": languageOpt,
	"options-file": optionsFileOpt, "optf": optionsFileOpt,

	// nvcc: GPU targets and device code generation.
	"gencode": dropValue, "generate-code": dropValue,
	"arch": dropValue, "gpu-architecture": dropValue,
	"code": dropValue, "gpu-code": dropValue,
	"rdc": dropValue, "relocatable-device-code": dropValue,
	"maxrregcount": dropValue, "default-stream": dropValue,
	"ftz": dropValue, "prec-div": dropValue, "prec-sqrt": dropValue, "fmad": dropValue,
	"dopt": dropValue, "optimize": dropValue, "machine": dropValue,
	"threads": dropValue, "t": dropValue, "split-compile": dropValue,
	"cudart": dropValue, "cudadevrt": dropValue,
	"expt-relaxed-constexpr": dropFlag, "expt-extended-lambda": dropFlag,
	"extended-lambda": dropFlag, "use_fast_math": dropFlag, "use-fast-math": dropFlag,
	"res-usage": dropFlag, "resource-usage": dropFlag, "restrict": dropFlag,
	"extra-device-vectorization": dropFlag, "source-in-ptx": dropFlag,
	"lineinfo": dropFlag, "generate-line-info": dropFlag,
	"G": dropFlag, "device-debug": dropFlag,

	// nvcc: options passed on to the tools it runs.
	"ccbin": dropValue, "compiler-bindir": dropValue,
	"Xcompiler": dropValue, "compiler-options": dropValue,
	"Xptxas": dropValue, "ptxas-options": dropValue,
	"Xlinker": dropValue, "linker-options": dropValue,
	"Xnvlink": dropValue, "nvlink-options": dropValue,
	"Xfatbin": dropValue, "fatbin-options": dropValue,
	"Xarchive": dropValue, "archive-options": dropValue,
	"Xcudafe": dropValue, "Xclang": dropValue,
	"forward-unknown-to-host-compiler": dropFlag, "forward-unknown-opts": dropFlag,
	"forward-unknown-to-host-linker": dropFlag, "allow-unsupported-compiler": dropFlag,

	// nvcc: diagnostics and kept intermediate files.
	"diag-suppress": dropValue, "diag-warn": dropValue, "diag-error": dropValue,
	"display-error-number": dropFlag, "no-display-error-number": dropFlag,
	// nvcc's -Werror takes a list of kinds (-Werror all-warnings); the
	// list is then read as an input and dropped, as is the level of
	// nvcc's -O 3.
	"Werror": dropFlag, "w": dropFlag, "pedantic": dropFlag, "pedantic-errors": dropFlag,
	"keep": dropFlag, "keep-dir": dropValue, "v": dropFlag, "verbose": dropFlag,

	// Both: compilation phase, output and dependency files.
	"c": dropFlag, "dc": dropFlag, "dw": dropFlag, "dlink": dropFlag,
	"link": dropFlag, "lib": dropFlag, "E": dropFlag, "S": dropFlag,
	"ptx": dropFlag, "cubin": dropFlag, "fatbin": dropFlag,
	"o": dropValue, "output-file": dropValue, "odir": dropValue, "output-directory": dropValue,
	"M": dropFlag, "MM": dropFlag, "MD": dropFlag, "MMD": dropFlag, "MP": dropFlag,
	"MF": dropValue, "MT": dropValue, "MQ": dropValue, "MJ": dropValue,
	"dependency-output": dropValue, "dependency-target-name": dropValue,
	"generate-dependencies": dropFlag, "generate-nonsystem-dependencies": dropFlag,
	"generate-dependencies-with-compile":           dropFlag,
	"generate-nonsystem-dependencies-with-compile": dropFlag,

	// Both: optimisation, debug info and host code generation.
	"O": dropFlag, "g": dropFlag, "debug": dropFlag,
	"m64": dropFlag, "m32": dropFlag, "march": dropFlag, "mtune": dropFlag, "mcpu": dropFlag,
	"fPIC": dropFlag, "fpic": dropFlag, "fPIE": dropFlag, "fpie": dropFlag,
	"fvisibility": dropFlag, "fvisibility-inlines-hidden": dropFlag,
	"fdiagnostics-color": dropFlag, "fcolor-diagnostics": dropFlag, "fno-color-diagnostics": dropFlag,
	"fstack-protector": dropFlag, "fstack-protector-strong": dropFlag,
	"fno-omit-frame-pointer": dropFlag, "fomit-frame-pointer": dropFlag,
	"ffunction-sections": dropFlag, "fdata-sections": dropFlag,
	"pthread": dropFlag, "shared": dropFlag, "static": dropFlag, "pipe": dropFlag,
	"l": dropValue, "library": dropValue, "L": dropValue, "library-path": dropValue,

	// clang: the target and CUDA toolchain, which hgrd chooses itself.
	"target": dropValue, "gcc-toolchain": dropFlag, "sysroot": dropValue, "isysroot": dropValue,
	"cuda-gpu-arch": dropFlag, "offload-arch": dropFlag, "no-offload-arch": dropFlag,
	"cuda-path": dropFlag, "nocudalib": dropFlag, "nocudainc": dropFlag,
	"cuda-device-only": dropFlag, "cuda-host-only": dropFlag, "cuda-compile-host-device": dropFlag,
	"no-cuda-version-check": dropFlag, "cuda-noopt-device-debug": dropFlag,
	"fgpu-rdc": dropFlag, "fno-gpu-rdc": dropFlag, "include-pch": dropValue,
	"Qunused-arguments": dropFlag,
}

// A joinedOption is an option whose value may be written right after its
// name, behind a single dash: -Idir, -DNAME=1, -isystemdir, -O3.
type joinedOption struct {
	prefix string
	option
}

// joined lists the options that take a joined value, each before any
// shorter prefix of its name. Translate looks a name up in options first,
// so -lineinfo is not -l ineinfo, nor -gencode a kind of debug info.
var joined = []joinedOption{
	{"isystem", systemDirOpt}, {"iquote", quoteDirOpt}, {"idirafter", dirAfterOpt},
	{"include", preIncludeOpt},
	{"MF", dropValue}, {"MT", dropValue}, {"MQ", dropValue}, {"MJ", dropValue},
	{"I", includeDirOpt}, {"D", defineOpt}, {"U", undefineOpt}, {"x", languageOpt},
	{"o", dropValue}, {"l", dropValue}, {"L", dropValue},
	// Optimisation levels, debug info kinds and warnings: -O3, -ggdb, -Wall.
	{"O", dropFlag}, {"g", dropFlag}, {"W", dropFlag},
}
