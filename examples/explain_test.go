package examples

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hgrd/analysis"
	"hgrd/driver"
)

// paperFacts gives, for each race-free program of the HGRD paper's table
// 4, the class of host fact the paper credits for it, as --explain names
// it: "assert", "launch" (grid and block dimensions), "argument"
// (arguments derived from one host value), "loop" or "allocation".
var paperFacts = map[string][]string{
	"copyUppToLow_ok":    {"assert"},
	"copyLowToUpp_ok":    {"assert"},
	"copyFromTp_ok":      {"assert"},
	"reduceFinal_ok":     {"launch"},
	"randomAccess_ok":    {"launch"},
	"expDistance_ok":     {"launch"},
	"toneMapping_ok":     {"launch", "argument"},
	"convSeparable_ok":   {"launch", "argument"},
	"luDecomposition_ok": {"loop"},
	"needlemanWunsch_ok": {"loop"},
	"copyFromVec_ok":     {"allocation"},
	"pitchLinear_ok":     {"allocation"},
}

// quickExplain are the programs of paperFacts whose explanation takes
// under half a minute; the others run with HGRD_EXPLAIN_ALL=1 (about ten
// minutes: explaining re-asks each query once per fact).
var quickExplain = map[string]bool{"randomAccess_ok": true, "needlemanWunsch_ok": true, "pitchLinear_ok": true}

// TestExplainNamesThePaperFact checks that hgrd check --explain, on each
// of those programs, says a race was ruled out by a fact of the class the
// paper names.
func TestExplainNamesThePaperFact(t *testing.T) {
	all := os.Getenv("HGRD_EXPLAIN_ALL") != ""
	for c, classes := range paperFacts {
		if !all && !quickExplain[c] {
			continue
		}
		t.Run(c, func(t *testing.T) {
			files, _ := filepath.Glob(filepath.Join(c, "*.cu"))
			res := driver.Check(context.Background(), files, driver.Options{Options: analysis.Options{Explain: true}})
			named := map[string]bool{}
			for _, f := range res.Files {
				for _, n := range f.Explain {
					_, facts, ok := strings.Cut(n.Message, "ruled out by host facts: ")
					if !ok {
						continue
					}
					for _, class := range []string{"assert", "launch", "argument", "loop", "allocation", "guard"} {
						if strings.Contains(facts, "("+class+" at ") {
							named[class] = true
						}
					}
				}
			}
			for _, class := range classes {
				if !named[class] {
					t.Errorf("no race ruled out by a %s fact; named: %v", class, named)
				}
			}
		})
	}
}

// TestExplainNamesTheChain checks that --explain says which chain of flag
// edges orders sync_chain_ok's write and read: the release of f1, the
// relay's spin, fence and write of f2, and the reader's spin on f2.
func TestExplainNamesTheChain(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("sync_chain_ok", "*.cu"))
	res := driver.Check(context.Background(), files, driver.Options{Options: analysis.Options{Explain: true}})
	var chains []string
	for _, f := range res.Files {
		for _, n := range f.Explain {
			if _, guards, ok := strings.Cut(n.Message, "ruled out by synchronisation: "); ok && strings.Contains(guards, "chain: ") {
				chains = append(chains, guards)
			}
		}
	}
	if len(chains) == 0 {
		t.Fatal("no race ruled out by a chain")
	}
	for _, want := range []string{"release global f1", "acquired by atomicAdd_block at", "passed on by __threadfence at", "to global f2", "acquired by atomicAdd at"} {
		if !strings.Contains(chains[0], want) {
			t.Errorf("the chain %q does not name %q", chains[0], want)
		}
	}
}

// TestExplainNamesTheLongChain checks that --explain says that
// sync_chain_long_ok's chained kernel orders block 0's write before the
// reads of later blocks through its relay site any number of times.
func TestExplainNamesTheLongChain(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("sync_chain_long_ok", "*.cu"))
	res := driver.Check(context.Background(), files, driver.Options{Options: analysis.Options{Explain: true}})
	var chains []string
	for _, f := range res.Files {
		for _, n := range f.Explain {
			if _, guards, ok := strings.Cut(n.Message, "ruled out by synchronisation: "); ok && strings.Contains(guards, "any number of times") {
				chains = append(chains, guards)
			}
		}
	}
	if len(chains) == 0 {
		t.Fatal("no race ruled out by a chain through relay sites any number of times")
	}
	for _, want := range []string{"release global flags[0]", "through relay sites any number of times (global flags[(blockIdx.x - 1)] acquired by atomicAdd at", "passed on by __threadfence at"} {
		if !strings.Contains(chains[0], want) {
			t.Errorf("the chain %q does not name %q", chains[0], want)
		}
	}
}

// TestExplainSpellsUnsignedArguments checks that --explain spells an
// unsigned char argument of 200 as 200, not as its bits read signed.
func TestExplainSpellsUnsignedArguments(t *testing.T) {
	file := filepath.Join(t.TempDir(), "shade.cu")
	src := "__global__ void shade(unsigned char level, float *out) { out[threadIdx.x] = level; }\n" +
		"int main() { float *out; cudaMalloc(&out, 256 * sizeof(float)); shade<<<1, 256>>>(200, out); return 0; }\n"
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res := driver.Check(context.Background(), []string{file}, driver.Options{Options: analysis.Options{Explain: true}})
	var args []string
	for _, f := range res.Files {
		for _, n := range f.Explain {
			if strings.Contains(n.Message, "argument level") {
				args = append(args, n.Message)
			}
		}
	}
	if len(args) != 1 || !strings.HasSuffix(args[0], "= 200") {
		t.Errorf("explained arguments %q, want level = 200", args)
	}
}
