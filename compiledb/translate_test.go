package compiledb

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hgrd/internal/testkit"
)

// cmakeNVCC is an nvcc line as CMake writes it with the Ninja generator.
const cmakeNVCC = `/usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DUSE_FOO -DN=4 -I/abs/inc -Irel/inc -isystem /usr/local/cuda/include -O3 -DNDEBUG --generate-code=arch=compute_80,code=[compute_80,sm_80] -Xcompiler=-fPIC -std=c++17 -x cu -rdc=true -c /src/a.cu -o CMakeFiles/a.dir/a.cu.o`

func TestTranslate(t *testing.T) {
	tests := []struct {
		name     string
		command  string
		want     Flags
		warnings []string
	}{{
		name:    "CMake nvcc line",
		command: cmakeNVCC,
		want: Flags{
			IncludeDirs: []string{"/abs/inc", "/build/rel/inc"},
			Defines:     []string{"USE_FOO", "N=4"}, // NDEBUG dropped: asserts are host facts
			Extra:       []string{"-isystem", "/usr/local/cuda/include", "-std=c++17"},
		},
	}, {
		name: "bear nvcc arguments",
		command: `nvcc -ccbin g++ --expt-relaxed-constexpr -gencode arch=compute_70,code=sm_70 ` +
			`-gencode=arch=compute_80,code=sm_80 -arch sm_70 -include /abs/pre.h -I include -c kernel.cu -o kernel.o`,
		want: Flags{
			IncludeDirs: []string{"/build/include"},
			Extra:       []string{"-include", "/abs/pre.h"},
		},
	}, {
		name: "nvcc long options, both forms",
		command: `nvcc --include-path=inc --include-path /abs/two --define-macro=A=1 --define-macro B ` +
			`--undefine-macro C --std c++14 --pre-include=/abs/p.h --system-include=sys ` +
			`--gpu-architecture=sm_80 --gpu-code sm_80 --compiler-bindir /usr/bin/g++ --compiler-options -fPIC ` +
			`--relocatable-device-code true --output-file a.o --threads 4 --diag-suppress 177 --cudart shared a.cu`,
		want: Flags{
			IncludeDirs: []string{"/build/inc", "/abs/two"},
			Defines:     []string{"A=1", "B"},
			Extra:       []string{"-U", "C", "-std=c++14", "-include", "/abs/p.h", "-isystem", "/build/sys"},
		},
	}, {
		name:    "nvcc splits -I lists on commas but not -D",
		command: `nvcc -I a,/abs/b -Ic,d --include-path=e,,f -DLIST=1,2 -isystem s1,s2 -c x.cu`,
		want: Flags{
			IncludeDirs: []string{"/build/a", "/abs/b", "/build/c", "/build/d", "/build/e", "/build/f"},
			Defines:     []string{"LIST=1,2"},
			Extra:       []string{"-isystem", "/build/s1", "-isystem", "/build/s2"},
		},
	}, {
		name:    "clang does not split on commas",
		command: `clang++ -I a,b -c x.cu`,
		want:    Flags{IncludeDirs: []string{"/build/a,b"}},
	}, {
		name:    "nvcc -I= and -D= forms",
		command: `nvcc -I=inc -D=X -U=Y -std=c++17 -c x.cu`,
		want: Flags{
			IncludeDirs: []string{"/build/inc"},
			Defines:     []string{"X"},
			Extra:       []string{"-U", "Y", "-std=c++17"},
		},
	}, {
		name: "dropped nvcc flags take their values with them",
		command: `nvcc -Xcompiler -Wall -Xptxas -v -Xlinker -rpath -Xcudafe --diag_suppress=1 -Xnvlink -x -Xfatbin -compress-all ` +
			`-maxrregcount 32 -t 2 -cudart static -MF dep.d -MT obj -MQ obj -MD -MMD -dc -dlink -G -g -lineinfo ` +
			`--use_fast_math -Wno-deprecated-gpu-targets -Werror all-warnings --keep -m64 -fPIC --ptxas-options=-v ` +
			`-res-usage --resource-usage --extended-lambda --expt-extended-lambda -lcudart -L/usr/lib -l m ` +
			`-code=sm_80 -rdc true -O2 -DKEPT -c x.cu`,
		want: Flags{Defines: []string{"KEPT"}},
	}, {
		name: "clang CUDA entry",
		command: `/usr/bin/clang++-14 -x cuda --cuda-gpu-arch=sm_70 --cuda-path=/usr/local/cuda -nocudalib ` +
			`-Iinc -isystem/abs/sys -iquote q -DX -UY -std=gnu++17 -O2 -g -Wall -MD -MF x.d -c x.cu -o x.o`,
		want: Flags{
			IncludeDirs: []string{"/build/inc"},
			Defines:     []string{"X"},
			Extra:       []string{"-isystem", "/abs/sys", "-iquote", "/build/q", "-U", "Y", "-std=gnu++17"},
		},
	}, {
		name:    "compiler launcher",
		command: `/usr/bin/ccache /usr/local/cuda/bin/nvcc -I a,b -c x.cu`,
		want:    Flags{IncludeDirs: []string{"/build/a", "/build/b"}},
	}, {
		name:     "unknown flags are warned about",
		command:  `nvcc -fopenmp --frobnicate=3 -DA -c x.cu`,
		want:     Flags{Defines: []string{"A"}},
		warnings: []string{`unknown flag "-fopenmp" dropped`, `unknown flag "--frobnicate=3" dropped`},
	}, {
		name:     "a value missing at the end",
		command:  `nvcc -c x.cu -I`,
		warnings: []string{`flag "-I" lacks its value; dropped`},
	}, {
		name:    "the last -D or -U of a name wins",
		command: `nvcc -DA=1 -DB -UA -UB -DB=2 -DF(x)=x -UF -c x.cu`,
		want: Flags{
			Defines: []string{"B=2"},
			Extra:   []string{"-U", "A", "-U", "F"},
		},
	}, {
		name:    "the last -std wins",
		command: `nvcc -std=c++14 --std c++17 -c x.cu`,
		want:    Flags{Extra: []string{"-std=c++17"}},
	}, {
		name:    "relative -include not in the directory is left for the include path",
		command: `nvcc -include missing.h -c x.cu`,
		want:    Flags{Extra: []string{"-include", "missing.h"}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, err := SplitCommand(tt.command)
			if err != nil {
				t.Fatal(err)
			}
			got, warnings := Translate(args, "/build")
			if !equalFlags(got, tt.want) {
				t.Errorf("Translate:\n got %#v\nwant %#v", got, tt.want)
			}
			if !equalStrings(warnings, tt.warnings) {
				t.Errorf("warnings:\n got %q\nwant %q", warnings, tt.warnings)
			}
		})
	}
}

func TestTranslateIncludeFileInDirectory(t *testing.T) {
	dir := t.TempDir()
	testkit.WriteFile(t, dir, "pre.h", "")
	args := []string{"nvcc", "-ccbin", "g++", "--expt-relaxed-constexpr", "-gencode", "arch=compute_70,code=sm_70", "-include", "pre.h", "-c", "a.cu"}
	got, warnings := Translate(args, dir)
	want := Flags{Extra: []string{"-include", filepath.Join(dir, "pre.h")}}
	if !equalFlags(got, want) || len(warnings) > 0 {
		t.Errorf("Translate = %#v, %q; want %#v and no warnings", got, warnings, want)
	}
}

func TestTranslateResponseFiles(t *testing.T) {
	dir := t.TempDir()
	testkit.WriteFile(t, dir, "includes.rsp", `-Iinc "-I/abs/with space" @nested.rsp`)
	testkit.WriteFile(t, dir, "nested.rsp", "-DNESTED\n")
	testkit.WriteFile(t, dir, "opts.txt", "-DOPTS")
	testkit.WriteFile(t, dir, "loop.rsp", "@loop.rsp")
	args := []string{"nvcc", "@includes.rsp", "--options-file", "opts.txt", "@absent.rsp", "@loop.rsp", "-c", "a.cu"}
	got, warnings := Translate(args, dir)
	want := Flags{
		IncludeDirs: []string{filepath.Join(dir, "inc"), "/abs/with space"},
		Defines:     []string{"NESTED", "OPTS"},
	}
	if !equalFlags(got, want) {
		t.Errorf("Translate:\n got %#v\nwant %#v", got, want)
	}
	if len(warnings) != 2 || !strings.Contains(warnings[0], `"absent.rsp" not read`) || !strings.Contains(warnings[1], "nested more than") {
		t.Errorf("warnings = %q; want one for absent.rsp and one for the loop", warnings)
	}
}

func TestTranslateLanguage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"nvcc", "-x", "cu", "a.cpp"}, "cu"},
		{[]string{"clang++", "-xcuda", "a.cpp"}, "cuda"},
		{[]string{"nvcc", "--x=cu", "a.cpp"}, "cu"},
		{[]string{"g++", "-c", "a.cpp"}, ""},
	}
	for _, tt := range tests {
		if got := newTranslator(tt.args, "/build").language; got != tt.want {
			t.Errorf("language of %q = %q; want %q", tt.args, got, tt.want)
		}
	}
}

// equalFlags compares flags, taking nil and empty lists as equal.
func equalFlags(a, b Flags) bool {
	return equalStrings(a.IncludeDirs, b.IncludeDirs) &&
		equalStrings(a.Defines, b.Defines) &&
		equalStrings(a.Extra, b.Extra)
}

// equalStrings compares lists, taking nil and empty as equal.
func equalStrings(a, b []string) bool {
	return len(a) == 0 && len(b) == 0 || reflect.DeepEqual(a, b)
}
