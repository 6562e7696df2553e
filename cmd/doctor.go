// This file defines "hgrd doctor".

package cmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"hgrd/frontend"
	"hgrd/report"
	"hgrd/solver"
)

func newDoctor(tools *toolFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "doctor",
		Short: "check that clang-14, opt-14 and Z3 are installed and work together",
		Long: `doctor checks each tool hgrd needs and says exactly how to install what is
missing, then compiles a small CUDA program through the whole front end.
Exit status 0 when everything works, 2 otherwise.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if !runDoctor(c.OutOrStdout(), tools) {
				return &exitError{report.ExitIncomplete}
			}
			return nil
		},
	}
}

// runDoctor prints one line per check and reports whether all passed.
func runDoctor(w io.Writer, tools *toolFlags) bool {
	ok := true
	for _, t := range []struct {
		tool       frontend.Tool
		configured string
	}{{frontend.ClangTool, tools.clang}, {frontend.OptTool, tools.opt}} {
		path, err := t.tool.Resolve(t.configured)
		if err != nil {
			fmt.Fprintf(w, "%-8s MISSING: %v\n", t.tool.Name+":", err)
			ok = false
			continue
		}
		v, err := t.tool.Version(context.Background(), path)
		if err != nil {
			fmt.Fprintf(w, "%-8s BROKEN: %v; %s\n", t.tool.Name+":", err, t.tool.InstallHint())
			ok = false
			continue
		}
		fmt.Fprintf(w, "%-8s ok: %s (%s)\n", t.tool.Name+":", v, path)
	}
	// hgrd links libz3 dynamically: reaching this line means it loaded.
	fmt.Fprintf(w, "%-8s ok: %s (libz3 loaded; to build hgrd, 'sudo apt-get install -y libz3-dev')\n", "z3:", solver.Z3Version())
	if !ok {
		return false
	}
	tk := frontend.FindToolkit(context.Background(), frontend.Config{Clang: tools.clang, Opt: tools.opt})
	if tk.Rejected != "" {
		fmt.Fprintf(w, "%-8s prelude: %s; hgrd uses its prelude instead\n", "cuda:", tk.Rejected)
	} else {
		fmt.Fprintf(w, "%-8s ok: headers from %s\n", "cuda:", tk.Headers())
	}
	return doctorPipeline(w, tools, tk)
}

// doctorSource is the program the doctor pushes through the front end.
const doctorSource = `__global__ void scale(float *a, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= s;
}
int main() {
  float *a; cudaMalloc(&a, 1024 * sizeof(float));
  scale<<<4, 256>>>(a, 2.0f, 1024);
  return cudaDeviceSynchronize() != cudaSuccess;
}
`

// doctorPipeline compiles doctorSource through the whole front end.
func doctorPipeline(w io.Writer, tools *toolFlags, tk frontend.Toolkit) bool {
	dir, err := os.MkdirTemp("", "hgrd-doctor-")
	if err != nil {
		fmt.Fprintf(w, "%-8s BROKEN: %v\n", "pipeline:", err)
		return false
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "doctor.cu")
	if err := os.WriteFile(path, []byte(doctorSource), 0o644); err != nil {
		fmt.Fprintf(w, "%-8s BROKEN: %v\n", "pipeline:", err)
		return false
	}
	loader, err := frontend.NewLoader(frontend.Config{Clang: tools.clang, Opt: tools.opt, CUDAPath: tk.Path, CUDASource: tk.Source})
	if err == nil {
		defer loader.Close()
		var u *frontend.Unit
		if u, err = loader.Load(context.Background(), path); err == nil {
			fmt.Fprintf(w, "%-8s ok: compiled, normalised and parsed a kernel (%s)\n", "pipeline:", strings.Join(u.KernelNames(), ", "))
			return true
		}
	}
	fmt.Fprintf(w, "%-8s BROKEN: %v\n", "pipeline:", err)
	return false
}
