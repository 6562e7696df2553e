// Package docs holds hgrd's documentation; its tests keep
// architecture.md true to the code.
package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// module is the module path of hgrd's packages.
const module = "hgrd"

// root is the module's directory, relative to this package's.
const root = ".."

// A pkg is one of the module's packages, read from its non-test files.
type pkg struct {
	dir     string              // relative to the module root: "constraints"
	imports map[string]bool     // the module's packages it imports, by dir
	strings map[string][]string // string literals, by position
}

// loadPackages reads every package of the module.
func loadPackages(t *testing.T) map[string]*pkg {
	t.Helper()
	pkgs := map[string]*pkg{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		dir, _ := filepath.Rel(root, filepath.Dir(path))
		dir = filepath.ToSlash(dir)
		p := pkgs[dir]
		if p == nil {
			p = &pkg{dir: dir, imports: map[string]bool{}, strings: map[string][]string{}}
			pkgs[dir] = p
		}
		return p.read(path)
	})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs
}

// read adds a file's imports of the module's packages and its string
// literals to p.
func (p *pkg) read(path string) error {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	for _, imp := range f.Imports {
		ip, _ := strconv.Unquote(imp.Path.Value)
		if dir, ok := strings.CutPrefix(ip, module+"/"); ok {
			p.imports[dir] = true
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, _ := strconv.Unquote(lit.Value)
			pos := fset.Position(lit.Pos()).String()
			p.strings[pos] = append(p.strings[pos], s)
		}
		return true
	})
	return nil
}

// TestEveryPackageIsDocumented checks that the package table of
// architecture.md lists exactly the module's packages.
func TestEveryPackageIsDocumented(t *testing.T) {
	data, err := os.ReadFile("architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	row := regexp.MustCompile("(?m)^\\| (.*?) \\|")
	name := regexp.MustCompile("`([a-z0-9/-]+)`")
	for _, m := range row.FindAllStringSubmatch(string(data), -1) {
		for _, n := range name.FindAllStringSubmatch(m[1], -1) {
			documented[n[1]] = true
		}
	}
	pkgs := loadPackages(t)
	for dir := range pkgs {
		if !documented[dir] && dir != "docs" {
			t.Errorf("package %s is not in the package table of architecture.md", dir)
		}
	}
	for dir := range documented {
		if pkgs[dir] == nil {
			t.Errorf("architecture.md lists %s, which is not a package", dir)
		}
	}
}

// stage orders the packages of the pipeline: a package imports only
// packages of earlier stages (or of its own, where named in sameStage).
// Packages not listed are tools around the pipeline and not checked.
var stage = map[string]int{
	"cuda": 0, "expr": 0, "internal/parallel": 0, "cfg": 0,
	"frontend": 1, "symbolic": 1, "solver": 1, "report": 1,
	"hostanalysis": 2, "kernelanalysis": 2,
	"constraints": 3,
	"analysis":    4,
	"cache":       5,
	"driver":      6,
}

// TestDataFlowsOneWay checks the direction of the pipeline's imports,
// and what the driver and the query builder must not know.
func TestDataFlowsOneWay(t *testing.T) {
	pkgs := loadPackages(t)
	for dir, p := range pkgs {
		s, staged := stage[dir]
		if !staged {
			continue
		}
		for imp := range p.imports {
			if si, ok := stage[imp]; ok && si >= s {
				t.Errorf("%s (stage %d) imports %s (stage %d): data flows the other way", dir, s, imp, si)
			}
		}
	}
	for _, forbidden := range []string{"hostanalysis", "kernelanalysis", "symbolic", "constraints", "solver"} {
		if pkgs["driver"].imports[forbidden] {
			t.Errorf("driver imports %s: the analysis of a file is package analysis's", forbidden)
		}
	}
	if deps := transitiveImports(pkgs, "constraints"); deps["report"] {
		t.Error("constraints depends on report: race kinds belong to the analysis, strings to the report edge")
	}
}

// transitiveImports returns every package of the module that dir depends
// on.
func transitiveImports(pkgs map[string]*pkg, dir string) map[string]bool {
	seen := map[string]bool{}
	var visit func(string)
	visit = func(d string) {
		for imp := range pkgs[d].imports {
			if !seen[imp] {
				seen[imp] = true
				visit(imp)
			}
		}
	}
	visit(dir)
	return seen
}

// cudaName matches a string that spells a CUDA special register or
// builtin variable, an NVVM intrinsic, or a CUDA runtime function.
var cudaName = regexp.MustCompile(`^(tid|ctaid|ntid|nctaid|laneid|warpsize)(\.[xyz])?$` +
	`|threadIdx|blockIdx|blockDim|gridDim|warpSize|__syncthreads|__syncwarp|__threadfence` +
	`|llvm\.nvvm|nvvm\.annotations|__device_stub|\bcuda[A-Z]\w*|__cuda`)

// analysisPackages are the packages that must ask package cuda for CUDA
// names. The report edge and the command line speak to users, in CUDA's
// words: their help, rule texts and JSON fields are not checked.
var analysisPackages = []string{
	"frontend", "symbolic", "expr", "hostanalysis", "kernelanalysis",
	"constraints", "solver", "analysis", "driver",
}

// TestCUDANamesLiveInPackageCUDA checks that the analysis recovers no
// meaning from CUDA names spelled outside package cuda.
func TestCUDANamesLiveInPackageCUDA(t *testing.T) {
	pkgs := loadPackages(t)
	var found []string
	for _, dir := range analysisPackages {
		for pos, lits := range pkgs[dir].strings {
			for _, s := range lits {
				if cudaName.MatchString(s) {
					found = append(found, pos+": "+strconv.Quote(s))
				}
			}
		}
	}
	sort.Strings(found)
	for _, f := range found {
		t.Errorf("CUDA name outside package cuda: %s", f)
	}
}
