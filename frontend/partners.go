// This file links the host code of partner files into a unit's host
// module: a kernel defined in one file and launched from another gets the
// facts of its launch.

package frontend

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// LinkTool is llvm-link-14, which merges host modules.
var LinkTool = Tool{Name: "llvm-link-14", EnvVar: "HGRD_LLVM_LINK", Package: "llvm-14"}

// linkPartners compiles each partner's host side and links them all into
// host's IR, in place. A partner that fails is left out with a note; if
// the link as a whole fails (two files define one symbol, say), the unit
// keeps its own host code alone.
func (l *Loader) linkPartners(ctx context.Context, u *Unit, host *sideOutput, partners []HostSource) {
	link, err := LinkTool.Resolve("")
	if err != nil {
		u.Notes = append(u.Notes, fmt.Sprintf("launches in other files not used: %v", err))
		return
	}
	files := []string{l.scratchFile("unit", host.ir)}
	var linked, inputs []string
	for _, p := range partners {
		out, err := l.compileSide(ctx, p.Config, Host, p.Path)
		if err != nil {
			u.Notes = append(u.Notes, fmt.Sprintf("launches in %s not used: %v", p.Path, err))
			continue
		}
		u.Timings.Clang += out.clang
		u.Timings.Normalise += out.normalise
		files = append(files, l.scratchFile("partner", out.ir))
		linked = append(linked, p.Path)
		inputs = append(inputs, out.inputs...)
	}
	defer func() {
		for _, f := range files {
			os.Remove(f)
		}
	}()
	if len(linked) == 0 {
		return
	}
	start := time.Now()
	merged, stderr, err := run(ctx, link, append([]string{"-S", "-o", "-"}, files...), nil)
	u.Timings.Normalise += time.Since(start)
	if err != nil {
		u.Notes = append(u.Notes, fmt.Sprintf("launches in %v not used: llvm-link-14: %s", linked, firstLine(stderr, err)))
		return
	}
	host.ir = dropReturnAlign(string(merged))
	u.Inputs = mergeInputs(l.preludeDir, u.Inputs, inputs)
}

// scratchFile writes text to a new file in the loader's directory. A
// failed write is left for llvm-link to report as a missing file.
func (l *Loader) scratchFile(prefix, text string) string {
	name := filepath.Join(l.preludeDir, fmt.Sprintf("%s-%d.ll", prefix, depCount.Add(1)))
	_ = os.WriteFile(name, []byte(text), 0o644)
	return name
}
