// This file defines the front end's configuration and locates its tools.

package frontend

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// DefaultGPUArch is the GPU architecture the device side is compiled for:
// sm_70 (Volta) is the first with __syncwarp and independent thread
// scheduling, and has the _block and _system atomics (sm_60 and later).
const DefaultGPUArch = "sm_70"

// Config is the toolchain configuration of a Loader. The zero value is
// usable: tools are looked up on PATH (or in HGRD_CLANG and HGRD_OPT), and
// the prelude answers the CUDA headers (FindToolkit finds a CUDA toolkit
// to set CUDAPath to).
type Config struct {
	Clang       string   // clang-14 binary; default from HGRD_CLANG or PATH
	Opt         string   // opt-14 binary; default from HGRD_OPT or PATH
	GPUArch     string   // --cuda-gpu-arch; default DefaultGPUArch
	CUDAPath    string   // a real CUDA SDK to use instead of the prelude
	CUDASource  string   // where CUDAPath came from (Toolkit.Source), for --explain
	IncludeDirs []string // -I directories
	Defines     []string // -D NAME or NAME=VALUE
	ExtraFlags  []string // further clang flags, passed as they are
}

// Tool describes an external program the front end needs.
type Tool struct {
	Name    string // "clang-14"
	EnvVar  string // variable that overrides the path
	Package string // Debian package that provides it
}

// The tools the front end runs.
var (
	ClangTool = Tool{Name: "clang-14", EnvVar: "HGRD_CLANG", Package: "clang-14"}
	OptTool   = Tool{Name: "opt-14", EnvVar: "HGRD_OPT", Package: "llvm-14"}
)

// fallbackDir is where Debian installs the LLVM 14 binaries under their
// unversioned names.
const fallbackDir = "/usr/lib/llvm-14/bin/"

// Resolve returns the path of the tool: configured, from its environment
// variable, on PATH, or in Debian's LLVM 14 directory, in that order.
func (t Tool) Resolve(configured string) (string, error) {
	name := configured
	if name == "" {
		name = os.Getenv(t.EnvVar)
	}
	if name == "" {
		name = t.Name
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	if configured == "" && os.Getenv(t.EnvVar) == "" {
		base := strings.TrimSuffix(t.Name, "-14")
		if p, err := exec.LookPath(fallbackDir + base); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found (looked for %q): %s", t.Name, name, t.InstallHint())
}

// InstallHint says how to install the tool on Debian or Ubuntu.
func (t Tool) InstallHint() string {
	return fmt.Sprintf("install it with 'sudo apt-get install -y %s', or set %s or the matching flag to its path", t.Package, t.EnvVar)
}

// Version runs the tool with --version and returns the first line that
// names a version.
func (t Tool) Version(ctx context.Context, path string) (string, error) {
	out, err := exec.CommandContext(ctx, path, "--version").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("couldn't run %s --version: %w", path, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "version") {
			return strings.TrimSpace(line), nil
		}
	}
	return strings.TrimSpace(string(out)), nil
}
